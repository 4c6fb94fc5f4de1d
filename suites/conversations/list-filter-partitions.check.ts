// The conversation list's filters by partition (§4.1, §3): every pair of filters given together
// (a pairwise covering set of the check's own conversations), each filter walked in pages of one
// and two, group_id as an exact match, a group_id that names no group, and archived_at of any
// timestamp. The suite never sends a filter set to false (profile: filter-false).
import {
  allFlags,
  expectEachOwnOnceInPages,
  flags,
  withFlags,
  type Flag,
} from '../../harness/behaviours/filter-partitions.ts';
import type { Conversation } from '../../lib/api/resources.ts';
import { expectFilter } from '../../harness/behaviours/list-pages.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { requirePagination } from '../../harness/checks/each-once.ts';
import { expectBody, expectNoServerError, expectThat } from '../../harness/checks/expect.ts';
import {
  createConversation,
  createConversations,
  createGroup,
  createGroups,
  deleteResource,
  groupConversation,
} from '../../harness/checks/fixtures.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { listFilterPartitionChecks } from '../both/list-filter-partitions.ts';
import { inFileOrder } from '../both/shared-checks.ts';

const pairs = allFlags.flatMap((first, index) => allFlags.slice(index + 1).map((second) => [first, second] as const));

/**
 * GET /v1/conversations?group_id=<value> for a value that names no group of the user's: a page, a
 * refusal or an unknown-id answer (§7 leaves which open), never a 5xx; a page holds only
 * conversations whose group_id is exactly the value (or the group a retrieve of it showed).
 */
async function expectExactGroupId(
  context: CheckContext,
  value: string,
  partition: string,
  named?: string,
): Promise<void> {
  const what = `GET /v1/conversations?group_id= with ${partition}`;
  const response = await context.client.listConversations({ group_id: value });
  expectNoServerError(context.profile, response, what);
  if (!context.profile.isSuccess(response.status)) {
    expectThat(
      context.profile.isRefusal(response.status) || context.profile.isUnknownIdAnswer(response.status),
      response,
      `a page, ${context.profile.describe('refusal-status')} (a refusal) or ${context.profile.describe('unknown-id-status')} (an unknown id) for ${what} (§7)`,
      `status ${response.status}`,
    );
    return;
  }
  const page = expectBody(response, 'conversation-list', `the list for ${partition}`);
  const wrong = page.data.filter((item) => item.group_id !== value && (named === undefined || item.group_id !== named));
  expectThat(
    wrong.length === 0,
    response,
    `only conversations whose group_id is exactly ${JSON.stringify(value)} (${partition}) (§4.1: "Only conversations of the given group are returned")`,
    `also ${wrong.map((item) => `${item.id} (group_id ${JSON.stringify(item.group_id)})`).join(', ')}`,
  );
}

/** The same id in the other letter case, when it has one. */
function otherCase(id: string): string | undefined {
  const upper = id.toUpperCase();
  if (upper !== id) return upper;
  const lower = id.toLowerCase();
  return lower !== id ? lower : undefined;
}

