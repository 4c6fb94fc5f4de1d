// Every write seen by every read path (§3, §4.1, §4.2): after a PUT, the retrieve, the unfiltered
// list and each filtered list show the object as the PUT left it, each filter listing it exactly
// when it matches; after a DELETE, none of them shows it. A cache or an index on one read path
// that a write does not reach is what these find. Both resources alike.
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../checks/check-context.ts';
import type { CheckId } from '../checks/check-ids.ts';
import { PrerequisiteFailure } from '../checks/check-failure.ts';
import { expectBody, expectSuccess, expectThat, fieldDifferences } from '../checks/expect.ts';
import { deleteResource } from '../checks/fixtures.ts';
import { hasAll, walkFinding, type Walk } from '../checks/list-walk.ts';
import { scopeHolds } from '../checks/list-scope.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';
import { put } from './update.ts';

/** A filtered list, and whether an object belongs in it. */
export interface ListView<T> {
  filters: Record<string, string | boolean>;
  /** What the spec says of the filter, e.g. '§4.1: muted=true returns only muted conversations'. */
  rule: string;
  holds(item: T): boolean;
  /** The check of the filter itself: it carries the failure when an object that matches is not listed before the delete. */
  check: CheckId;
}

const queryOf = (filters: Record<string, string | boolean>) =>
  new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString();

/** The parameters of a PUT, for messages: is_muted=true, name="...". */
export const shown = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join(', ');

/** The page of a walk that lists the id, or the last page read. */
function pageHolding(walk: Walk<{ id: string }>, id: string): ApiResponse {
  return (
    walk.pages.find((page) =>
      ((page.body as { data?: Array<{ id: string }> } | undefined)?.data ?? []).some((item) => item.id === id),
    ) ?? walk.pages.at(-1)!
  );
}

/**
 * What the reads of one object found, against what they should: the unproven ones (a list that could
 * not be read to its end, so that absence, or presence, is not shown) are collected, not judged.
 */
class Reads<T extends ResourceItem> {
  readonly unproven: string[] = [];
  constructor(
    private readonly context: CheckContext,
    private readonly resource: ResourceUnderTest<T>,
  ) {}

  /** GET /:id shows the object as `expected` (the fields two copies must agree on). */
  async retrieveShows(expected: T, after: string): Promise<void> {
    const { context, resource } = this;
    const response = await resource.retrieve(context.client, expected.id);
    expectSuccess(context.profile, response, `GET ${resource.path}/:id ${after}`);
    const differences = fieldDifferences(
      context.profile,
      resource.comparable(expectBody(response, resource.schema) as unknown as T),
      resource.comparable(expected),
    );
    expectThat(
      differences.length === 0,
      response,
      `GET ${resource.path}/:id ${after} to show the ${resource.kind} as the write left it (${resource.section}: "retrieve a ${resource.kind} by id")`,
      differences.join('; '),
    );
  }

