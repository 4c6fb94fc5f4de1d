// Listing, unfiltered or with one or two filters at once, and walking its pages at a drawn page
// size: of this run's own objects, every one listed matches every filter given (§4.1: each filter
// returns "only" what matches it, so together they AND), none is listed twice, nothing deleted shows
// up (a group's conversation goes with its group, §3), and every one the model says matches is found.
import type { Conversation, Group } from '../../../lib/api/resources.ts';
import type { ApiResponse } from '../../../lib/core/client/api-client.ts';
import { CheckFailure } from '../../checks/check-failure.ts';
import { expectThat, fieldDifferences } from '../../checks/expect.ts';
import { scopeHolds } from '../../checks/list-scope.ts';
import {
  positionalPagination,
  undisturbedWalk,
  walkConversations,
  walkGroups,
  type Walk,
} from '../../checks/list-walk.ts';
import { comparableConversation, comparableGroup } from '../../checks/comparable.ts';
import { listWriters } from '../../checks/list-writers.ts';
import { expectAgrees, goneIds, pick, type Command, type Model, type Real } from './model.ts';

export type ListFilter = 'muted' | 'pinned' | 'archived' | 'group_id';
export type ListResource = 'conversations' | 'groups';

export interface ListShape {
  resource: ListResource;
  filters: readonly ListFilter[];
}

/**
 * What a list command may ask for: every conversation filter alone and in each pair (a pairwise
 * design over the four, not their full product), the unfiltered lists, and groups by archived.
 */
export const listShapes: readonly ListShape[] = (() => {
  const flags: ListFilter[] = ['muted', 'pinned', 'archived', 'group_id'];
  const pairs = flags.flatMap((first, at) => flags.slice(at + 1).map((second) => [first, second]));
  return [
    { resource: 'conversations', filters: [] },
    ...flags.map((flag) => ({ resource: 'conversations' as const, filters: [flag] })),
    ...pairs.map((filters) => ({ resource: 'conversations' as const, filters })),
    { resource: 'groups', filters: [] },
    { resource: 'groups', filters: ['archived'] },
  ];
})();

const flagMatches: Record<Exclude<ListFilter, 'group_id'>, (item: Conversation | Group) => boolean> = {
  muted: (item) => (item as Conversation).is_muted,
  pinned: (item) => (item as Conversation).is_pinned,
  archived: (item) => item.archived_at !== null,
};

interface Plan {
  query: Record<string, string>;
  /** The run's own objects that must be listed. */
  expected: Set<string>;
  /** Every id that is the run's own, deleted ones included. */
  own: Set<string>;
  walking: () => Promise<Walk<{ id: string }>>;
  /** The first page, asked for alone, when the list names a deleted group: a server may refuse it. */
  refusable?: () => Promise<ApiResponse>;
  /** The list holds the run's own objects only (one of its groups' conversations): the model knows it whole. */
  whole?: boolean;
}

/** §8: "Default page size of list operations: 10 items". */
export const defaultPageSize = 10;
// Walked to the end, so that an object listed wrongly shows wherever it is, within a bound for a
// target full of other data (then what is missing is not judged); --depth thorough lists hundreds.
const maxPages = (context: Real['context']) => (context.target.depth === 'thorough' ? 60 : 20);

/** The groups a group_id filter may name: those that exist, then those deleted (whose conversations went with them). */
const groupCandidates = (model: Readonly<Model>) => [
  ...model.groups.map((group) => group.id),
  ...goneIds(model, 'group'),
];

export class ListAndWalk implements Command {
  /** limit 'default': none is sent, and the pages are of the default size (§8). */
  constructor(
    readonly resource: ListResource,
    readonly filters: readonly ListFilter[],
    readonly limit: number | 'default',
    readonly index: number,
  ) {}

  check = (model: Readonly<Model>): boolean => {
    if (this.filters.includes('group_id')) return groupCandidates(model).length > 0;
    // Unfiltered, the list is everything the user holds: walked only when the run has something in it.
    if (this.filters.length > 0) return true;
    return this.resource === 'groups'
      ? model.groups.length + goneIds(model, 'group').length > 0
      : model.conversations.length + goneIds(model, 'conversation').length > 0;
  };

