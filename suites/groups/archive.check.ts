import { check } from '../../src/checks/define-check.ts';
import { expectBody, expectFields, expectSuccess, expectThat } from '../../src/checks/expect.ts';
import { createGroup, updateGroup } from '../../src/checks/fixtures.ts';
import { hasAll, walkGroups } from '../../src/checks/list-walk.ts';

check('groups.archive.sets-timestamp', async (context) => {
  const { group } = await createGroup(context);
  // A timestamp in the server's own unit (§2 leaves the unit open): its own created_at.
  const archivedAt = group.created_at;
  const response = await context.client.updateGroup(group.id, { archived_at: archivedAt });
  expectSuccess(response, 'PUT /v1/groups/:id with archived_at');
  const archived = expectBody(response, 'group', 'the archived group');
  expectFields(response, archived, { archived_at: archivedAt }, '§3: archived_at holds the timestamp given');
  const retrieved = await context.client.retrieveGroup(group.id);
  expectSuccess(retrieved, 'GET /v1/groups/:id after archiving');
  expectFields(retrieved, expectBody(retrieved, 'group'), { archived_at: archivedAt }, '§3: archived_at holds the timestamp given');
});

check('groups.archive.listed-as-archived', async (context) => {
  const { group } = await createGroup(context);
  await updateGroup(context, group.id, { archived_at: group.created_at }, 'groups.archive.sets-timestamp');
  const walk = await walkGroups(context, { archived: true }, { stopWhen: hasAll([group.id]) });
  const found = walk.items.some((item) => item.id === group.id);
  if (!found && !walk.complete) context.skip(`the archived group was not among the pages read: ${walk.stoppedBecause}`);
  expectThat(found, walk.pages.at(-1)!, `the archived group ${group.id} listed under archived=true (§3, §4.2)`, `not listed in ${walk.pages.length} page(s)`);
});

check('groups.archive.active-not-listed', async (context) => {
  const { group } = await createGroup(context);
  const walk = await walkGroups(context, { archived: true }, { stopWhen: hasAll([group.id]) });
  const listed = walk.items.some((item) => item.id === group.id);
  expectThat(!listed, walk.pages.at(-1)!, `the active group ${group.id} not listed under archived=true (§4.2: only archived groups)`, 'listed');
  if (!walk.complete) context.skip(`the whole archived=true list could not be read, so absence is unproven: ${walk.stoppedBecause}`);
});
