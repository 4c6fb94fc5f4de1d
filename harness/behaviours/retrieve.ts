// Retrieve, both resources alike (§4.1, §4.2): an object as it was created, and an id that names nothing.
// PUT and DELETE of an id that names nothing are update.ts's and delete.ts's.
import type { CheckContext } from '../checks/check-context.ts';
import {
  expectAnswer,
  expectBody,
  expectNoServerError,
  expectStatusOf,
  expectSuccess,
  expectThat,
  fieldDifferences,
} from '../checks/expect.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

export const retrieveReturnsCreated =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const created = await resource.create(context, 'retrieve');
    const response = await resource.retrieve(context.client, created.id);
    expectSuccess(context.profile, response, `GET ${resource.path}/:id of a ${resource.kind} just created`);
    const retrieved = expectBody(response, resource.schema) as unknown as T;
    const differences = fieldDifferences(context.profile, resource.comparable(retrieved), resource.comparable(created));
    expectThat(
      differences.length === 0,
      response,
      `the object that create returned (${resource.section}: "Response: the ${resource.kind} object")`,
      differences.join('; '),
    );
  };

export const retrieveUnknownIdIsRefused =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const response = await resource.retrieve(context.client, context.names.unknownId(resource.kind));
    const what = `GET ${resource.path}/:id of an id that does not exist`;
    expectNoServerError(context.profile, response, what);
    expectStatusOf(context.profile, 'unknown-id-status', response, what);
  };

export const retrieveUnknownIdIs404 =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const response = await resource.retrieve(context.client, context.names.unknownId(resource.kind));
    expectAnswer(
      response,
      context.profile.isNotFound,
      'status 404 (the convention; profile: unknown-id-status)',
      `GET ${resource.path}/:id of an id that does not exist`,
    );
  };
