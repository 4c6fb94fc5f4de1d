// Requests real clients send that are not the usual ones: bodies of other shapes, parameters of
// the wrong type, limits that are no positive integer or beyond any maximum, and group ids that
// nearly name one of the model's groups. Each sends its whole set at once (coverage is steered,
// not left to chance), judged by the same rules as the named robustness checks, and the model
// says what the objects must be afterwards.
import type { Conversation, Group } from '../../../lib/api/resources.ts';
import type { QueryValue } from '../../../lib/api/operations.ts';
import {
  asJson,
  judgeCreate,
  judgeUpdate,
  mismatchedBodies,
  nonObjects,
  repeatedKeyBody,
} from '../../behaviours/body-shapes.ts';
import { HUGE_LIMITS, INVALID_LIMITS } from '../../behaviours/limit-partitions.ts';
import { expectBody, expectClientError, expectNoServerError, expectSuccess, expectThat } from '../../checks/expect.ts';
import { conversations, groups, type ResourceItem, type ResourceUnderTest } from '../../checks/resource-under-test.ts';
import { swapCase } from '../../checks/wrong-credentials.ts';
import { pageAfterWrite } from '../../checks/list-consistency.ts';
import { scopeHolds } from '../../checks/list-scope.ts';
import type { InvalidParams } from '../schema-arbitraries.ts';
import { defaultPageSize } from './list-command.ts';
import { expectAgrees, goneIds, pick, type Command, type Model, type Real } from './model.ts';
import { Populate } from './populate-command.ts';
import { comparableConversation, comparableGroup } from '../../checks/comparable.ts';

type Kind = 'conversation' | 'group';
const resourceOf = (kind: Kind) =>
  (kind === 'group' ? groups : conversations) as unknown as ResourceUnderTest<ResourceItem>;
const itemsOf = (model: Readonly<Model>, kind: Kind): Array<Conversation | Group> =>
  kind === 'group' ? model.groups : model.conversations;

/** The object as the server now has it becomes the model's, once the judges above agreed with it. */
async function adopt(model: Model, { context, log }: Real, kind: Kind, item: Conversation | Group): Promise<void> {
  const response = await log.step(`  GET the ${kind} → ${item.id}`, () =>
    resourceOf(kind).retrieve(context.client, item.id),
  );
  expectSuccess(context.profile, response, `GET /v1/${kind}s/:id`);
  const items = itemsOf(model, kind);
  items[items.indexOf(item)] = expectBody(response, kind) as Conversation & Group;
}

/**
 * Bodies of other shapes on one object: JSON that is no object, a key given twice, a Content-Type
 * that is not the body's (behaviours/body-shapes.ts: refused, or read some sane way; never a 5xx),
 * and the same on a create, which must be refused when the body names nothing it needs.
 */
export class OddBodies implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) =>
    model.groups.length > 0 && model.conversations.some((item) => item.group_id === null);

  async run(model: Model, real: Real): Promise<void> {
    await this.runOn('conversation', model, real);
    await this.runOn('group', model, real);
  }

  toString = () => `OddBodies(#${this.index})`;

  private async runOn(kind: Kind, model: Model, real: Real): Promise<void> {
    const { context, log } = real;
    const resource = resourceOf(kind);
    // A group's conversation is written to through its group only (object-commands.ts Delete).
    const candidates: Array<Conversation | Group> =
      kind === 'group' ? model.groups : model.conversations.filter((item) => item.group_id === null);
    const item = pick(candidates, this.index);
    const [field, first, second] =
      kind === 'group'
        ? (['name', context.names.groupName('model-first'), context.names.groupName('model-second')] as const)
        : (['is_muted', true, false] as const);
    const createField = kind === 'group' ? 'name' : 'contact_id';
    const createValue = kind === 'group' ? context.names.groupName('model-odd') : context.names.contactId('model-odd');
    const required =
      kind === 'group'
        ? '§4.2: name "Required: yes"'
        : '§4.1: contact_id or group_id, "At least one of them must be given"';
    await log.step(`${this.toString()} ${kind} → creates`, async () => {
      for (const [what, value] of nonObjects(context))
        await judgeCreate(context, resource, asJson(value), what, [], `${required}, and ${what} names no parameter`);
      for (const [what, body] of mismatchedBodies({ field: createField, value: createValue })) {
        await judgeCreate(
          context,
          resource,
          body,
          what,
          [{ [createField]: createValue }],
          `§4: ${createField} read from the body as sent, or the request refused`,
        );
      }
      if (kind === 'group')
        await judgeCreate(
          context,
          resource,
          asJson({ name: 42 }),
          'name as a JSON number',
          [{ name: '42' }],
          '§4.2: name is a string; a server refuses another type, or reads the number as its text',
        );
    });
    let expected = resource.comparable(item as ResourceItem);
    await log.step(`${this.toString()} ${kind} → updates of ${item.id}`, async () => {
      for (const [what, value] of nonObjects(context)) {
        expected = await judgeUpdate(
          context,
          resource,
          item.id,
          expected,
          asJson(value),
          what,
          [{}],
          `${resource.section}: "Fields not given are unchanged", and ${what} gives none`,
        );
      }
      expected = await judgeUpdate(
        context,
        resource,
        item.id,
        expected,
        repeatedKeyBody(context, { field, first, second }),
        `${field} given twice`,
        [{ [field]: first }, { [field]: second }],
        `${resource.section}: ${field} is one parameter; a server takes one of the values given, or refuses`,
      );
      for (const [what, body] of mismatchedBodies({ field, value: first })) {
        expected = await judgeUpdate(
          context,
          resource,
          item.id,
          expected,
          body,
          what,
          [{}, { [field]: first }],
          `${resource.section}: "Fields not given are unchanged"; ${field} as sent, or unchanged when the body was read as naming nothing`,
        );
      }
    });
    await adopt(model, real, kind, item);
  }
}

