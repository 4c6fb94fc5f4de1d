// The list's limit by partition (§4.1, §4.2, §8), both resources alike.
import {
  hugeLimitsAreClampedOrRefused,
  invalidLimitsAreBounded,
  limitOneWalk,
  pageBoundaryWalks,
  smallLimitsAreExact,
} from '../../harness/behaviours/limit-partitions.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

export const listLimitPartitionChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => ({
  limitPartitions: defineCheck(
    {
      id: `${resource.plural}.list.limit-partitions`,
      title: `limit=1, limit=2, limit=10 and no limit each return exactly that many ${resource.plural} (ten without limit) and has_more true when more exist`,
      level: 'spec',
      assumes: ['list-consistency', 'success-status'],
    },
    smallLimitsAreExact(resource),
  ),

  invalidLimitsBounded: defineCheck(
    {
      id: `${resource.plural}.list.invalid-limits-bounded`,
      title:
        'limit 0, -1, 1.5, abc, empty or 1e1 gets a 4xx or a valid page (as INVALID_LIMIT declares, if it does), never a 5xx',
      level: 'robustness',
      assumes: ['error-body', 'invalid-limit', 'list-consistency', 'refusal-status', 'success-status'],
    },
    invalidLimitsAreBounded(resource),
  ),

  hugeLimits: defineCheck(
    {
      id: `${resource.plural}.list.huge-limits`,
      title:
        'a limit of 2^31 or beyond gets a 4xx or a page clamped to the largest page, never a 5xx nor an overflowed page',
      level: 'robustness',
      assumes: ['error-body', 'largest-limit', 'list-consistency', 'refusal-status', 'success-status'],
    },
    hugeLimitsAreClampedOrRefused(resource),
  ),

  limitOneWalk: defineCheck(
    {
      id: `${resource.plural}.list.limit-one-walk`,
      title: `walking a filtered list at limit=1 returns one ${resource.kind} a page and each of the suite's ${resource.plural} once`,
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    limitOneWalk(resource),
  ),

  pageBoundaries: defineCheck(
    {
      id: `${resource.plural}.list.page-boundaries`,
      title: `walking a list whose size is a multiple of the page size, and then one more, returns each of the suite's ${resource.plural} once in full pages`,
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    pageBoundaryWalks(resource),
  ),
});
