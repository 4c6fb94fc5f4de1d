// archived_at by partition (§2: timestamps), both resources alike.
import { archivedAtPartitions } from '../../harness/behaviours/timestamps.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

export const timestampChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => ({
  archivedAtPartitions: defineCheck(
    {
      id: `${resource.plural}.timestamps.archived-at-partitions`,
      title:
        'archived_at of 1, 2^31 + 7 and a value of the other unit is returned exactly, as an integer, by the PUT and a later retrieve (a time yet to come may be refused)',
      level: 'spec',
      assumes: ['contact-fields', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    archivedAtPartitions(resource),
  ),
});
