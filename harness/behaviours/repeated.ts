// Operations repeated (§3, §4.1, §4.2): a field set, set again to the value it has, set to another
// value and reset; a DELETE sent twice; a PUT and a create after a DELETE. Both resources alike.
import type { CheckContext } from '../checks/check-context.ts';
import type { CheckId } from '../checks/check-ids.ts';
import { PrerequisiteFailure } from '../checks/check-failure.ts';
import {
  expectBody,
  expectDeleteOfNothing,
  expectNewObject,
  expectNoServerError,
  expectStatusOf,
  expectSuccess,
  expectThat,
  fieldDifferences,
} from '../checks/expect.ts';
import { deleteResource, prerequisite, recordCreated } from '../checks/fixtures.ts';
import { hasAll } from '../checks/list-walk.ts';
import { usernames } from '../checks/members.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';
import { shown } from './read-after-write.ts';

/** One PUT of a set-and-reset sequence. */
export interface RepeatStep {
  params: Record<string, unknown>;
  /** Which partition it is: 'the value it already has', 'reset to its previous value' ... */
  what: string;
  /**
   * A value sent for the first time: the server may refuse it (§2.2 leaves the format of texts open,
   * profile: input-rules), and whether it is stored is that field's own check. Either way the
   * check is blocked, naming it. A value the server accepted before must be accepted again.
   */
  firstSent?: CheckId;
  /** Why the server may refuse this PUT (a 4xx then changes nothing). */
  mayRefuse?: string;
}

/** The fields given, as two copies of the object compare them (members as sorted usernames). */
function givenAsCompared(params: Record<string, unknown>): Record<string, unknown> {
  const { contacts, ...rest } = params as { contacts?: Array<{ username: string }> };
  return contacts === undefined ? rest : { ...rest, contacts: usernames(contacts) };
}

/**
 * Each PUT of the sequence succeeds (or is refused where `mayRefuse` says a server may refuse it,
 * changing nothing), and its answer holds what was given and every other field as it was; a retrieve
 * at the end shows the object as the last answer has it. Setting a field to the value it has keeps
 * it, and a second update of a field replaces the first.
 */
export const setResetSame =
  <T extends ResourceItem>(
    resource: ResourceUnderTest<T>,
    create: (context: CheckContext) => Promise<T>,
    steps: (context: CheckContext, item: T) => RepeatStep[],
  ) =>
  async (context: CheckContext) => {
    const item = await create(context);
    let state = resource.comparable(item);
    for (const { params, what, firstSent, mayRefuse } of steps(context, item)) {
      const put = `PUT ${resource.path}/:id with ${shown(params)} (${what})`;
      const response = await resource.update(context.client, item.id, params);
      expectNoServerError(context.profile, response, put);
      if (mayRefuse !== undefined && context.profile.isRefusal(response.status)) continue;
      const given = givenAsCompared(params);
      if (firstSent !== undefined) {
        const answered = prerequisite(response, resource.schema, put, firstSent) as unknown as T;
        const missing = fieldDifferences(context.profile, resource.comparable(answered), given);
        if (missing.length > 0)
          throw new PrerequisiteFailure(
            {
              expected: `the answer to ${put} to carry what was sent`,
              received: missing.join('; '),
              exchange: response.exchange,
            },
            firstSent,
          );
      }
      expectSuccess(
        context.profile,
        response,
        `${put}: ${resource.section} gives the update no condition, and this value was accepted before`,
      );
      const answered = resource.comparable(
        expectBody(response, resource.schema, `the updated ${resource.kind}`) as unknown as T,
      );
      const differences = fieldDifferences(context.profile, answered, { ...state, ...given });
      expectThat(
        differences.length === 0,
        response,
        `the answer to ${put} to hold what was given and every other field as it was (${resource.section}: "Response: the updated ${resource.kind} object. Fields not given are unchanged.")`,
        differences.join('; '),
      );
      state = answered;
    }
    const response = await resource.retrieve(context.client, item.id);
    expectSuccess(context.profile, response, `GET ${resource.path}/:id after the PUTs`);
    const differences = fieldDifferences(
      context.profile,
      resource.comparable(expectBody(response, resource.schema) as unknown as T),
      state,
    );
    expectThat(
      differences.length === 0,
      response,
      `GET ${resource.path}/:id to show the ${resource.kind} as the last PUT left it (${resource.section})`,
      differences.join('; '),
    );
  };

