import type { Credentials } from '../../lib/core/client/credentials.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectBody, expectStatusOf, expectThat } from '../../harness/checks/expect.ts';

const wrong: Array<[string, Credentials]> = [
  ['no Authorization header', { kind: 'none' }],
  ['the header "Authorization: Bearer"', { kind: 'header', value: 'Bearer' }],
  ['an unknown Bearer token', { kind: 'header', value: 'Bearer msgapi-read-only-unknown-token' }],
];

export const checks = [
  defineCheck(
    {
      id: 'readonly.auth.rejected',
      title:
        'the list and retrieve endpoints reject a missing, malformed or unknown credential with a 4xx and show no data',
      level: 'security',
      assumes: ['auth-refusal-status'],
      tags: ['conversations', 'groups'],
      readOnly: true,
    },
    async (context) => {
      // Ids the target holds, when it holds any: a refused retrieve of them must not show them.
      const conversationId = expectBody(await context.client.listConversations({ limit: 1 }), 'conversation-list')
        .data[0]?.id;
      const groupId = expectBody(await context.client.listGroups({ limit: 1 }), 'group-list').data[0]?.id;
      for (const [label, credentials] of wrong) {
        const client = context.client.as(credentials);
        const requests = [
          client.listConversations(),
          client.listGroups(),
          ...(conversationId ? [client.retrieveConversation(conversationId)] : []),
          ...(groupId ? [client.retrieveGroup(groupId)] : []),
        ];
        for (const response of await Promise.all(requests)) {
          expectStatusOf(
            context.profile,
            'auth-refusal-status',
            response,
            `${response.exchange.method} ${response.exchange.url} with ${label} (§5: every request carries Authorization: Bearer <ACCESS_TOKEN>)`,
          );
          const shown = [conversationId, groupId].filter(
            (id): id is string =>
              id !== undefined && response.text.includes(`"${id}"`) && !response.exchange.url.includes(id),
          );
          expectThat(
            shown.length === 0,
            response,
            `no data in the answer to a request with ${label} (§5: every request carries Authorization: Bearer <ACCESS_TOKEN>)`,
            `a body that names ${shown.join(', ')}`,
          );
        }
      }
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
