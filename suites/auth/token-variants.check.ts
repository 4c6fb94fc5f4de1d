import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { expectBody, expectNoServerError, expectThat } from '../../harness/checks/expect.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { createOwnResources } from '../../harness/checks/own-resources.ts';
import { expectEveryOperationRejected } from './rejection.ts';
import { made, schemeVariants, swapCase, tokenVariants } from '../../harness/checks/wrong-credentials.ts';

const eitherRule =
  '§5 writes "Bearer <ACCESS_TOKEN>" and no more (RFC 7235 §2.1: the scheme is case-insensitive, 1*SP before the token; RFC 9110 §5.3: Authorization is no list, so two are no valid request): a server may serve the token\'s user or refuse, never fail (profile: auth-scheme-spelling)';

/** A success acts for the token's user: the owner's own object, as the owner gets it. */
function expectOwnersObject(response: ApiResponse, schema: 'conversation' | 'group', id: string, what: string): void {
  const object = expectBody(response, schema) as Conversation | Group;
  expectThat(
    object.id === id,
    response,
    `the owner's ${schema} ${id} in a success for ${what} (${eitherRule})`,
    `${schema} ${String(object.id)}`,
  );
}

async function expectNoServerErrorForEach(context: CheckContext): Promise<void> {
  const own = await createOwnResources(context, 'auth-scheme-variants');
  const variants = schemeVariants(context.target.accessToken, `msgapi-${context.target.runId}-unknown-token`);
  // Each variant once, on the two retrieves in turn: they change nothing, and a success shows whose it is.
  for (const [index, { label, credentials }] of variants.entries()) {
    const client = context.client.as(credentials);
    const [schema, id, response] =
      index % 2 === 0
        ? (['conversation', own.conversation.id, await client.retrieveConversation(own.conversation.id)] as const)
        : (['group', own.group.id, await client.retrieveGroup(own.group.id)] as const);
    const what = `GET /v1/${schema}s/:id of the owner's ${schema}, sent with ${label}`;
    expectNoServerError(context.profile, response, `${what} (${eitherRule})`);
    if (context.profile.isSuccess(response.status)) expectOwnersObject(response, schema, id, what);
    else {
      expectThat(
        context.profile.isAuthRefusal(response.status) || context.profile.isRefusal(response.status),
        response,
        `a success or a refusal (${context.profile.describe('auth-refusal-status')}, or ${context.profile.describe('refusal-status')}) for ${what} (${eitherRule})`,
        `status ${response.status}`,
      );
    }
  }
}

export const checks = [
  defineCheck(
    {
      id: 'auth.token-variants.rejected',
      title:
        'every endpoint rejects the valid token changed (a character added, removed or changed, written twice, wrapped in junk) with a 4xx, shows no data and changes nothing',
      level: 'security',
      assumes: [
        'auth-refusal-status',
        'contact-fields',
        'last-active-at',
        'last-opened-at',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
      ],
      tags: ['conversations', 'groups'],
    },
    (context) => expectEveryOperationRejected(context, tokenVariants(context.target.accessToken)),
  ),
  defineCheck(
    {
      id: 'auth.token-variants.case-swapped-rejected',
      title:
        'every endpoint rejects the valid token with its letter case swapped with a 4xx, shows no data and changes nothing',
      level: 'security',
      assumes: [
        'auth-refusal-status',
        'contact-fields',
        'last-active-at',
        'last-opened-at',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
        'token-case',
      ],
      tags: ['conversations', 'groups'],
    },
    (context) => {
      // §5: the header carries the ACCESS_TOKEN; a token in other letters is another token (the
      // comparison of secrets is exact; profile: token-case). A token without letters has no other case.
      const token = context.target.accessToken;
      const swapped = swapCase(token);
      if (swapped === token) return context.skip('ACCESS_TOKEN has no letters, so it has no other letter case to send');
      return expectEveryOperationRejected(context, [
        made('the valid token with the case of every letter swapped', swapped, '${ACCESS_TOKEN~~}'),
      ]);
    },
  ),
  defineCheck(
    {
      id: 'auth.token-variants.scheme-no-server-error',
      title:
        'the valid token with the scheme in other letter case, two spaces, or beside a second Authorization header gets a success as its user or a refusal, never a 5xx',
      level: 'robustness',
      assumes: ['auth-refusal-status', 'auth-scheme-spelling', 'error-body', 'success-status'],
      tags: ['conversations', 'groups'],
    },
    expectNoServerErrorForEach,
  ),
];

registerWhenRunByVitest(import.meta, checks);
