// Retrieve (§4.1, §4.2), both resources alike: the object as created, and an id that names nothing.
import {
  retrieveReturnsCreated,
  retrieveUnknownIdIs404,
  retrieveUnknownIdIsRefused,
} from '../../harness/behaviours/retrieve.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

export const retrieveChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => ({
  sameObject: defineCheck(
    {
      id: `${resource.plural}.retrieve.same-object`,
      title: `retrieving a created ${resource.kind} returns the object that create returned`,
      level: 'spec',
      assumes: ['contact-fields', 'last-active-at', 'last-opened-at', 'success-status'],
    },
    retrieveReturnsCreated(resource),
  ),

  unknownId: defineCheck(
    {
      id: `${resource.plural}.retrieve.unknown-id`,
      title: 'retrieving an id that does not exist gets a 4xx, never a 5xx',
      level: 'robustness',
      assumes: ['error-body', 'success-status', 'unknown-id-status'],
      readOnly: true,
    },
    retrieveUnknownIdIsRefused(resource),
  ),

  unknownId404: defineCheck(
    {
      id: `${resource.plural}.retrieve.unknown-id-404`,
      title: 'retrieving an id that does not exist gets 404',
      level: 'convention',
      assumes: ['unknown-id-status'],
      readOnly: true,
    },
    retrieveUnknownIdIs404(resource),
  ),
});
