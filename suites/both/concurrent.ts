// Updates sent at once to one object (§4.1, §4.2: "Fields not given are unchanged"), both resources
// alike, each with its own fields.
import { concurrentUpdatesAllKept, type ConcurrentWrites } from '../../harness/behaviours/concurrent-updates.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

/** The PUTs sent at once, one field each, and the title that names their fields. */
export interface ConcurrentFields {
  updatesKept: { title: string; writes: ConcurrentWrites };
}

export const concurrentChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>, fields: ConcurrentFields) => ({
  updatesKept: defineCheck(
    {
      id: `${resource.plural}.concurrent.updates-kept`,
      title: fields.updatesKept.title,
      level: 'spec',
      assumes: ['success-status'],
    },
    concurrentUpdatesAllKept(resource, fields.updatesKept.writes),
  ),
});