/** An update with one parameter of the wrong type or range (schema-arbitraries.ts invalidParams): a 4xx, and nothing changes. */
export class InvalidUpdate implements Command {
  constructor(
    readonly kind: Kind,
    readonly index: number,
    readonly invalid: InvalidParams,
  ) {}
  check = (model: Readonly<Model>) => itemsOf(model, this.kind).length > 0;

  async run(model: Model, { context, log }: Real): Promise<void> {
    const resource = resourceOf(this.kind);
    const item = pick(itemsOf(model, this.kind), this.index);
    const what = `PUT ${resource.path}/:id with ${this.invalid.why}`;
    const response = await log.step(`${this.toString()} → ${item.id}`, () =>
      resource.update(context.client, item.id, this.invalid.params),
    );
    expectNoServerError(context.profile, response, what);
    // Bracket keys a flat form reader may take for parameters the API does not have (schema-arbitraries.ts): unchanged either way.
    const readAsOtherNames = this.invalid.otherNamesInAFlatForm === true && context.profile.isSuccess(response.status);
    if (!readAsOtherNames) expectClientError(context.profile, response, `${what} (${resource.section})`);
    const after = await log.step(`  GET it → ${item.id}`, () => resource.retrieve(context.client, item.id));
    expectSuccess(context.profile, after, `GET ${resource.path}/:id`);
    const [actual, before] =
      this.kind === 'group'
        ? [comparableGroup(expectBody(after, 'group')), comparableGroup(item as Group)]
        : [comparableConversation(expectBody(after, 'conversation')), comparableConversation(item as Conversation)];
    expectAgrees(
      context.profile,
      after,
      actual,
      before,
      readAsOtherNames
        ? `the ${this.kind} unchanged by a PUT whose only parameter is a structure in bracket keys, read as parameters the API does not have (body-shapes.foreign-fields)`
        : `the ${this.kind} unchanged by a refused PUT (profile: refusal-status; a refused request changes nothing)`,
    );
  }

  toString = () => `InvalidUpdate(${this.kind} #${this.index}, ${this.invalid.why})`;
}

/**
 * Every limit that is no positive integer, then limit=1, then every limit beyond any maximum, on a
 * list the model knows holds more than a page of its own (after Populate). The rules are those of
 * behaviours/limit-partitions.ts: a limit that is no positive integer is refused or gets at most
 * the default page, with has_more true; limit=1 gets one item and has_more true; a huge limit is
 * refused, or gets a page that, saying more follow, is not empty and no narrower than a page of
 * as many as the model holds, and saying none follow, holds every one of them.
 */
export class OddLimits implements Command {
  constructor(readonly kind: Kind) {}
  check = (model: Readonly<Model>) =>
    itemsOf(model, this.kind).length > defaultPageSize || new Populate(this.kind).check(model);

