// The group list's archived filter by partition (§4.2, §3): walked in pages of one and two, and
// archived_at of any timestamp. The suite never sends a filter set to false (profile: filter-false).
import { expectEachOwnOnceInPages } from '../../harness/behaviours/filter-partitions.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { requirePagination } from '../../harness/checks/each-once.ts';
import { createGroup, createGroups } from '../../harness/checks/fixtures.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { listFilterPartitionChecks } from '../both/list-filter-partitions.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(listFilterPartitionChecks(groups), (shared) => [
  defineCheck(
    {
      id: 'groups.list.filter-pages',
      title:
        "archived=true walked with limit 1 and 2 lists every one of the suite's archived groups exactly once, on full pages, and no active group",
      level: 'spec',
      assumes: [
        'filter-false',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
        'timestamp-unit',
      ],
    },
    async (context) => {
      requirePagination(context);
      // Two archived among active ones, an active one last, so that the archived ones do not start the list.
      const [first, , second] = await createGroups(context, 3, 'filter-pages');
      const archived = [await groups.archive(context, first!), await groups.archive(context, second!)];
      await createGroup(context);
      for (const limit of [1, 2]) {
        await expectEachOwnOnceInPages(
          context,
          groups,
          { archived: true },
          limit,
          (item) => item.archived_at !== null,
          archived,
          'archived',
        );
      }
    },
  ),

  shared.archivedAnyTimestamp,
]);

registerWhenRunByVitest(import.meta, checks);
