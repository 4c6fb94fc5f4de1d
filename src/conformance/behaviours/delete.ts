// Deletion (§3: "removed permanently"), both resources alike.
import type { CheckContext } from '../checks/check-context.ts';
import { expectThat } from '../checks/expect.ts';
import { deleteResource } from '../checks/fixtures.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

export const deletedIsNotRetrievable = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  const item = await resource.create(context, 'delete');
  await deleteResource(context, resource.kind, item.id, `${resource.plural}.delete.not-retrievable`);
  const response = await resource.retrieve(context.client, item.id);
  expectThat(
    response.status >= 400 && response.status < 500,
    response,
    `§3: a deleted ${resource.kind} is removed permanently, so retrieving it gets a 4xx`,
    `status ${response.status}`,
  );
};