  async run(model: Model, real: Real): Promise<void> {
    // Walks of small pages over lists that other checks and runs write to at the same time can
    // lose their cursor or shift; a server that really lists wrongly does so on every walk. Under
    // page numbers and offsets every walk may shift on a busy machine, so the last is judged only
    // on a list that stood still (two walks in a row alike), or the case is not judged at all.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.walkAndCompare(model, real, attempt === 3 && positionalPagination(real.context));
      } catch (error) {
        if (!(error instanceof CheckFailure) || attempt === 3) throw error;
      }
    }
  }

  private async walkAndCompare(model: Model, { context, log }: Real, steady: boolean): Promise<void> {
    const plan = this.plan(model, context);
    const { query, expected, own, refusable } = plan;
    const walked: Array<readonly { id: string }[]> = [];
    const walking = steady
      ? async () =>
          (await undisturbedWalk(plan.walking, 2, walked)) ??
          context.skip(
            `/v1/${this.resource} changed between every two walks (${listWriters(context.target, walked)}), and PAGINATION=${context.target.pagination.kind} pages move with it`,
          )
      : plan.walking;
    const asked = new URLSearchParams(query).toString();
    if (refusable) {
      // §7 leaves errors open: a server may refuse group_id of a group that no longer exists, which
      // lists nothing of it too (as groups.delete.cascade accepts). Otherwise the list is walked.
      const first = await log.step(`${this.toString()} → ${this.resource}?${asked}, of a deleted group`, refusable);
      // A filter by an id that names nothing may be refused (profile: unknown-id-status, refusal-status).
      if (context.profile.isRefusal(first.status) || context.profile.isUnknownIdAnswer(first.status)) return;
    }
    const walk = await log.step(`${this.toString()} → ${this.resource}?${asked}`, walking);
    const last = walk.pages.at(-1)!;
    const listedOwn = walk.items.filter((item) => own.has(item.id)).map((item) => item.id);
    const repeated = listedOwn.filter((id, at) => listedOwn.indexOf(id) !== at);
    expectThat(
      repeated.length === 0,
      last,
      `each of the run's own objects listed at most once (§4.3), limit=${this.limit}`,
      `repeated: ${repeated.join(', ')}`,
    );
    const wrong = listedOwn.filter((id) => !expected.has(id));
    expectThat(
      wrong.length === 0,
      last,
      `only objects that still exist (§3: deleted ones are removed permanently, a group's conversation with its group)${this.filters.length > 0 ? ` and match ${this.described()} (§4.1, §4.2: each filter returns only what matches it)` : ''}`,
      `also listed: ${wrong.map((id) => `${id} (${whyNot(model, id)})`).join(', ')}`,
    );
    this.expectCopiesAsModel(model, context, walk);
    const missing = [...expected].filter((id) => !listedOwn.includes(id));
    if (walk.complete) {
      expectThat(
        missing.length === 0,
        last,
        `every object the model says is in /v1/${this.resource}?${asked} listed (§4.1, §4.2: the lists and their filters)`,
        `missing: ${missing.join(', ')}`,
      );
    }
    this.expectPageSizes(walk);
    if (walk.complete && plan.whole) this.expectNoEmptyLastPage(walk);
  }

  /**
   * §4.1, §4.2: the lists hold "conversation objects" and "group objects": each of the model's, as
   * listed, is the object as the model has it, as a retrieve would show it (a list is no cache).
   */
  private expectCopiesAsModel(model: Readonly<Model>, context: Real['context'], walk: Walk<{ id: string }>): void {
    for (const listed of walk.items) {
      const known =
        this.resource === 'groups'
          ? model.groups.find((item) => item.id === listed.id)
          : model.conversations.find((item) => item.id === listed.id);
      if (!known) continue;
      const page =
        walk.pages.find((candidate) => candidate.text.includes(JSON.stringify(listed.id))) ?? walk.pages.at(-1)!;
      const [actual, expected] =
        this.resource === 'groups'
          ? [comparableGroup(listed as Group), comparableGroup(known as Group)]
          : [comparableConversation(listed as Conversation), comparableConversation(known as Conversation)];
      expectAgrees(
        context.profile,
        page,
        actual,
        expected,
        `the ${this.resource === 'groups' ? 'group' : 'conversation'} ${listed.id} as /v1/${this.resource} lists it (§4.1, §4.2: a list of the objects themselves)`,
      );
    }
  }

  /** §4.1, §4.2: limit "Limits the number ... returned"; §8: without it, a page holds at most ten. */
  private expectPageSizes(walk: Walk<{ id: string }>): void {
    for (const [at, page] of walk.pages.entries()) {
      const asked = new URL(page.exchange.url).searchParams.get('limit');
      const most = asked === null ? defaultPageSize : Number(asked);
      const size = (page.body as { data?: unknown[] }).data?.length ?? 0;
      expectThat(
        size <= most,
        page,
        asked === null
          ? `at most ${defaultPageSize} items on a page asked for without limit (§8: "Default page size of list operations: 10 items")`
          : `at most ${asked} items on a page asked for with limit=${asked} (§4.1, §4.2: limit "Limits the number" returned)`,
        `${size} items on page ${at + 1}`,
      );
    }
  }

  /**
   * A list the model knows whole (the conversations of one of its groups): has_more true promises
   * more, so a walk that ends on an empty page followed a page that should have said false (§4.1:
   * has_more false on the last page).
   */
  private expectNoEmptyLastPage(walk: Walk<{ id: string }>): void {
    const last = walk.pages.at(-1)!;
    const empty = ((last.body as { data?: unknown[] }).data?.length ?? 0) === 0;
    expectThat(
      !(empty && walk.pages.length > 1),
      last,
      `has_more false on the last page of /v1/${this.resource} of the run's own group, whose items the model knows (§4.1: has_more false on the last page, as conversations.list.has-more-false-at-limit holds)`,
      `has_more true on page ${walk.pages.length - 1}, then an empty page ${walk.pages.length}`,
    );
  }

  /** What to ask for, which of the run's own objects must be listed, and which are its own at all. */
  private plan(model: Model, context: Real['context']): Plan {
    const limit = this.limit;
    if (this.resource === 'groups') {
      const archived = this.filters.includes('archived');
      const filters = archived ? { archived: true } : {};
      // An archived one is in a list without archived only when such a list holds every record (list-scope.ts).
      const listed = model.groups.filter(
        (group) => (!archived || flagMatches.archived(group)) && scopeHolds(context, filters, group),
      );
      const expected = new Set(listed.map((group) => group.id));
      const own = new Set([...model.groups.map((group) => group.id), ...goneIds(model, 'group')]);
      const walking = () =>
        walkGroups(context, filters, {
          limit,
          maxPages: maxPages(context),
          expect: expectation(context, listed, own, comparableGroup),
        });
      return {
        query: { ...(archived ? { archived: 'true' } : {}), ...(limit === 'default' ? {} : { limit: String(limit) }) },
        expected,
        own,
        walking,
      };
    }
    const groupId = this.filters.includes('group_id') ? pick(groupCandidates(model), this.index) : undefined;
    const filters = Object.fromEntries(this.filters.map((filter) => [filter, filter === 'group_id' ? groupId! : true]));
    const matchesAll = (item: Conversation) =>
      this.filters.every((filter) => (filter === 'group_id' ? item.group_id === groupId : flagMatches[filter](item))) &&
      scopeHolds(context, filters, item);
    const listed = model.conversations.filter(matchesAll);
    const expected = new Set(listed.map((item) => item.id));
    // A conversation that no longer belongs to its group is the run's own only where its group is asked for.
    const own = new Set([
      ...model.conversations.map((item) => item.id),
      ...goneIds(model, 'conversation'),
      ...(groupId === undefined ? [] : model.released),
    ]);
    const walking = () =>
      walkConversations(context, filters, {
        limit,
        maxPages: maxPages(context),
        expect: expectation(context, listed, own, comparableConversation),
      });
    const query = {
      ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, String(value)])),
      ...(limit === 'default' ? {} : { limit: String(limit) }),
    };
    const deletedGroup = groupId !== undefined && goneIds(model, 'group').includes(groupId);
    const first = () => context.client.listConversations({ ...filters, ...(limit === 'default' ? {} : { limit }) });
    return {
      query,
      expected,
      own,
      walking,
      ...(deletedGroup ? { refusable: first } : {}),
      whole: groupId !== undefined && !deletedGroup,
    };
  }

  private described = () =>
    this.filters
      .map((filter) => (filter === 'group_id' ? `group_id=<group #${this.index}>` : `${filter}=true`))
      .join(' and ');

  toString = () =>
    `ListAndWalk(${this.resource}${this.filters.length > 0 ? ` ${this.described()}` : ', unfiltered'}, limit=${this.limit})`;
}

