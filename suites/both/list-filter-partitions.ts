// The archived filter for archived_at of any timestamp (§4.1, §4.2, §3), both resources alike. Each
// resource's filters walked in pages are its own file's: they have different filters.
import { archivedAtAnyTimestamp } from '../../harness/behaviours/filter-partitions.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

export const listFilterPartitionChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => ({
  archivedAnyTimestamp: defineCheck(
    {
      id: `${resource.plural}.list.archived-any-timestamp`,
      title: `a ${resource.kind} archived at the epoch, now or in the future is listed under archived=true, whichever of these timestamps the server accepts`,
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
    archivedAtAnyTimestamp(resource),
  ),
});