/**
 * A second DELETE of the same id names nothing (§3: removed permanently): the unknown-id answer, or
 * a successful DELETE's (profile: delete-of-nothing), never a 5xx; and the object stays gone.
 */
export const deleteTwice =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const item = await resource.create(context, 'delete-twice');
    await deleteResource(context, resource.kind, item.id, `${resource.plural}.delete.not-retrievable`);
    const again = await resource.remove(context.client, item.id);
    const what = `a second DELETE ${resource.path}/:id of a ${resource.kind} already deleted (§3: removed permanently, so the id names nothing)`;
    expectDeleteOfNothing(context.profile, again, what);
    const retrieved = await resource.retrieve(context.client, item.id);
    expectStatusOf(context.profile, 'unknown-id-status', retrieved, `GET ${resource.path}/:id after ${what}`);
  };

/**
 * A PUT of a deleted id names nothing: the unknown-id answer, never a 5xx, and it does not bring the
 * object back: still not retrievable, and not in the narrow list the PUT would have put it in.
 */
export const updateAfterDelete =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>, change: (item: T) => Record<string, unknown>) =>
  async (context: CheckContext) => {
    const item = await resource.create(context, 'update-after-delete');
    await deleteResource(context, resource.kind, item.id, `${resource.plural}.delete.not-retrievable`);
    const params = change(item);
    const response = await resource.update(context.client, item.id, params);
    const retrieved = await resource.retrieve(context.client, item.id);
    const revived = context.profile.isSuccess(response.status) || context.profile.isSuccess(retrieved.status);
    // Whatever a faulty server brought back is deleted after the check.
    if (revived) context.created.add(resource.kind, item.id);
    const put = `PUT ${resource.path}/:id with ${shown(params)} of a deleted ${resource.kind}`;
    expectNoServerError(context.profile, response, put);
    expectThat(
      context.profile.isUnknownIdAnswer(retrieved.status),
      retrieved,
      `${context.profile.describe('unknown-id-status')} for GET ${resource.path}/:id after ${put} (§3: removed permanently; a PUT does not bring it back)`,
      `status ${retrieved.status}`,
    );
    const { filters, described } = resource.narrowList;
    const walk = await resource.walk(context, filters, {
      stopWhen: hasAll([item.id]),
      expect: { unlisted: [item.id] },
    });
    expectThat(
      !walk.items.some((listed) => listed.id === item.id),
      walk.pages.at(-1)!,
      `the deleted ${resource.kind} ${item.id} not listed among ${described} after ${put} (§3: removed permanently)`,
      'listed again',
    );
    expectStatusOf(
      context.profile,
      'unknown-id-status',
      response,
      `${put} (§3: removed permanently, so the id names nothing)`,
    );
  };

/**
 * A create with the same parameters as a deleted object's works and makes a new object: what was
 * given, and every other field its new-object default, not the deleted object's state.
 */
export const createAfterDelete =
  <T extends ResourceItem>(
    resource: ResourceUnderTest<T>,
    extras: (context: CheckContext) => Record<string, unknown>,
    defaults: Readonly<Record<string, unknown>>,
  ) =>
  async (context: CheckContext) => {
    const params = resource.createParams(context, 'create-after-delete');
    const step = `POST ${resource.path}`;
    const first = await resource.createWith(context.client, { ...params, ...extras(context) });
    recordCreated(context, resource.kind, first.body);
    const deleted = prerequisite(first, resource.schema, step, `${resource.plural}.create.defaults`) as unknown as T;
    // Into every state a PUT can give it, so that a create that brings it back shows.
    await resource.narrowList.apply(context, deleted);
    await deleteResource(context, resource.kind, deleted.id, `${resource.plural}.delete.not-retrievable`);
    const response = await resource.createWith(context.client, params);
    recordCreated(context, resource.kind, response.body);
    const what = `${step} with ${shown(params)} after the ${resource.kind} made with them was deleted`;
    expectSuccess(
      context.profile,
      response,
      `${what} (${resource.section}: the create has no condition a deletion could change)`,
    );
    const created = expectBody(response, resource.schema, `the created ${resource.kind}`);
    const given = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        [value, `${resource.section}: the value given at create`] as const,
      ]),
    );
    expectNewObject(
      context.profile,
      response,
      created,
      `the ${resource.kind} created after the deletion`,
      given,
      defaults,
    );
  };
