// Update (§4.1, §4.2), what both resources share: "Fields not given are unchanged", "Response: the
// updated … object", parameters of the wrong type, and an id that names nothing. Each resource's
// own parameters are its own file's.
import {
  othersUnchanged,
  putAnswerMatchesRetrieve,
  updateUnknownIdIsRefused,
  wrongUpdateTypesAreRefusedOrRead,
  type WrongUpdateValue,
} from '../../harness/behaviours/update.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

/** The PUTs each resource sends, and the title that names the fields it never changes. */
export interface UpdateFields<T extends ResourceItem> {
  othersUnchanged: { title: string; steps: (context: CheckContext, item: T) => Array<Record<string, unknown>> };
  matchesRetrieve: (context: CheckContext) => Record<string, unknown>;
  wrongTypes: (context: CheckContext) => WrongUpdateValue[];
}

export const updateChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>, fields: UpdateFields<T>) => ({
  othersUnchanged: defineCheck(
    {
      id: `${resource.plural}.update.others-unchanged`,
      title: fields.othersUnchanged.title,
      level: 'spec',
      assumes: ['contact-fields', 'last-active-at', 'last-opened-at', 'success-status'],
    },
    othersUnchanged(resource, fields.othersUnchanged.steps),
  ),

  matchesRetrieve: defineCheck(
    {
      id: `${resource.plural}.update.matches-retrieve`,
      title: `the object a PUT returns is the updated ${resource.kind} and equals a later retrieve`,
      level: 'spec',
      assumes: ['contact-fields', 'last-active-at', 'last-opened-at', 'success-status'],
    },
    putAnswerMatchesRetrieve(resource, fields.matchesRetrieve),
  ),

  wrongTypes: defineCheck(
    {
      id: `${resource.plural}.update.wrong-types`,
      title: 'update parameters of the wrong type get a 4xx that changes nothing, or a sane reading, never a 5xx',
      level: 'robustness',
      assumes: [
        'contact-fields',
        'error-body',
        'last-active-at',
        'last-opened-at',
        'malformed-boolean',
        'refusal-status',
        'success-status',
      ],
    },
    wrongUpdateTypesAreRefusedOrRead(resource, fields.wrongTypes),
  ),

  unknownId: defineCheck(
    {
      id: `${resource.plural}.update.unknown-id`,
      title: 'updating an id that does not exist gets a 4xx, never a 5xx',
      level: 'robustness',
      assumes: ['error-body', 'success-status', 'unknown-id-status'],
    },
    updateUnknownIdIsRefused(resource),
  ),
});
