// Update behaviours both resources share (§4.1, §4.2): "Response: the updated … object", and
// "Fields not given are unchanged".
import type { ApiResponse } from '../../core/client/api-client.ts';
import type { CheckContext } from '../checks/check-context.ts';
import { expectBody, expectFields, expectSuccess, expectThat, fieldDifferences } from '../checks/expect.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

async function put<T extends ResourceItem>(context: CheckContext, resource: ResourceUnderTest<T>, id: string, params: Record<string, unknown>) {
  const response: ApiResponse = await resource.update(context.client, id, params);
  expectSuccess(response, `PUT ${resource.path}/:id with ${Object.keys(params).join(', ')}`);
  return { response, updated: expectBody(response, resource.schema, `the updated ${resource.kind}`) as unknown as T };
}

export const putAnswerMatchesRetrieve =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>, change: (context: CheckContext) => Record<string, unknown>) => async (context: CheckContext) => {
    const item = await resource.create(context, 'matches-retrieve');
    const { updated } = await put(context, resource, item.id, change(context));
    const response = await resource.retrieve(context.client, item.id);
    expectSuccess(response, `GET ${resource.path}/:id after a PUT`);
    const retrieved = expectBody(response, resource.schema) as unknown as T;
    const differences = fieldDifferences(resource.comparable(retrieved), resource.comparable(updated));
    expectThat(differences.length === 0, response, `${resource.section}: the object the PUT returned ("the updated ${resource.kind} object")`, differences.join('; '));
  };

/** Each step names one field; after each PUT every other field must be as it was. */
export const othersUnchanged =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>, steps: (context: CheckContext, item: T) => Array<Record<string, unknown>>) =>
  async (context: CheckContext) => {
    const item = await resource.create(context, 'others-unchanged');
    let before: T = item;
    for (const params of steps(context, item)) {
      const field = Object.keys(params)[0]!;
      const { response, updated } = await put(context, resource, item.id, params);
      const others = Object.fromEntries(Object.entries(resource.comparable(before)).filter(([name]) => name !== field));
      expectFields(response, resource.comparable(updated), others, `${resource.section}: "Fields not given are unchanged" after a PUT of ${field} alone`);
      before = updated;
    }
  };
