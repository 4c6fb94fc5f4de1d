// Two users sending the same request close together. A server may key some state without the
// user: a cache by URL, a replay guard by body, a uniqueness by name or by contact. Then the same
// request of another user is answered from the first user's: an object of theirs handed over, a
// list of theirs shown. §5 is broken, and no check that sends one user's requests alone sees it.
import type { ApiClient, ApiResponse } from '../../lib/core/client/api-client.ts';
import type { ResourceKind } from '../../lib/core/safety/created-resources.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { CheckFailure } from '../../harness/checks/check-failure.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { prerequisite, recordCreated } from '../../harness/checks/fixtures.ts';
import { expectThat } from '../../harness/checks/expect.ts';
import { expectNoOwnData } from '../../harness/checks/own-resources.ts';
import { isolationRule, secondUser } from './other-user.ts';
import { withSecondUserObjects } from './second-user-objects.ts';

interface Pair {
  kind: ResourceKind;
  path: string;
  first: { id: string; answer: ApiResponse };
  second: { id: string; answer: ApiResponse };
}

const idOf = (response: ApiResponse): string | undefined => {
  const id = (response.body as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The same create, sent by one user right after the other, answered for each: two objects, each its sender's.
 * One refused is not judged here (a name or contact a server keeps unique across users is another
 * question): undefined, and the check says so.
 */
function ownObjects(
  context: CheckContext,
  kind: ResourceKind,
  path: string,
  answers: [ApiResponse, ApiResponse],
): Pair | undefined {
  const [first, second] = answers;
  const schema = kind === 'group' ? 'group' : 'conversation';
  const blamed = kind === 'group' ? 'groups.create.defaults' : 'conversations.create.defaults';
  if (!context.profile.isSuccess(first.status) || !context.profile.isSuccess(second.status)) return undefined;
  prerequisite(first, schema, `the first user's POST ${path}`, blamed);
  prerequisite(second, schema, `the second user's same POST ${path}, sent right after it`, blamed);
  const firstId = idOf(first)!;
  const secondId = idOf(second)!;
  if (firstId === secondId)
    throw new CheckFailure({
      expected: `the second user's POST ${path}, the same as the first user's and sent right after it, to create that user's own ${kind} (${isolationRule})`,
      received: `the first user's ${kind} ${firstId}: both answers name the same ${kind}`,
      exchange: second.exchange,
    });
  return { kind, path, first: { id: firstId, answer: first }, second: { id: secondId, answer: second } };
}

/**
 * The same retrieve, each user's right after the other's: the owner's answer is first (a cache by
 * URL holds it), then the other user's, which must be refused and show nothing of the object.
 */
async function sameRetrieve(context: CheckContext, second: ApiClient, pair: Pair): Promise<void> {
  for (const [owner, other, id, whose] of [
    [context.client, second, pair.first.id, 'first'],
    [second, context.client, pair.second.id, 'second'],
  ] as const) {
    // The premise: the owner's retrieve succeeds, so that state keyed by this URL now holds the object.
    const own =
      pair.kind === 'group'
        ? {
            group: prerequisite(
              await owner.retrieveGroup(id),
              'group',
              `the ${whose} user's GET /v1/groups/${id}`,
              'groups.retrieve.same-object',
            ),
          }
        : {
            conversation: prerequisite(
              await owner.retrieveConversation(id),
              'conversation',
              `the ${whose} user's GET /v1/conversations/${id}`,
              'conversations.retrieve.same-object',
            ),
          };
    const answer = pair.kind === 'group' ? await other.retrieveGroup(id) : await other.retrieveConversation(id);
    const what = `the other user's GET ${pair.path}/${id}, the same request the ${whose} user had just sent`;
    expectThat(
      context.profile.isForeignIdAnswer(answer.status),
      answer,
      `a refusal (403, 404 or another error status) for ${what} (${isolationRule})`,
      `status ${answer.status}`,
    );
    expectNoOwnData(answer, own, [id], what, isolationRule);
  }
}

/** The same first page of a list, each user's right after the other's: neither shows the other's object. */
async function sameList(context: CheckContext, second: ApiClient, pair: Pair): Promise<void> {
  const list = (client: ApiClient) =>
    pair.kind === 'group' ? client.listGroups({ limit: 100 }) : client.listConversations({ limit: 100 });
  for (const [client, others, whose] of [
    [context.client, pair.second.id, 'first'],
    [second, pair.first.id, 'second'],
    [context.client, pair.second.id, 'first'],
  ] as const) {
    const page = await list(client);
    const data = (page.body as { data?: unknown } | undefined)?.data;
    if (!context.profile.isSuccess(page.status) || !Array.isArray(data)) continue;
    if (data.some((item) => (item as { id?: unknown } | null)?.id === others))
      throw new CheckFailure({
        expected: `the ${whose} user's GET ${pair.path}?limit=100, the same request the other user sent a moment before, never to list the other user's ${pair.kind} ${others} (${isolationRule})`,
        received: `${others} is listed`,
        exchange: page.exchange,
      });
  }
}

export const checks = [
  defineCheck(
    {
      id: 'isolation.same-request.other-user',
      title:
        'two users sending the same requests close together each get their own: two creates make two objects, and a read shows each only theirs',
      level: 'security',
      assumes: ['foreign-id-status', 'success-status', 'unknown-id-status'],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      const second = await secondUser(context);
      // Both users send byte for byte the same creates, the second user's as soon as the first's
      // are answered: state keyed without the user then holds the first user's objects.
      const name = context.names.groupName('same-request');
      const contact = context.names.contactId('same-request');
      const firstAnswers = await Promise.all([
        context.client.createGroup({ name }),
        context.client.createConversation({ contact_id: contact }),
      ]);
      const secondAnswers = await Promise.all([
        second.createGroup({ name }),
        second.createConversation({ contact_id: contact }),
      ]);
      const groups: [ApiResponse, ApiResponse] = [firstAnswers[0], secondAnswers[0]];
      const conversations: [ApiResponse, ApiResponse] = [firstAnswers[1], secondAnswers[1]];
      // The first user's: deleted by the check's cleanup; never the second user's to delete.
      const firstGroupConversation = (groups[0].body as { conversation_id?: unknown } | undefined)?.conversation_id;
      const firstIds = [
        recordCreated(context, 'group', groups[0].body),
        recordCreated(context, 'conversation', conversations[0].body),
        firstGroupConversation,
      ].filter((id): id is string => typeof id === 'string');
      await withSecondUserObjects(context, second, firstIds, async (objects) => {
        objects.record('group', groups[1]);
        objects.record('conversation', conversations[1]);
        const pairs = [
          ownObjects(context, 'group', '/v1/groups', groups),
          ownObjects(context, 'conversation', '/v1/conversations', conversations),
        ];
        for (const pair of pairs) if (pair !== undefined) await sameRetrieve(context, second, pair);
        for (const pair of pairs) if (pair !== undefined) await sameList(context, second, pair);
        const refused = pairs.flatMap((pair, index) =>
          pair === undefined ? [index === 0 ? 'groups' : 'conversations'] : [],
        );
        if (refused.length === pairs.length)
          context.skip(
            `one of the two users' same creates was refused for ${refused.join(' and ')}: what a server keeps unique across users is not this check's to judge, and nothing was left to compare`,
          );
      });
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
