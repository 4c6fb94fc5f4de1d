// Update behaviours both resources share (§4.1, §4.2): "Response: the updated … object",
// "Fields not given are unchanged", and a PUT of an id that names nothing.
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../checks/check-context.ts';
import type { CheckId } from '../checks/check-ids.ts';
import { PrerequisiteFailure } from '../checks/check-failure.ts';
import {
  expectBody,
  expectFields,
  expectNoServerError,
  expectStatusOf,
  expectSuccess,
  expectThat,
  fieldDifferences,
} from '../checks/expect.ts';
import { prerequisite } from '../checks/fixtures.ts';
import { usernames } from '../checks/members.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

/** The check whose subject a PUT of this one field is: it carries the failure when the PUT did not take. */
function checkOfField(resource: ResourceUnderTest<ResourceItem>, field: string): CheckId {
  if (field === 'archived_at') return `${resource.plural}.archive.sets-timestamp`;
  if (field === 'contacts') return 'groups.update.contacts-added';
  return `${resource.plural}.update.${field.replace(/^is_/, 'is-').replaceAll('_', '-')}` as CheckId;
}

/**
 * A PUT whose taking is the premise of the comparison that follows: the answer must be a 2xx with
 * the object carrying what was sent (else the check is blocked, naming the field's own check), so
 * that a server that ignores PUTs cannot pass by leaving everything as it was.
 */
export async function put<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  id: string,
  params: Record<string, unknown>,
) {
  const step = `PUT ${resource.path}/:id with ${Object.keys(params).join(', ')}`;
  const response: ApiResponse = await resource.update(context.client, id, params);
  const fields = Object.keys(params);
  const blamed = checkOfField(resource as unknown as ResourceUnderTest<ResourceItem>, fields[0]!);
  const updated = prerequisite(response, resource.schema, step, blamed) as unknown as T;
  const { contacts, ...sent } = params as { contacts?: Array<{ username: string }> };
  const differences = fieldDifferences(context.profile, updated, sent);
  const held = new Set(usernames((updated as { contacts?: Array<{ username: string }> }).contacts ?? []));
  for (const name of usernames(contacts ?? []))
    if (!held.has(name)) differences.push(`contacts: ${name} sent but not among the members`);
  if (differences.length > 0) {
    throw new PrerequisiteFailure(
      {
        expected: `the answer to ${step} to carry what was sent`,
        received: differences.join('; '),
        exchange: response.exchange,
      },
      blamed,
    );
  }
  return { response, updated };
}

export const putAnswerMatchesRetrieve =
  <T extends ResourceItem>(
    resource: ResourceUnderTest<T>,
    change: (context: CheckContext) => Record<string, unknown>,
  ) =>
  async (context: CheckContext) => {
    const item = await resource.create(context, 'matches-retrieve');
    const { updated } = await put(context, resource, item.id, change(context));
    const response = await resource.retrieve(context.client, item.id);
    expectSuccess(context.profile, response, `GET ${resource.path}/:id after a PUT`);
    const retrieved = expectBody(response, resource.schema) as unknown as T;
    const differences = fieldDifferences(context.profile, resource.comparable(retrieved), resource.comparable(updated));
    expectThat(
      differences.length === 0,
      response,
      `${resource.section}: the object the PUT returned ("the updated ${resource.kind} object")`,
      differences.join('; '),
    );
  };

/** Each step names one field; after each PUT every other field must be as it was. */
export const othersUnchanged =
  <T extends ResourceItem>(
    resource: ResourceUnderTest<T>,
    steps: (context: CheckContext, item: T) => Array<Record<string, unknown>>,
  ) =>
  async (context: CheckContext) => {
    const item = await resource.create(context, 'others-unchanged');
    let before: T = item;
    for (const params of steps(context, item)) {
      const field = Object.keys(params)[0]!;
      const { response, updated } = await put(context, resource, item.id, params);
      const others = Object.fromEntries(Object.entries(resource.comparable(before)).filter(([name]) => name !== field));
      expectFields(
        context.profile,
        response,
        resource.comparable(updated),
        others,
        `${resource.section}: "Fields not given are unchanged" after a PUT of ${field} alone`,
      );
      before = updated;
    }
  };

/** One update parameter of the wrong type, and what the spec says it should be. */
export interface WrongUpdateValue {
  field: string;
  value: unknown;
  type: string;
  /** A spelling of a boolean other than true and false (yes, 1): refused or read as one (profile: malformed-boolean). */
  spellsBoolean?: true;
}

/**
 * Robustness (§7 leaves the failure answer open): a parameter of the wrong type never gets a 5xx.
 * It is refused with a 4xx, changing nothing, or read some sane way: a 2xx whose answer is a valid
 * object of its kind. Afterwards a retrieve shows the object as the last accepted answer left it.
 */
export const wrongUpdateTypesAreRefusedOrRead =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>, values: (context: CheckContext) => WrongUpdateValue[]) =>
  async (context: CheckContext) => {
    const item = await resource.create(context, 'wrong-types');
    let expected: T = item;
    for (const { field, value, type, spellsBoolean } of values(context)) {
      const response = await resource.update(context.client, item.id, { [field]: value });
      expectNoServerError(
        context.profile,
        response,
        `PUT ${resource.path}/:id with ${field}=${JSON.stringify(value)}, which is not ${type} (${resource.section})`,
      );
      if (spellsBoolean) {
        const reading = context.profile.isRefusal(response.status)
          ? 'refused'
          : context.profile.isSuccess(response.status)
            ? 'read'
            : undefined;
        expectThat(
          reading === undefined || context.profile.allows('malformed-boolean', reading),
          response,
          `the reading MALFORMED_BOOLEAN=${String(context.profile.declared['malformed-boolean'])} declared for ${field}=${JSON.stringify(value)} (§4: no spelling of a boolean is shown; profile: malformed-boolean)`,
          reading === 'refused'
            ? `a refusal (status ${response.status})`
            : `a success (status ${response.status}): read as a boolean`,
        );
      }
      // Refused, it changes nothing (§7 names no status; profile: refusal-status, malformed-boolean).
      if (context.profile.isRefusal(response.status)) continue;
      expectSuccess(context.profile, response, `PUT ${resource.path}/:id with ${field}=${JSON.stringify(value)}`);
      expected = expectBody(
        response,
        resource.schema,
        `the ${resource.kind} after a PUT of ${field}=${JSON.stringify(value)}, read some sane way`,
      ) as unknown as T;
    }
    const response = await resource.retrieve(context.client, item.id);
    expectSuccess(context.profile, response, `GET ${resource.path}/:id after the PUTs of wrong types`);
    const differences = fieldDifferences(
      context.profile,
      resource.comparable(expectBody(response, resource.schema) as unknown as T),
      resource.comparable(expected),
    );
    expectThat(
      differences.length === 0,
      response,
      `${resource.section}: the ${resource.kind} as the last accepted PUT left it (refused PUTs change nothing)`,
      differences.join('; '),
    );
  };

export const updateUnknownIdIsRefused =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    // archived_at is an update parameter of both resources; the server's unit does not matter here.
    const response = await resource.update(context.client, context.names.unknownId(resource.kind), { archived_at: 1 });
    const what = `PUT ${resource.path}/:id of an id that does not exist`;
    expectNoServerError(context.profile, response, what);
    expectStatusOf(context.profile, 'unknown-id-status', response, what);
  };
