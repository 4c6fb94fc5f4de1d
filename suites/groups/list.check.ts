import {
  archivedFilter, badLimitIsNoServerError, badNextPageIsNoServerError, pageAfterItem, defaultPageSizeIsTen, limitIsHonoured, listEnvelope, pagesReturnEachOnce,
} from '../../harness/behaviours/list-pages.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'groups.list.envelope',
      title: 'listing groups returns {has_more, data} with valid group objects',
      level: 'spec',
      assumes: ['contact-fields', 'success-status'],
    },
    listEnvelope(groups),
  ),

  defineCheck(
    {
      id: 'groups.list.default-page-size',
      title: 'without limit, a list of more than ten groups returns exactly ten and has_more true',
      level: 'spec',
      assumes: ['list-consistency', 'success-status'],
    },
    defaultPageSizeIsTen(groups),
  ),

  defineCheck(
    {
      id: 'groups.list.limit',
      title: 'limit=n returns exactly n groups and has_more true when more exist',
      level: 'spec',
      assumes: ['list-consistency', 'success-status'],
    },
    limitIsHonoured(groups),
  ),

  defineCheck(
    {
      id: 'groups.list.archived-filter',
      title: 'archived=true returns only archived groups',
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    archivedFilter(groups),
  ),

  defineCheck(
    {
      id: 'groups.list.pagination',
      title: 'walking every page of a list returns each of the suite\'s groups once and ends with has_more false',
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    pagesReturnEachOnce(groups),
  ),

  defineCheck(
    {
      id: 'groups.list.bad-limit',
      title: 'limit 0, negative, huge or not a number gets a 4xx or a valid page, never a 5xx',
      level: 'robustness',
      assumes: ['contact-fields', 'error-body', 'largest-limit', 'refusal-status', 'success-status'],
    },
    badLimitIsNoServerError(groups),
  ),

  defineCheck(
    {
      id: 'groups.list.bad-next-page',
      title: 'a next page asked for from a position the server never gave (an unknown id or cursor, a page or offset zero, negative, far beyond the end or not a number) gets a 4xx or a valid page, never a 5xx',
      level: 'robustness',
      assumes: ['contact-fields', 'error-body', 'pagination', 'refusal-status', 'success-status'],
    },
    badNextPageIsNoServerError(groups),
  ),

  defineCheck(
    {
      id: 'groups.list.page-after-item',
      title: 'under PAGINATION=starting_after, the page after one of the run\'s groups never holds it again, and says has_more true only with an item to ask after',
      level: 'spec',
      assumes: ['list-consistency', 'pagination', 'success-status'],
    },
    pageAfterItem(groups),
  ),
];

registerWhenRunByVitest(import.meta, checks);