  async run(model: Model, real: Real): Promise<void> {
    const { context, log } = real;
    // More than a page of the model's own first (Populate), so that every rule below has a premise.
    if (itemsOf(model, this.kind).length <= defaultPageSize) await new Populate(this.kind).run(model, real);
    const resource = resourceOf(this.kind);
    // The unfiltered list holds the archived ones unless DEFAULT_LIST_SCOPE=active (list-scope.ts).
    const own = new Set(
      itemsOf(model, this.kind)
        .filter((item) => scopeHolds(context, {}, item))
        .map((item) => item.id),
    );
    // Under DEFAULT_LIST_SCOPE=active a page of the model's own may not be had: no rule below has its premise.
    if (own.size <= defaultPageSize) return;
    // Once the model's writes reached the list (list-consistency.ts), a page holds all of them or says more follow.
    const showsModel = (page: { has_more: unknown; data: ReadonlyArray<{ id: string }> }) =>
      page.has_more === true || [...own].every((id) => page.data.some((item) => item.id === id));
    const list = (limit: QueryValue) =>
      log.step(`${this.toString()} → limit=${String(limit)}`, () =>
        pageAfterWrite(context, () => resource.list(context.client, { limit }), showsModel),
      );
    // Each set at once: every answer is judged on its own.
    const invalid = await Promise.all(INVALID_LIMITS.map(async (limit) => ({ limit, response: await list(limit) })));
    for (const { limit, response } of invalid) {
      const what = `GET ${resource.path}?limit=${JSON.stringify(limit)}`;
      expectNoServerError(context.profile, response, what);
      if (!context.profile.isSuccess(response.status)) {
        expectClientError(context.profile, response, `${what}, a limit that is no positive integer`);
        continue;
      }
      const page = expectBody(response, resource.listSchema, `the page for limit=${JSON.stringify(limit)}`);
      expectThat(
        page.data.length <= defaultPageSize && page.has_more,
        response,
        `at most ten and has_more true for ${what}: a limit that is no positive integer is refused, narrows the page, or is ignored for the default (§8), and the model holds ${own.size} of the user's ${resource.plural}`,
        `${page.data.length} ${resource.plural}, has_more ${String(page.has_more)}`,
      );
    }
    const one = await list(1);
    expectSuccess(context.profile, one, `GET ${resource.path}?limit=1`);
    const onePage = expectBody(one, resource.listSchema, 'the page for limit=1');
    expectThat(
      onePage.data.length === 1 && onePage.has_more,
      one,
      `one ${resource.kind} and has_more true for limit=1 (${resource.section}: limit "Limits the number"; the model holds ${own.size})`,
      `${onePage.data.length}, has_more ${String(onePage.has_more)}`,
    );
    const baseline = await list(own.size);
    if (!context.profile.isSuccess(baseline.status)) return;
    const widest = expectBody(baseline, resource.listSchema, `the page for limit=${own.size}`).data.length;
    const huge = await Promise.all(HUGE_LIMITS.map(async ({ limit }) => ({ limit, response: await list(limit) })));
    for (const { limit, response } of huge) {
      const what = `GET ${resource.path}?limit=${String(limit)}`;
      expectNoServerError(context.profile, response, what);
      if (!context.profile.isSuccess(response.status)) continue;
      const page = expectBody(response, resource.listSchema, `the page for limit=${String(limit)}`);
      const ids = new Set(page.data.map((entry) => entry.id));
      if (page.has_more) {
        expectThat(
          page.data.length >= widest,
          response,
          `a page no narrower than limit=${own.size} got (${widest}) for ${what}, which says more follow: a limit beyond the maximum is clamped to the largest page or refused (profile: largest-limit)`,
          `${page.data.length} ${resource.plural}`,
        );
      } else {
        const missing = [...own].filter((id) => !ids.has(id));
        expectThat(
          missing.length === 0,
          response,
          `every one of the model's ${own.size} ${resource.plural} on the page for ${what}, which says none follow (${resource.section}: has_more; profile: largest-limit)`,
          `missing: ${missing.slice(0, 5).join(', ')}`,
        );
      }
    }
  }

  toString = () => `OddLimits(${this.kind})`;
}

/**
 * group_id values that nearly name one of the model's groups: cut short, lengthened, in other
 * letter case, and one nobody holds. §4.1: "Only conversations of the given group are returned":
 * none names a group of the model's, so none of the model's conversations may be listed (or the
 * request is refused, §7).
 */
export class NearGroupIds implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.groups.length > 0;

  async run(model: Model, { context, log }: Real): Promise<void> {
    const group = pick(model.groups, this.index);
    const id = group.id;
    const swapped = swapCase(id);
    const taken = new Set([...model.groups.map((item) => item.id), ...goneIds(model, 'group')]);
    // Never empty (which a server may read as no filter at all), nor another group's id of the run.
    const near = [
      id.slice(0, -1),
      `${id}x`,
      `x${id}`,
      id.slice(1),
      ...(swapped === id ? [] : [swapped]),
      context.names.unknownId('group'),
    ].filter((value) => value !== '' && !taken.has(value));
    const mine = new Map(model.conversations.map((item) => [item.id, item]));
    const answers = await Promise.all(
      near.map(async (value) => {
        // Ids a server compares without regard to case (UUIDs may be) are fine when it does so everywhere.
        if (
          value === swapped &&
          context.profile.isSuccess(
            (await log.step(`  GET /v1/groups/${value}`, () => context.client.retrieveGroup(value))).status,
          )
        )
          return undefined;
        const response = await log.step(`${this.toString()} → group_id=${value}`, () =>
          context.client.listConversations({ group_id: value, limit: 100 }),
        );
        return { value, response };
      }),
    );
    for (const answer of answers) {
      if (answer === undefined) continue;
      const { value, response } = answer;
      const what = `GET /v1/conversations?group_id=${value} (near the group ${id})`;
      expectNoServerError(context.profile, response, what);
      if (!context.profile.isSuccess(response.status)) continue;
      const page = expectBody(response, 'conversation-list', what);
      const listed = page.data
        .filter((item) => mine.has(item.id))
        .map((item) => `${item.id} (group_id ${String(mine.get(item.id)!.group_id)})`);
      expectThat(
        listed.length === 0,
        response,
        `none of the run's conversations for ${what}: "Only conversations of the given group are returned" (§4.1), and no group of the run's has that id`,
        `listed: ${listed.join(', ')}`,
      );
    }
  }

  toString = () => `NearGroupIds(group #${this.index})`;
}
