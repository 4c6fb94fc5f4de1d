// Create (§4.1, §4.2), what both resources share: parameters of the wrong type, distinct ids, and
// unusual text. What a create of each returns is its own file's.
import { createdIdsDiffer, wrongTypesAreRefusedOrStored, type WrongTypeBody } from '../../harness/behaviours/create.ts';
import { unusualTextIsRefusedOrKept } from '../../harness/behaviours/unusual-text.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

/** The bodies each resource sends, and the title that names its text field. */
export interface CreateFields {
  wrongTypes: (context: CheckContext) => WrongTypeBody[];
  unusualText: { title: string; field: string };
}

export const createChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>, fields: CreateFields) => ({
  wrongTypes: defineCheck(
    {
      id: `${resource.plural}.create.wrong-types`,
      title: 'create parameters of the wrong type get a 4xx or are stored exactly, never a 5xx',
      level: 'robustness',
      assumes: ['error-body', 'success-status'],
    },
    wrongTypesAreRefusedOrStored(resource, fields.wrongTypes),
  ),

  uniqueId: defineCheck(
    {
      id: `${resource.plural}.create.unique-id`,
      title: `two ${resource.plural} created one after the other get different ids`,
      level: 'spec',
      assumes: ['success-status'],
    },
    createdIdsDiffer(resource),
  ),

  unusualText: defineCheck(
    {
      id: `${resource.plural}.create.unusual-text`,
      title: fields.unusualText.title,
      level: 'robustness',
      assumes: [
        'empty-text',
        'error-body',
        'input-rules',
        'refusal-status',
        'success-status',
        'text-storage',
        'unsupported-body',
      ],
    },
    unusualTextIsRefusedOrKept(resource, fields.unusualText.field),
  ),
});
