// Bodies of unusual shapes (§4: parameters; §7): not an object, a key given twice, fields that are
// no update parameters, a Content-Type that names another encoding. Both resources alike, each
// with its own fields.
import {
  foreignFieldsChangeNothingFixed,
  mismatchedContentTypeIsRefusedOrRead,
  nonObjectJsonIsRefused,
  repeatedKeysAreRefusedOrOneIsTaken,
  type ForeignFieldsPut,
  type MismatchedParam,
  type RepeatedKey,
} from '../../harness/behaviours/body-shapes.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

/** The fields each resource sends, and the titles that name them. */
export interface BodyShapeFields<T extends ResourceItem> {
  repeatedKeys: { title: string; keys: (context: CheckContext) => { create: RepeatedKey; update: RepeatedKey[] } };
  foreignFields: { title: string; puts: (context: CheckContext, item: T) => ForeignFieldsPut[] };
  mismatchedContentType: (context: CheckContext) => { create: MismatchedParam; update: MismatchedParam };
}

export const bodyShapeChecks = <T extends ResourceItem>(
  resource: ResourceUnderTest<T>,
  fields: BodyShapeFields<T>,
) => ({
  nonObjectJson: defineCheck(
    {
      id: `${resource.plural}.body-shapes.non-object-json`,
      title:
        'a JSON body that is not an object (array, string, number, null) gets a 4xx on create and a 4xx or no change on update, never a 5xx',
      level: 'robustness',
      assumes: ['contact-fields', 'error-body', 'last-active-at', 'last-opened-at', 'refusal-status', 'success-status'],
    },
    nonObjectJsonIsRefused(resource),
  ),

  repeatedKeys: defineCheck(
    {
      id: `${resource.plural}.body-shapes.repeated-keys`,
      title: fields.repeatedKeys.title,
      level: 'robustness',
      assumes: [
        'contact-fields',
        'error-body',
        'input-rules',
        'last-active-at',
        'last-opened-at',
        'refusal-status',
        'success-status',
        'text-storage',
        'unsupported-body',
      ],
    },
    repeatedKeysAreRefusedOrOneIsTaken(resource, fields.repeatedKeys.keys),
  ),

  foreignFields: defineCheck(
    {
      id: `${resource.plural}.body-shapes.foreign-fields`,
      title: fields.foreignFields.title,
      level: 'spec',
      assumes: [
        'contact-fields',
        'error-body',
        'last-active-at',
        'last-opened-at',
        'refusal-status',
        'success-status',
        'text-storage',
        'unsupported-body',
      ],
    },
    foreignFieldsChangeNothingFixed(resource, fields.foreignFields.puts),
  ),

  mismatchedContentType: defineCheck(
    {
      id: `${resource.plural}.body-shapes.mismatched-content-type`,
      title:
        'a body whose Content-Type names another encoding (JSON as a form, a form as JSON or text/plain) is refused or read as sent, changing nothing else; never a 5xx',
      level: 'robustness',
      assumes: [
        'contact-fields',
        'error-body',
        'last-active-at',
        'last-opened-at',
        'refusal-status',
        'success-status',
        'unsupported-body',
      ],
    },
    mismatchedContentTypeIsRefusedOrRead(resource, fields.mismatchedContentType),
  ),
});
