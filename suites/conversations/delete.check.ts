import { archivedIsDeleted, deletedIsNotListed, deletedIsNotRetrievable } from '../../harness/behaviours/delete.ts';
import { deleteUnknownIdIsRefused } from '../../harness/behaviours/retrieve.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'conversations.delete.not-retrievable',
      title: 'a deleted conversation can no longer be retrieved',
      level: 'spec',
      assumes: ['delete-answer', 'success-status', 'unknown-id-status'],
    },
    deletedIsNotRetrievable(conversations),
  ),

  defineCheck(
    {
      id: 'conversations.delete.not-listed',
      title: 'a deleted conversation is no longer listed',
      level: 'spec',
      assumes: ['delete-answer', 'list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    deletedIsNotListed(conversations),
  ),

  defineCheck(
    {
      id: 'conversations.delete.archived',
      title: 'an archived conversation can be deleted too (§3: DELETE from any state): the DELETE succeeds and it can no longer be retrieved',
      level: 'spec',
      assumes: ['delete-answer', 'success-status', 'timestamp-unit', 'unknown-id-status'],
    },
    archivedIsDeleted(conversations),
  ),

  defineCheck(
    {
      id: 'conversations.delete.unknown-id',
      title: 'deleting an id that does not exist gets the unknown-id answer or, as an idempotent DELETE may, a DELETE\'s success; never a 5xx',
      level: 'robustness',
      assumes: ['delete-answer', 'delete-of-nothing', 'error-body', 'success-status', 'unknown-id-status'],
    },
    deleteUnknownIdIsRefused(conversations),
  ),
];

registerWhenRunByVitest(import.meta, checks);
