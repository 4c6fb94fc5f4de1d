// Methods and paths the API does not have, on and beside an item's path, both resources alike.
import { allowOn405, otherMethodsChangeNothing } from '../../harness/behaviours/other-methods.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

export const otherMethodChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => ({
  changeNothing: defineCheck(
    {
      id: `${resource.plural}.other-methods.change-nothing`,
      title: `HEAD, OPTIONS, POST and PATCH on a ${resource.kind}'s path, and GET or HEAD on paths beside it that the API does not have, get an answer and leave the ${resource.kind} as it was`,
      level: 'spec',
      assumes: ['contact-fields', 'last-active-at', 'last-opened-at', 'other-methods', 'success-status'],
    },
    otherMethodsChangeNothing(resource),
  ),

  // RFC 9110 §15.5.6: a 405 carries Allow. The spec shows no answer to a method it lacks (§7).
  allowOn405: defineCheck(
    {
      id: `${resource.plural}.other-methods.allow-on-405`,
      title: `a 405 for HEAD or OPTIONS on the ${resource.plural} collection carries an Allow header`,
      level: 'convention',
      assumes: ['allow-on-405', 'other-methods'],
    },
    allowOn405(resource),
  ),
});
