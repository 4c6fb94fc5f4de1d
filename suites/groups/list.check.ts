import {
  archivedFilter, badLimitIsNoServerError, defaultPageSizeIsTen, limitIsHonoured, listEnvelope,
} from '../../src/conformance/behaviours/list-pages.ts';
import { check } from '../../src/conformance/checks/define-check.ts';
import { expectEachOnceAcrossPages, requirePagination } from '../../src/conformance/checks/each-once.ts';
import { walkGroups } from '../../src/conformance/checks/list-walk.ts';
import { groups } from '../../src/conformance/checks/resource-under-test.ts';

check('groups.list.envelope', listEnvelope(groups));
check('groups.list.default-page-size', defaultPageSizeIsTen(groups));
check('groups.list.limit', limitIsHonoured(groups));
check('groups.list.archived-filter', archivedFilter(groups));

check('groups.list.pagination', async (context) => {
  requirePagination(context);
  // Archived ones: the archived=true list is narrow, so the whole of it can be walked.
  const own = await groups.createMany(context, 5, 'pagination');
  await Promise.all(own.map((group) => groups.archive(context, group)));
  await expectEachOnceAcrossPages(
    context,
    () => walkGroups(context, { archived: true }, { limit: 2 }),
    own.map((group) => group.id),
    'archived groups (archived=true, limit=2)',
  );
});

check('groups.list.bad-limit', badLimitIsNoServerError(groups));