  /** The list `filters` selects shows the object as `expected` (listed), or does not list it. */
  async listShows(
    filters: Record<string, string | boolean>,
    expected: T,
    listed: boolean,
    after: string,
    why: string,
  ): Promise<void> {
    const { context, resource } = this;
    const query = queryOf(filters);
    const where = `GET ${resource.path}${query ? `?${query}` : ''}`;
    // What the write should show there: given time under LIST_CONSISTENCY=eventual:<ms> (list-consistency.ts).
    const current = (found: T) =>
      fieldDifferences(context.profile, resource.comparable(found), resource.comparable(expected)).length === 0;
    const walk = listed
      ? await walkFinding(
          context,
          () =>
            resource.walk(context, filters, {
              stopWhen: hasAll([expected.id]),
              expect: { listed: [expected], current },
            }),
          [expected.id],
          where,
        )
      : await resource.walk(context, filters, { stopWhen: hasAll([expected.id]), expect: { unlisted: [expected.id] } });
    const found = walk.items.find((item) => item.id === expected.id);
    if (!listed) {
      expectThat(
        found === undefined,
        pageHolding(walk, expected.id),
        `${where} ${after} not to list ${resource.kind} ${expected.id} (${why})`,
        'listed',
      );
      if (!walk.complete) this.unproven.push(`${where} ${after}: absence unproven, ${walk.stoppedBecause}`);
      return;
    }
    if (found === undefined) {
      if (!walk.complete)
        return void this.unproven.push(
          `${where} ${after}: ${expected.id} not among the pages read, ${walk.stoppedBecause}`,
        );
      expectThat(
        false,
        walk.pages.at(-1)!,
        `${where} ${after} to list ${resource.kind} ${expected.id} (${why})`,
        `not listed in ${walk.pages.length} page(s)`,
      );
      return;
    }
    const differences = fieldDifferences(context.profile, resource.comparable(found), resource.comparable(expected));
    expectThat(
      differences.length === 0,
      pageHolding(walk, expected.id),
      `${where} ${after} to list ${resource.kind} ${expected.id} as the write left it (${why})`,
      differences.join('; '),
    );
  }

  /** Ends the check as skipped when some read could not be judged (and nothing failed). */
  settle(): void {
    if (this.unproven.length > 0)
      this.context.skip(`not every list could be read to its end: ${this.unproven.join('; ')}`);
  }
}

export interface SeenByEveryRead<T extends ResourceItem> {
  /** The object the PUTs change, and the lists that hold it whatever the PUTs do (a group_id list). */
  subject(context: CheckContext): Promise<{ item: T; always: Array<Omit<ListView<T>, 'holds' | 'check'>> }>;
  /** The filters whose membership the PUTs change: each is read whenever a PUT makes the object start or stop matching it. */
  views: ReadonlyArray<Omit<ListView<T>, 'check'>>;
  steps(context: CheckContext, item: T): Array<Record<string, unknown>>;
}

/**
 * After each PUT of a sequence: the retrieve, the unfiltered list, the lists that always hold the
 * object, and every filter it starts or stops matching (listed, or not) show it as the PUT's answer
 * has it. The PUT taking is the premise (the answer carries what was sent; update.ts).
 */
export const updateSeenByEveryRead =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>, plan: SeenByEveryRead<T>) =>
  async (context: CheckContext) => {
    const { item, always } = await plan.subject(context);
    const reads = new Reads(context, resource);
    // A list without archived holds an archived object unless DEFAULT_LIST_SCOPE=active (list-scope.ts).
    const holds = (view: Omit<ListView<T>, 'check'>, object: T) =>
      view.holds(object) && scopeHolds(context, view.filters, object);
    const everyOne = {
      filters: {},
      rule: `${resource.section}: the list of ${resource.plural} holds every one of them`,
      holds: () => true,
    };
    let before = item;
    for (const params of plan.steps(context, item)) {
      const { updated } = await put(context, resource, item.id, params);
      const after = `after PUT ${resource.path}/:id with ${shown(params)}`;
      await reads.retrieveShows(updated, after);
      for (const view of [everyOne, ...always.map((view) => ({ ...view, holds: () => true }))]) {
        await reads.listShows(
          view.filters,
          updated,
          holds(view, updated),
          after,
          holds(view, updated) ? view.rule : `${view.rule}, the active ones only (DEFAULT_LIST_SCOPE=active)`,
        );
      }
      for (const view of plan.views) {
        if (holds(view, before) !== holds(view, updated))
          await reads.listShows(view.filters, updated, holds(view, updated), after, view.rule);
      }
      before = updated;
    }
    reads.settle();
  };

/**
 * An object in every list a filter can put it in (narrowList: muted, pinned and archived) is
 * listed there and in the unfiltered list (the premise); once deleted, it is neither retrievable,
 * nor in the unfiltered list, nor in any of those lists, each read alone (§3: "removed permanently").
 */
