// Deletion (§3: "removed permanently", from any state), and a DELETE of an id that names nothing,
// both resources alike.
import {
  archivedIsDeleted,
  deletedIsNotListed,
  deletedIsNotRetrievable,
  deleteUnknownIdIsRefused,
} from '../../harness/behaviours/delete.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

export const deleteChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => ({
  notRetrievable: defineCheck(
    {
      id: `${resource.plural}.delete.not-retrievable`,
      title: `a deleted ${resource.kind} can no longer be retrieved`,
      level: 'spec',
      assumes: ['contact-fields', 'delete-answer', 'success-status', 'unknown-id-status'],
    },
    deletedIsNotRetrievable(resource),
  ),

  notListed: defineCheck(
    {
      id: `${resource.plural}.delete.not-listed`,
      title: `a deleted ${resource.kind} is no longer listed`,
      level: 'spec',
      assumes: [
        'contact-fields',
        'delete-answer',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
        'timestamp-unit',
      ],
    },
    deletedIsNotListed(resource),
  ),

  archived: defineCheck(
    {
      id: `${resource.plural}.delete.archived`,
      title: `an archived ${resource.kind} can be deleted too (§3: DELETE from any state): the DELETE succeeds and it can no longer be retrieved`,
      level: 'spec',
      assumes: ['contact-fields', 'delete-answer', 'success-status', 'timestamp-unit', 'unknown-id-status'],
    },
    archivedIsDeleted(resource),
  ),

  unknownId: defineCheck(
    {
      id: `${resource.plural}.delete.unknown-id`,
      title:
        "deleting an id that does not exist gets the unknown-id answer or, as an idempotent DELETE may, a DELETE's success; never a 5xx",
      level: 'robustness',
      assumes: ['delete-answer', 'delete-of-nothing', 'error-body', 'success-status', 'unknown-id-status'],
    },
    deleteUnknownIdIsRefused(resource),
  ),
});
