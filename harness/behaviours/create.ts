// Creation behaviours both resources share: distinct ids (§2.1, §2.2 "Unique identifier"), and
// wrong parameter types that never get a 5xx (§7 leaves the failure answer open).
import type { CheckContext } from '../checks/check-context.ts';
import { expectBody, expectNoServerError, expectSuccess, expectThat } from '../checks/expect.ts';
import { recordCreated } from '../checks/fixtures.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

export const createdIdsDiffer =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    // The creates are this check's subject, not steps it builds on (the fixtures would block it, naming itself).
    const create = async (which: string) => {
      const response = await resource.createWith(context.client, resource.createParams(context, 'unique'));
      recordCreated(context, resource.kind, response.body);
      expectSuccess(context.profile, response, `POST ${resource.path}`);
      return { response, item: expectBody(response, resource.schema, `the ${which} ${resource.kind}`) as unknown as T };
    };
    const first = await create('first');
    const second = await create('second');
    const section = resource.kind === 'conversation' ? '§2.1' : '§2.2';
    expectThat(
      first.item.id !== second.item.id,
      second.response,
      `${section}: id is the unique identifier of the ${resource.kind}, so two creates get two ids`,
      `both got id ${second.item.id}`,
    );
  };

/** One create body with one parameter of the wrong type, the others right. */
export interface WrongTypeBody {
  field: string;
  value: unknown;
  body: Record<string, unknown>;
}

export const wrongTypesAreRefusedOrStored =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>, bodies: (context: CheckContext) => WrongTypeBody[]) =>
  async (context: CheckContext) => {
    for (const { field, value, body } of bodies(context)) {
      const response = await resource.createWith(context.client, body);
      // Recorded before anything is judged, so that whatever was made is deleted afterwards.
      recordCreated(context, resource.kind, response.body);
      expectNoServerError(context.profile, response, `POST ${resource.path} with ${field}=${JSON.stringify(value)}`);
      // Accepted: then it must be a valid object of its kind.
      if (context.profile.isSuccess(response.status))
        expectBody(response, resource.schema, `the created ${resource.kind}`);
    }
  };