export const checks = inFileOrder(listFilterPartitionChecks(conversations), (shared) => [
  defineCheck(
    {
      id: 'conversations.list.filter-pairs',
      title:
        "any two of muted, pinned and archived given together list only conversations matching both, the suite's matching ones among them",
      level: 'spec',
      assumes: [
        'default-list-scope',
        'filter-false',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
      ],
    },
    async (context) => {
      // A pairwise covering set: for every pair, one conversation with both flags (all three),
      // one with only the first and one with only the second.
      const created = await createConversations(context, 4, 'filter-pairs');
      const sets: ReadonlyArray<readonly Flag[]> = [
        ['muted', 'pinned', 'archived'],
        ['muted'],
        ['pinned'],
        ['archived'],
      ];
      const own: Conversation[] = [];
      for (const [index, set] of sets.entries()) own.push(await withFlags(context, created[index]!, set));
      for (const [first, second] of pairs) {
        const both = (item: Conversation) => flags[first].holds(item) && flags[second].holds(item);
        await expectFilter(
          context,
          conversations,
          { [first]: true, [second]: true },
          both,
          own.filter(both),
          `${first} and ${second}`,
        );
      }
    },
  ),

  defineCheck(
    {
      id: 'conversations.list.group-id-and-flag',
      title:
        "group_id given with muted, pinned or archived lists only that group's conversations that match the flag, the group's own when it does",
      level: 'spec',
      assumes: ['filter-false', 'list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status'],
    },
    async (context) => {
      // Two groups whose conversations hold opposite flags, and a one-to-one conversation with all
      // three: for each flag and group, a pair (group, flag) both true, one false, or the other.
      const created = await createGroups(context, 2, 'group-and-flag');
      const first = await withFlags(context, await groupConversation(context, created[0]!), ['muted', 'pinned']);
      const second = await withFlags(context, await groupConversation(context, created[1]!), ['archived']);
      await withFlags(context, (await createConversation(context)).conversation, allFlags);
      for (const flag of allFlags) {
        for (const own of [first, second]) {
          const both = (item: Conversation) => item.group_id === own.group_id && flags[flag].holds(item);
          await expectFilter(
            context,
            conversations,
            { group_id: own.group_id!, [flag]: true },
            both,
            both(own) ? [own] : [],
            `${flag} conversations of group ${own.group_id} (both filters)`,
          );
        }
      }
    },
  ),

  defineCheck(
    {
      id: 'conversations.list.filter-pages',
      title:
        "each filter walked with limit 1 and 2 lists every one of the suite's matching conversations exactly once, on full pages, and nothing that does not match",
      level: 'spec',
      assumes: [
        'default-list-scope',
        'filter-false',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
      ],
    },
    async (context) => {
      requirePagination(context);
      // The group first and an unflagged conversation last, so that neither matching set starts the list.
      const { group } = await createGroup(context);
      const created = await createConversations(context, 4, 'filter-pages');
      const sets: ReadonlyArray<readonly Flag[]> = [
        ['muted', 'pinned', 'archived'],
        ['muted'],
        ['pinned', 'archived'],
        ['muted', 'pinned', 'archived'],
      ];
      const own: Conversation[] = [];
      for (const [index, set] of sets.entries()) own.push(await withFlags(context, created[index]!, set));
      await createConversation(context);
      for (const limit of [1, 2]) {
        for (const flag of allFlags) {
          await expectEachOwnOnceInPages(
            context,
            conversations,
            { [flag]: true },
            limit,
            flags[flag].holds,
            own.filter(flags[flag].holds),
            flag,
          );
        }
        await expectEachOwnOnceInPages(
          context,
          conversations,
          { group_id: group.id },
          limit,
          (item) => item.group_id === group.id,
          [{ id: group.conversation_id, archived_at: null }],
          `group ${group.id}'s`,
        );
      }
    },
  ),

  defineCheck(
    {
      id: 'conversations.list.group-id-exact',
      title:
        "group_id matches exactly: a prefix of a group's id, the id with a character appended or in the other letter case lists none of that group's conversations",
      level: 'spec',
      assumes: ['filter-false', 'success-status'],
    },
    async (context) => {
      const { group } = await createGroup(context);
      const near = [
        ...(group.id.length > 1
          ? [{ value: group.id.slice(0, -1), partition: `the group id ${group.id} without its last character` }]
          : []),
        { value: `${group.id}0`, partition: `the group id ${group.id} with a character appended` },
        ...(otherCase(group.id) === undefined
          ? []
          : [{ value: otherCase(group.id)!, partition: `the group id ${group.id} in the other letter case` }]),
      ];
      for (const { value, partition } of near) {
        // A server may take the value as naming a group (ids are opaque, §2.2); then its filter
        // may too. Otherwise the value names no group, and the group's conversation is not "of" it.
        const retrieved = await context.client.retrieveGroup(value);
        const body = retrieved.body as { id?: unknown } | undefined;
        const named = context.profile.isSuccess(retrieved.status) && typeof body?.id === 'string' ? body.id : undefined;
        await expectExactGroupId(context, value, partition, named);
      }
    },
  ),

  defineCheck(
    {
      id: 'conversations.list.group-id-unknown',
      title:
        'a group_id of a deleted group or of none lists no conversation of another group (or is refused), never a 5xx',
      level: 'spec',
      assumes: ['delete-answer', 'filter-false', 'success-status'],
    },
    async (context) => {
      // Another group of the suite's own, so that the target holds a conversation of another group.
      const [, deleted] = await createGroups(context, 2, 'group-id-unknown');
      await deleteResource(context, 'group', deleted!.id, 'groups.delete.not-retrievable');
      await expectExactGroupId(context, deleted!.id, `the id of the deleted group ${deleted!.id}`);
      await expectExactGroupId(context, context.names.unknownId('group'), 'an id that no group ever had');
    },
  ),

  shared.archivedAnyTimestamp,
]);

registerWhenRunByVitest(import.meta, checks);
