import { archivedIsDeleted, deletedIsNotListed, deletedIsNotRetrievable } from '../../harness/behaviours/delete.ts';
import { deleteUnknownIdIsRefused } from '../../harness/behaviours/retrieve.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { expectThat } from '../../harness/checks/expect.ts';
import { createGroup, deleteResource } from '../../harness/checks/fixtures.ts';
import { walkConversations } from '../../harness/checks/list-walk.ts';

export const checks = [
  defineCheck(
    {
      id: 'groups.delete.not-retrievable',
      title: 'a deleted group can no longer be retrieved',
      level: 'spec',
    },
    deletedIsNotRetrievable(groups),
  ),

  defineCheck(
    {
      id: 'groups.delete.not-listed',
      title: 'a deleted group is no longer listed',
      level: 'spec',
    },
    deletedIsNotListed(groups),
  ),

  defineCheck(
    {
      id: 'groups.delete.archived',
      title: 'an archived group can be deleted too (§3: DELETE from any state): the DELETE succeeds and it can no longer be retrieved',
      level: 'spec',
    },
    archivedIsDeleted(groups),
  ),

  defineCheck(
    {
      id: 'groups.delete.cascade',
      title: 'deleting a group removes its conversation too: not retrievable, not listed under its group_id',
      level: 'spec',
    },
    async (context) => {
      const { group } = await createGroup(context);
      await deleteResource(context, 'group', group.id, 'groups.delete.not-retrievable');
      const response = await context.client.retrieveConversation(group.conversation_id);
      expectThat(
        context.profile.isUnknownIdAnswer(response.status),
        response,
        `§3: deleting a group removes "the group, including its messages", which live in its conversation ${group.conversation_id}; retrieving that conversation gets a 4xx`,
        `status ${response.status}`,
      );
      // A server may refuse group_id of a group that no longer exists (§7 leaves errors open): that
      // lists nothing too. Otherwise the whole filtered list is read and must not hold any conversation.
      const first = await context.client.listConversations({ group_id: group.id });
      if (context.profile.isRefusal(first.status)) return;
      const walk = await walkConversations(context, { group_id: group.id }, { expect: { holds: (items) => items.length === 0 } });
      expectThat(
        walk.items.length === 0,
        walk.pages.at(-1)!,
        `no conversation listed under group_id=${group.id} after the group was deleted (§3: removed permanently)`,
        `${walk.items.length} listed: ${walk.items.map((item) => item.id).join(', ')}`,
      );
    },
  ),

  defineCheck(
    {
      id: 'groups.delete.unknown-id',
      title: 'deleting an id that does not exist gets the unknown-id answer or, as an idempotent DELETE may, a DELETE\'s success; never a 5xx',
      level: 'robustness',
    },
    deleteUnknownIdIsRefused(groups),
  ),
];

registerWhenRunByVitest(import.meta, checks);