/**
 * What a walk should show once the model's writes reached the list (list-consistency.ts): every
 * object the model lists there, as the model has it, and none of the run's own others.
 */
function expectation<T extends Conversation | Group>(
  context: Real['context'],
  listed: readonly T[],
  own: ReadonlySet<string>,
  comparable: (item: T) => Record<string, unknown>,
) {
  const byId = new Map(listed.map((item) => [item.id, item]));
  return {
    listed,
    unlisted: [...own].filter((id) => !byId.has(id)),
    current: (found: { id: string }) =>
      fieldDifferences(context.profile, comparable(found as T), comparable(byId.get(found.id)!)).length === 0,
  };
}

/** Why one of the run's own objects should not have been listed, for the failure message. */
function whyNot(model: Readonly<Model>, id: string): string {
  if (model.gone.some((item) => item.id === id)) return 'deleted';
  if (model.released.includes(id)) return "no longer its group's conversation";
  const conversation = model.conversations.find((item) => item.id === id);
  if (conversation)
    return `is_muted ${conversation.is_muted}, is_pinned ${conversation.is_pinned}, archived_at ${conversation.archived_at}, group_id ${conversation.group_id}`;
  const group = model.groups.find((item) => item.id === id);
  return group ? `archived_at ${group.archived_at}` : 'unknown to the model';
}