export const deleteSeenByEveryRead =
  <T extends ResourceItem>(
    resource: ResourceUnderTest<T>,
    views: ReadonlyArray<ListView<T>>,
    unfilteredCheck: CheckId,
  ) =>
  async (context: CheckContext) => {
    const made = await resource.create(context, 'deleted-everywhere');
    const item = await resource.narrowList.apply(context, made);
    // Archived, it is in a list without archived only when such a list holds every record (DEFAULT_LIST_SCOPE; list-scope.ts).
    const lists = [
      {
        filters: {},
        rule: `${resource.section}: the list of ${resource.plural} holds every one of them`,
        check: unfilteredCheck,
      },
      ...views,
    ].filter((view) => scopeHolds(context, view.filters, item));
    for (const view of lists) {
      const query = queryOf(view.filters);
      const walk = await walkFinding(
        context,
        () => resource.walk(context, view.filters, { stopWhen: hasAll([item.id]), expect: { listed: [item] } }),
        [item.id],
        `GET ${resource.path}?${query}`,
      );
      if (walk.items.some((listed) => listed.id === item.id)) continue;
      if (!walk.complete)
        context.skip(
          `GET ${resource.path}?${query} could not be read far enough to find ${item.id} before the delete: ${walk.stoppedBecause}`,
        );
      throw new PrerequisiteFailure(
        {
          expected: `GET ${resource.path}${query ? `?${query}` : ''} to list ${item.id} before the delete (${view.rule})`,
          received: 'not listed',
          exchange: walk.pages.at(-1)!.exchange,
        },
        view.check,
      );
    }
    await deleteResource(context, resource.kind, item.id, `${resource.plural}.delete.not-retrievable`);
    const gone = await resource.retrieve(context.client, item.id);
    expectThat(
      context.profile.isUnknownIdAnswer(gone.status),
      gone,
      `${context.profile.describe('unknown-id-status')} for GET ${resource.path}/:id of the deleted ${resource.kind} (§3: removed permanently)`,
      `status ${gone.status}`,
    );
    const reads = new Reads(context, resource);
    for (const view of lists)
      await reads.listShows(
        view.filters,
        item,
        false,
        'after the delete',
        `§3: a deleted ${resource.kind} is removed permanently, from every list`,
      );
    reads.settle();
  };

/**
 * Each PUT names one field; the answer and a retrieve after it show every other field as it was,
 * the related ones included (is_pinned and pinned_message_id; a group's name, description, avatar
 * and members), on an object whose fields all hold values and with flags set to false as well as
 * true: §4.1, §4.2 "Fields not given are unchanged."
 */
export const relatedFieldsKept =
  <T extends ResourceItem>(
    resource: ResourceUnderTest<T>,
    create: (context: CheckContext) => Promise<T>,
    steps: (context: CheckContext, item: T) => Array<Record<string, unknown>>,
  ) =>
  async (context: CheckContext) => {
    const item = await create(context);
    let before = item;
    for (const params of steps(context, item)) {
      const given = Object.keys(params);
      const { response, updated } = await put(context, resource, item.id, params);
      const others = Object.fromEntries(
        Object.entries(resource.comparable(before)).filter(([name]) => !given.includes(name)),
      );
      const why = `${resource.section}: "Fields not given are unchanged" after a PUT of ${shown(params)} alone`;
      const differences = fieldDifferences(context.profile, resource.comparable(updated), others);
      expectThat(differences.length === 0, response, why, differences.join('; '));
      const retrieved = await resource.retrieve(context.client, item.id);
      expectSuccess(context.profile, retrieved, `GET ${resource.path}/:id after a PUT of ${given.join(', ')}`);
      const kept = fieldDifferences(
        context.profile,
        resource.comparable(expectBody(retrieved, resource.schema) as unknown as T),
        others,
      );
      expectThat(kept.length === 0, retrieved, `${why}, as a retrieve shows it`, kept.join('; '));
      before = updated;
    }
  };
