// The same request again (§3, §4.1, §4.2): a field set to the value it has and reset, a DELETE
// twice, a PUT and a create after a DELETE. Both resources alike, each with its own fields.
import {
  createAfterDelete,
  deleteTwice,
  setResetSame,
  updateAfterDelete,
  type RepeatStep,
} from '../../harness/behaviours/repeated.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

/** The PUTs and creates each resource sends, and the titles that name their fields. */
export interface RepeatedFields<T extends ResourceItem> {
  setResetSame: {
    title: string;
    create: (context: CheckContext) => Promise<T>;
    steps: (context: CheckContext, item: T) => RepeatStep[];
  };
  /** What the PUT after the DELETE sends. */
  updateAfterDelete: (item: T) => Record<string, unknown>;
  createAfterDelete: {
    title: string;
    /** Given with the create's own parameters, so that the deleted object held them. */
    extras: (context: CheckContext) => Record<string, unknown>;
    /** What a new object holds (lib/api/new-objects.ts). */
    defaults: Readonly<Record<string, unknown>>;
  };
}

export const repeatedChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>, fields: RepeatedFields<T>) => ({
  setResetSame: defineCheck(
    {
      id: `${resource.plural}.repeated.set-reset-same`,
      title: fields.setResetSame.title,
      level: 'spec',
      assumes: [
        'archive-archived',
        'contact-fields',
        'empty-text',
        'error-body',
        'input-rules',
        'last-active-at',
        'last-opened-at',
        'refusal-status',
        'success-status',
        'timestamp-unit',
      ],
    },
    setResetSame(resource, fields.setResetSame.create, fields.setResetSame.steps),
  ),

  deleteTwice: defineCheck(
    {
      id: `${resource.plural}.repeated.delete-twice`,
      title: `a second DELETE of a deleted ${resource.kind} gets the unknown-id answer or, as an idempotent DELETE may, a DELETE's success; never a 5xx, and it stays gone`,
      level: 'spec',
      assumes: [
        'contact-fields',
        'delete-answer',
        'delete-of-nothing',
        'error-body',
        'success-status',
        'unknown-id-status',
      ],
    },
    deleteTwice(resource),
  ),

  updateAfterDelete: defineCheck(
    {
      id: `${resource.plural}.repeated.update-after-delete`,
      title: `a PUT of a deleted ${resource.kind} gets the unknown-id answer and does not bring it back: still not retrievable, not listed`,
      level: 'spec',
      assumes: [
        'contact-fields',
        'delete-answer',
        'error-body',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
        'timestamp-unit',
        'unknown-id-status',
      ],
    },
    updateAfterDelete(resource, fields.updateAfterDelete),
  ),

  createAfterDelete: defineCheck(
    {
      id: `${resource.plural}.repeated.create-after-delete`,
      title: fields.createAfterDelete.title,
      level: 'spec',
      assumes: ['delete-answer', 'success-status', 'timestamp-unit'],
    },
    createAfterDelete(resource, fields.createAfterDelete.extras, fields.createAfterDelete.defaults),
  ),
});
