import { deletedIsNotRetrievable } from '../../src/conformance/behaviours/delete.ts';
import { deleteUnknownIdIsRefused } from '../../src/conformance/behaviours/retrieve.ts';
import { check } from '../../src/conformance/checks/define-check.ts';
import { groups } from '../../src/conformance/checks/resource-under-test.ts';
import { expectThat } from '../../src/conformance/checks/expect.ts';
import { createGroup, deleteResource, updateGroup } from '../../src/conformance/checks/fixtures.ts';
import { hasAll, walkConversations, walkGroups } from '../../src/conformance/checks/list-walk.ts';

check('groups.delete.not-retrievable', deletedIsNotRetrievable(groups));

check('groups.delete.not-listed', async (context) => {
  const { group } = await createGroup(context);
  // Archived first: the list of archived groups is short enough to read whole.
  await updateGroup(context, group.id, { archived_at: group.created_at }, 'groups.archive.sets-timestamp');
  await deleteResource(context, 'group', group.id, 'groups.delete.not-retrievable');
  const walk = await walkGroups(context, { archived: true }, { stopWhen: hasAll([group.id]) });
  const listed = walk.items.some((item) => item.id === group.id);
  expectThat(!listed, walk.pages.at(-1)!, `the deleted group ${group.id} no longer listed under archived=true (§3: removed permanently)`, 'still listed');
  if (!walk.complete) context.skip(`the whole archived=true list could not be read, so absence is unproven: ${walk.stoppedBecause}`);
});

check('groups.delete.cascade', async (context) => {
  const { group } = await createGroup(context);
  await deleteResource(context, 'group', group.id, 'groups.delete.not-retrievable');
  const response = await context.client.retrieveConversation(group.conversation_id);
  expectThat(
    response.status >= 400 && response.status < 500,
    response,
    `§3: deleting a group removes "the group, including its messages", which live in its conversation ${group.conversation_id}; retrieving that conversation gets a 4xx`,
    `status ${response.status}`,
  );
  // A server may refuse group_id of a group that no longer exists (§7 leaves errors open): that
  // lists nothing too. Otherwise the whole filtered list is read and must not hold any conversation.
  const first = await context.client.listConversations({ group_id: group.id });
  if (first.status >= 400 && first.status < 500) return;
  const walk = await walkConversations(context, { group_id: group.id });
  expectThat(
    walk.items.length === 0,
    walk.pages.at(-1)!,
    `no conversation listed under group_id=${group.id} after the group was deleted (§3: removed permanently)`,
    `${walk.items.length} listed: ${walk.items.map((item) => item.id).join(', ')}`,
  );
});

check('groups.delete.unknown-id', deleteUnknownIdIsRefused(groups));
