// Every read after a write (§4.1, §4.2): a PUT seen by the retrieve and each list it concerns, a
// DELETE seen by all of them, and the fields a PUT does not name kept. Both resources alike, each
// with its own fields and filters.
import {
  deleteSeenByEveryRead,
  relatedFieldsKept,
  updateSeenByEveryRead,
  type ListView,
  type SeenByEveryRead,
} from '../../harness/behaviours/read-after-write.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

/** The PUTs each resource sends and the filters they concern, and the titles that name them. */
export interface ReadAfterWriteFields<T extends ResourceItem> {
  updateSeenEverywhere: { title: string; plan: SeenByEveryRead<T> };
  deleteSeenEverywhere: { title: string; views: ReadonlyArray<ListView<T>> };
  relatedFieldsKept: {
    title: string;
    create: (context: CheckContext) => Promise<T>;
    steps: (context: CheckContext, item: T) => Array<Record<string, unknown>>;
  };
}

export const readAfterWriteChecks = <T extends ResourceItem>(
  resource: ResourceUnderTest<T>,
  fields: ReadAfterWriteFields<T>,
) => ({
  updateSeenEverywhere: defineCheck(
    {
      id: `${resource.plural}.read-after-write.update-seen-everywhere`,
      title: fields.updateSeenEverywhere.title,
      level: 'spec',
      assumes: [
        'contact-fields',
        'default-list-scope',
        'last-active-at',
        'last-opened-at',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
        'text-storage',
        'timestamp-unit',
      ],
    },
    updateSeenByEveryRead(resource, fields.updateSeenEverywhere.plan),
  ),

  deleteSeenEverywhere: defineCheck(
    {
      id: `${resource.plural}.read-after-write.delete-seen-everywhere`,
      title: fields.deleteSeenEverywhere.title,
      level: 'spec',
      assumes: [
        'contact-fields',
        'default-list-scope',
        'delete-answer',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
        'timestamp-unit',
        'unknown-id-status',
      ],
    },
    deleteSeenByEveryRead(
      resource,
      fields.deleteSeenEverywhere.views,
      `${resource.plural}.read-after-write.update-seen-everywhere`,
    ),
  ),

  relatedFieldsKept: defineCheck(
    {
      id: `${resource.plural}.read-after-write.related-fields-kept`,
      title: fields.relatedFieldsKept.title,
      level: 'spec',
      assumes: ['contact-fields', 'last-active-at', 'last-opened-at', 'success-status', 'timestamp-unit'],
    },
    relatedFieldsKept(resource, fields.relatedFieldsKept.create, fields.relatedFieldsKept.steps),
  ),
});
