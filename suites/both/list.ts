// The list (§4.1, §4.2, §8): its envelope, page size, limit, archived filter and pages, both
// resources alike.
import {
  archivedFilter,
  badLimitIsNoServerError,
  badNextPageIsNoServerError,
  defaultPageSizeIsTen,
  limitIsHonoured,
  listEnvelope,
  pageAfterItem,
  pagesReturnEachOnce,
} from '../../harness/behaviours/list-pages.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

export const listChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => ({
  envelope: defineCheck(
    {
      id: `${resource.plural}.list.envelope`,
      title: `listing ${resource.plural} returns {has_more, data} with valid ${resource.kind} objects`,
      level: 'spec',
      assumes: ['contact-fields', 'success-status'],
    },
    listEnvelope(resource),
  ),

  defaultPageSize: defineCheck(
    {
      id: `${resource.plural}.list.default-page-size`,
      title: `without limit, a list of more than ten ${resource.plural} returns exactly ten and has_more true`,
      level: 'spec',
      assumes: ['list-consistency', 'success-status'],
    },
    defaultPageSizeIsTen(resource),
  ),

  limit: defineCheck(
    {
      id: `${resource.plural}.list.limit`,
      title: `limit=n returns exactly n ${resource.plural} and has_more true when more exist`,
      level: 'spec',
      assumes: ['list-consistency', 'success-status'],
    },
    limitIsHonoured(resource),
  ),

  archivedFilter: defineCheck(
    {
      id: `${resource.plural}.list.archived-filter`,
      title: `archived=true returns only archived ${resource.plural}`,
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    archivedFilter(resource),
  ),

  pagination: defineCheck(
    {
      id: `${resource.plural}.list.pagination`,
      title: `walking every page of a list returns each of the suite's ${resource.plural} once and ends with has_more false`,
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    pagesReturnEachOnce(resource),
  ),

  badLimit: defineCheck(
    {
      id: `${resource.plural}.list.bad-limit`,
      title: 'limit 0, negative, huge or not a number gets a 4xx or a valid page, never a 5xx',
      level: 'robustness',
      assumes: ['contact-fields', 'error-body', 'largest-limit', 'refusal-status', 'success-status'],
    },
    badLimitIsNoServerError(resource),
  ),

  badNextPage: defineCheck(
    {
      id: `${resource.plural}.list.bad-next-page`,
      title:
        'a next page asked for from a position the server never gave (an unknown id or cursor, a page or offset zero, negative, far beyond the end or not a number) gets a 4xx or a valid page, never a 5xx',
      level: 'robustness',
      assumes: ['contact-fields', 'error-body', 'pagination', 'refusal-status', 'success-status'],
    },
    badNextPageIsNoServerError(resource),
  ),

  pageAfterItem: defineCheck(
    {
      id: `${resource.plural}.list.page-after-item`,
      title: `under PAGINATION=starting_after, the page after one of the run's ${resource.plural} never holds it again, and says has_more true only with an item to ask after`,
      level: 'spec',
      assumes: ['list-consistency', 'pagination', 'success-status'],
    },
    pageAfterItem(resource),
  ),
});
