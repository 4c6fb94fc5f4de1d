// Behaviours by id that both resources share (§4.1, §4.2): retrieve, and ids that name nothing.
import type { CheckContext } from '../checks/check-context.ts';
import { PrerequisiteFailure } from '../checks/check-failure.ts';
import { expectAnswer, expectBody, expectDeleteOfNothing, expectNoServerError, expectStatusOf, expectSuccess, expectThat, fieldDifferences } from '../checks/expect.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

export const retrieveReturnsCreated = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  const created = await resource.create(context, 'retrieve');
  const response = await resource.retrieve(context.client, created.id);
  expectSuccess(context.profile, response, `GET ${resource.path}/:id of a ${resource.kind} just created`);
  const retrieved = expectBody(response, resource.schema) as unknown as T;
  const differences = fieldDifferences(context.profile, resource.comparable(retrieved), resource.comparable(created));
  expectThat(differences.length === 0, response, `the object that create returned (${resource.section}: "Response: the ${resource.kind} object")`, differences.join('; '));
};

export const retrieveUnknownIdIsRefused = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  const response = await resource.retrieve(context.client, context.names.unknownId(resource.kind));
  const what = `GET ${resource.path}/:id of an id that does not exist`;
  expectNoServerError(context.profile, response, what);
  expectStatusOf(context.profile, 'unknown-id-status', response, what);
};

export const retrieveUnknownIdIs404 = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  const response = await resource.retrieve(context.client, context.names.unknownId(resource.kind));
  expectAnswer(response, context.profile.isNotFound, 'status 404 (the convention; profile: unknown-id-status)', `GET ${resource.path}/:id of an id that does not exist`);
};

export const updateUnknownIdIsRefused = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  // archived_at is an update parameter of both resources; the server's unit does not matter here.
  const response = await resource.update(context.client, context.names.unknownId(resource.kind), { archived_at: 1 });
  const what = `PUT ${resource.path}/:id of an id that does not exist`;
  expectNoServerError(context.profile, response, what);
  expectStatusOf(context.profile, 'unknown-id-status', response, what);
};

/**
 * DELETE of an id never made: the unknown-id answer, or (profile: delete-of-nothing) a successful
 * DELETE's; never a 5xx. A success proves nothing by itself (a server that tells no ids apart
 * answers every DELETE so), so the premise is that a GET of the same id names nothing.
 */
export const deleteUnknownIdIsRefused = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  const id = context.names.unknownId(resource.kind);
  const response = await resource.remove(context.client, id);
  const what = `DELETE ${resource.path}/:id of an id that does not exist (§4.3: the status of a DELETE is not shown)`;
  expectDeleteOfNothing(context.profile, response, what);
  // Refused as an id that names nothing (profile: delete-of-nothing, reading refused): proven by itself.
  if (context.profile.isUnknownIdAnswer(response.status)) return;
  const retrieved = await resource.retrieve(context.client, id);
  if (!context.profile.isUnknownIdAnswer(retrieved.status)) {
    throw new PrerequisiteFailure(
      { expected: `${context.profile.describe('unknown-id-status')} for GET ${resource.path}/:id of the id just deleted, which was never made`, received: `status ${retrieved.status}`, exchange: retrieved.exchange },
      `${resource.plural}.retrieve.unknown-id`,
    );
  }
};
