import type { Group } from '../../src/api/resources.ts';
import type { CheckContext } from '../../src/checks/check-context.ts';
import { check } from '../../src/checks/define-check.ts';
import { expectBody, expectClientError, expectNoServerError, expectSuccess, expectThat } from '../../src/checks/expect.ts';
import { createGroup, createGroups, updateGroup } from '../../src/checks/fixtures.ts';
import { expectEachOnceAcrossPages } from '../../src/checks/each-once.ts';
import { hasAll, walkGroups } from '../../src/checks/list-walk.ts';

/** Archives each group with its own created_at, a timestamp in the server's unit (§2). */
async function archiveAll(context: CheckContext, groups: readonly Group[]): Promise<void> {
  await Promise.all(groups.map((group) => updateGroup(context, group.id, { archived_at: group.created_at }, 'groups.archive.sets-timestamp')));
}

check('groups.list.envelope', async (context) => {
  // One group of the suite's own, so that the page is not empty on an empty target.
  await createGroup(context);
  const response = await context.client.listGroups();
  expectSuccess(response, 'GET /v1/groups');
  expectBody(response, 'group-list', 'the list');
});

check('groups.list.default-page-size', async (context) => {
  // Eleven of the suite's own: more than ten exist whatever else the target holds.
  await createGroups(context, 11, 'page-size');
  const response = await context.client.listGroups();
  expectSuccess(response, 'GET /v1/groups without limit');
  const list = expectBody(response, 'group-list', 'the list');
  expectThat(list.data.length === 10, response, '§4.2, §8: exactly 10 groups, the default page size, when more than ten exist', `${list.data.length} groups`);
  expectThat(list.has_more, response, '§4.2: has_more true, since more than ten groups exist', 'has_more false');
});

check('groups.list.limit', async (context) => {
  await createGroups(context, 3, 'limit');
  const response = await context.client.listGroups({ limit: 2 });
  expectSuccess(response, 'GET /v1/groups?limit=2');
  const list = expectBody(response, 'group-list', 'the list');
  expectThat(list.data.length === 2, response, '§4.2: limit=2 returns exactly 2 groups when at least three exist', `${list.data.length} groups`);
  expectThat(list.has_more, response, '§4.2: has_more true, since more than two groups exist', 'has_more false');
});

check('groups.list.archived-filter', async (context) => {
  // Two archived and one active group of the suite's own: a server that ignores the filter lists the active one.
  const groups = await createGroups(context, 3, 'archived-filter');
  const archived = groups.slice(0, 2);
  await archiveAll(context, archived);
  const ids = archived.map((group) => group.id);
  const walk = await walkGroups(context, { archived: true }, { stopWhen: hasAll(ids) });
  for (const [index, page] of walk.pages.entries()) {
    const active = expectBody(page, 'group-list').data.filter((item) => item.archived_at === null);
    expectThat(
      active.length === 0,
      page,
      `§4.2: archived=true returns only archived groups (archived_at not null); page ${index + 1} of the walk`,
      `active groups listed: ${active.map((item) => item.id).join(', ')}`,
    );
  }
  const missing = ids.filter((id) => !walk.items.some((item) => item.id === id));
  if (missing.length > 0 && !walk.complete) context.skip(`the suite's archived groups were not all among the pages read: ${walk.stoppedBecause}`);
  expectThat(missing.length === 0, walk.pages.at(-1)!, `the suite's archived groups ${ids.join(', ')} listed under archived=true (§3, §4.2)`, `${missing.join(', ')} not listed`);
});

check('groups.list.pagination', async (context) => {
  if (context.target.pagination.kind === 'none') {
    context.skip('PAGINATION=none: the spec shows no way to the next page (§4.3), so pages cannot be walked');
  }
  // Archived ones: the archived=true list is narrow, so the whole of it can be walked.
  const groups = await createGroups(context, 5, 'pagination');
  await archiveAll(context, groups);
  await expectEachOnceAcrossPages(
    context,
    () => walkGroups(context, { archived: true }, { limit: 2 }),
    groups.map((group) => group.id),
    'archived groups (archived=true, limit=2)',
  );
});

check('groups.list.bad-limit', async (context) => {
  // One group of the suite's own, so that an accepted page has something to validate.
  await createGroup(context);
  for (const limit of [0, -1, 1_000_000, 'abc']) {
    const response = await context.client.call('listGroups', { query: { limit } });
    const what = `GET /v1/groups?limit=${limit}`;
    expectNoServerError(response, what);
    if (response.status >= 200 && response.status < 300) {
      // §8 leaves the maximum open: a page (clamped, for a huge limit) is as good as a refusal.
      expectBody(response, 'group-list', `the list for limit=${limit}`);
    } else {
      expectClientError(response, `${what}, when not answered with a page`);
    }
  }
});
