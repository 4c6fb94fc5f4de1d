// Methods and paths the API does not have, on and beside an item's path, both resources alike.
import { otherMethodsChangeNothing } from '../../harness/behaviours/other-methods.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

export const otherMethodChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => ({
  changeNothing: defineCheck(
    {
      id: `${resource.plural}.other-methods.change-nothing`,
      title: `HEAD, OPTIONS, POST and PATCH on a ${resource.kind}'s path, and GET or HEAD on paths beside it that the API does not have, get an answer and leave the ${resource.kind} as it was`,
      level: 'spec',
    },
    otherMethodsChangeNothing(resource),
  ),
});
