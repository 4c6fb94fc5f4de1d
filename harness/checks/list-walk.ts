// Walks a list page by page in the declared pagination style, validating every page. Checks use it
// to find their own items among whatever else the target holds, never assuming totals or positions.
import { everyReading } from '../../lib/core/profile/server-profile.ts';
import type { Conversation, ConversationListParams, Group, GroupListParams } from '../../lib/api/resources.ts';
import type { ApiClient, ApiResponse } from '../../lib/core/client/api-client.ts';
import { nextPageQuery } from '../../lib/core/client/pagination.ts';
import type { QueryValue } from '../../lib/api/operations.ts';
import type { CheckContext } from './check-context.ts';
import { CheckFailure, CheckSkipped, RepeatedPageFailure } from './check-failure.ts';
import { expectBody, expectSuccess } from './expect.ts';
import { readAfterWrite, walkShows, type ListExpectation } from './list-consistency.ts';
import { hintIfArchivedLeftOut } from './list-scope.ts';
import { listWriters } from './list-writers.ts';

export interface Walk<T> {
  items: T[];
  pages: ApiResponse[];
  /** The last page said has_more false: every item of the list was seen. */
  complete: boolean;
  /** Why the walk ended before the end of the list (page bound reached, PAGINATION=none, stopWhen). */
  stoppedBecause?: string;
}

export interface WalkOptions<T> {
  /**
   * Page size asked for; a server that refuses it (4xx) is walked at its default page size.
   * 'default': no limit is sent, and every page is of the default size (§8: ten items). Unset: 100.
   */
  limit?: number | 'default';
  maxPages?: number;
  /** Stop as soon as this holds for the items seen so far. */
  stopWhen?: (items: T[]) => boolean;
  /** Walk as another user (the second user of isolation checks); by default the first. */
  client?: ApiClient;
  /** Called once each page is read (index 0 first), before the next is asked for: to look at the list between two pages. */
  afterPage?: (index: number, items: readonly T[]) => Promise<void>;
  /**
   * What the walk should show of the check's own writes (profile: list-consistency): under
   * LIST_CONSISTENCY=eventual:<ms> the list is walked again, whole, until it does or the bound has
   * passed; nothing declared, once more a moment later, for the hint of the check's failure.
   */
  expect?: ListExpectation<T>;
}

type ListFn = (query: Record<string, QueryValue>) => Promise<ApiResponse>;

const defaultMaxPages = 100;

/**
 * The item a starting_after cursor names may be deleted between two pages by someone else (another
 * check or run cleaning up). The item before it is then as good a cursor: the page after it starts
 * where the deleted one would have, and nothing seen is listed again. Up to twenty steps back
 * through the items seen so far (small pages over a list others archive and delete from lose
 * several in a row); then the original answer stands.
 */
async function stepBack(
  list: ListFn,
  limit: number | undefined,
  seenIds: readonly string[],
  refused: ApiResponse,
): Promise<ApiResponse> {
  for (const cursor of seenIds.slice(-21, -1).reverse()) {
    const response = await list({ starting_after: cursor, limit });
    // The first cursor not refused (profile: pagination; §4.3 leaves what a stale one gets open).
    if (!everyReading.isRefusal(response.status)) return response;
  }
  return refused;
}

/** Every cursor seen so far was refused: the walk starts again from the first page (walkAgain). */
class CursorRefused extends Error {
  /** `cursor`: the id the refused page was asked after (the last item of the page before). */
  constructor(
    readonly response: ApiResponse,
    readonly page: string,
    readonly cursor: string | undefined,
  ) {
    super('every cursor of the walk was refused');
  }
}

async function walk<T extends { id: string }>(
  context: CheckContext,
  list: ListFn,
  schema: 'conversation-list' | 'group-list',
  what: string,
  options: WalkOptions<T>,
): Promise<Walk<T>> {
  const { maxPages = defaultMaxPages, stopWhen } = options;
  const items: T[] = [];
  const pages: ApiResponse[] = [];
  let limit: number | undefined = options.limit === 'default' ? undefined : (options.limit ?? 100);
  let next: Record<string, QueryValue> = {};
  const seenOrder: string[] = [];
  const seen = new Set<string>();
  // Page numbers and offsets shift under others' writes, so one page of items already seen may be
  // innocent there; three in a row are not. Cursors never legitimately serve one.
  const shifting = positionalPagination(context);
  let pagesOfSeenItems = 0;
  for (let index = 0; index < maxPages; index++) {
    let response = await list({ ...next, limit });
    if (index === 0 && limit !== undefined && context.profile.isRefusal(response.status)) {
      // §8: the maximum limit is not shown; a server may refuse a large one. Use its default (profile: largest-limit, list-order).
      limit = undefined;
      response = await list({ ...next });
    }
    if (
      index > 0 &&
      context.profile.isRefusal(response.status) &&
      context.target.pagination.kind === 'starting_after'
    ) {
      response = await stepBack(list, limit, seenOrder, response);
      if (context.profile.isRefusal(response.status))
        throw new CursorRefused(response, `GET ${what} (page ${index + 1})`, seenOrder.at(-1));
    }
    pages.push(response);
    expectSuccess(context.profile, response, `GET ${what} (page ${index + 1})`);
    const envelope = expectBody(response, schema, `page ${index + 1} of ${what}`);
    const pageIds = envelope.data.map((item) => item.id);
    pagesOfSeenItems =
      index > 0 && pageIds.length > 0 && pageIds.every((id) => seen.has(id)) ? pagesOfSeenItems + 1 : 0;
    if (pagesOfSeenItems >= (shifting ? 3 : 1)) {
      // A server that ignores the way to the next page serves the same items again and again.
      throw new RepeatedPageFailure({
        expected: `page ${index + 1} to go on past the items already seen (PAGINATION=${context.target.pagination.kind})`,
        received: `only items of earlier pages: ${pageIds.slice(0, 5).join(', ')}${pageIds.length > 5 ? ', ...' : ''}`,
        exchange: response.exchange,
      });
    }
    for (const id of pageIds) seen.add(id);
    seenOrder.push(...pageIds);
    items.push(...(envelope.data as unknown as T[]));
    await options.afterPage?.(index, items);
    if (!envelope.has_more) return { items, pages, complete: true };
    if (envelope.data.length === 0) {
      throw new CheckFailure({
        expected: 'a page with has_more true to hold items',
        received: 'an empty page with has_more true',
        exchange: response.exchange,
      });
    }
    if (stopWhen?.(items)) return { items, pages, complete: false, stoppedBecause: 'found what it looked for' };
    const following = nextPageQuery(context.target.pagination, {
      index,
      itemsSoFar: items.length,
      lastId: pageIds.at(-1),
      envelope: envelope as unknown as Record<string, unknown>,
    });
    if ('unsupported' in following)
      return { items, pages, complete: false, stoppedBecause: 'PAGINATION=none: only the first page can be read' };
    if ('problem' in following)
      throw new CheckFailure({
        expected: 'a way to the next page',
        received: following.problem,
        exchange: response.exchange,
      });
    next = following.query;
  }
  return { items, pages, complete: false, stoppedBecause: `the list is longer than ${maxPages} pages` };
}

export function walkConversations(
  context: CheckContext,
  filters: ConversationListParams = {},
  options: WalkOptions<Conversation> = {},
): Promise<Walk<Conversation>> {
  const query = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString();
  const client = options.client ?? context.client;
  const leftTheList = cursorLeftTheList((id) => client.retrieveConversation(id), filters);
  const where = `GET /v1/conversations${query ? `?${query}` : ''}`;
  return walkExpecting(
    context,
    filters,
    options,
    where,
    (ids) => walkConversations(context, { ...filters, archived: true }, { client, stopWhen: hasAll(ids) }),
    () =>
      walkAgainIfShifted(context, options, leftTheList, () =>
        walk<Conversation>(
          context,
          (page) => client.call('listConversations', { query: { ...filters, ...page } }),
          'conversation-list',
          where.slice('GET '.length),
          options,
        ),
      ),
  );
}

export function walkGroups(
  context: CheckContext,
  filters: GroupListParams = {},
  options: WalkOptions<Group> = {},
): Promise<Walk<Group>> {
  const query = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString();
  const client = options.client ?? context.client;
  const leftTheList = cursorLeftTheList((id) => client.retrieveGroup(id), filters);
  const where = `GET /v1/groups${query ? `?${query}` : ''}`;
  return walkExpecting(
    context,
    filters,
    options,
    where,
    (ids) => walkGroups(context, { ...filters, archived: true }, { client, stopWhen: hasAll(ids) }),
    () =>
      walkAgainIfShifted(context, options, leftTheList, () =>
        walk<Group>(
          context,
          (page) => client.call('listGroups', { query: { ...filters, ...page } }),
          'group-list',
          where.slice('GET '.length),
          options,
        ),
      ),
  );
}

/**
 * A walk, given time to show what the check wrote when `options.expect` says what that is
 * (list-consistency.ts); when it still does not, and it is a list without archived that should
 * have held archived records, whether archived=true holds them (the hint of default-list-scope).
 */
async function walkExpecting<T extends { id: string }>(
  context: CheckContext,
  filters: object,
  options: WalkOptions<T>,
  where: string,
  walkArchived: (ids: readonly string[]) => Promise<Walk<T>>,
  walkOnce: () => Promise<Walk<T>>,
): Promise<Walk<T>> {
  const { expect } = options;
  if (expect === undefined) return walkOnce();
  const result = await readAfterWrite(context, walkOnce, (seen) => walkShows(seen, expect));
  if (!('archived' in filters) && !walkShows(result, expect)) {
    const seen = new Set(result.items.map((item) => item.id));
    await hintIfArchivedLeftOut(
      context,
      where,
      (expect.listed ?? []).filter((item) => !seen.has(item.id)),
      { archived: walkArchived, again: walkOnce },
    );
  }
  return result;
}

/**
 * Whether the item a refused cursor named has left the walked list since its page was read: it is
 * gone (any unknown-id answer), or no longer matches the archived or group_id filter. A server may
 * refuse a cursor it no longer lists (§8 leaves pagination beyond limit and has_more open), so such
 * a refusal is someone else's write, not the server's fault. Only a GET is sent.
 */
function cursorLeftTheList(
  retrieve: (id: string) => Promise<ApiResponse>,
  filters: { archived?: boolean; group_id?: string },
) {
  return async (cursor: string): Promise<boolean> => {
    const response = await retrieve(cursor);
    // Gone (profile: unknown-id-status).
    if (everyReading.isUnknownIdAnswer(response.status)) return true;
    const item = response.body as { archived_at?: unknown; group_id?: unknown } | undefined;
    if (!everyReading.isSuccess(response.status) || typeof item !== 'object' || item === null) return false;
    if (
      filters.archived !== undefined &&
      (item.archived_at !== null && item.archived_at !== undefined) !== (String(filters.archived) === 'true')
    )
      return true;
    return filters.group_id !== undefined && item.group_id !== filters.group_id;
  };
}

/**
 * Others' writes between two pages can make a walk miss an item or lose its cursor without any fault
 * of the server, so a walk is walked again from the first page:
 * - page numbers and offsets shift when others delete items, so a walk that ends without finding
 *   what it looks for is walked again, twice at most: an item that is really missing stays missing;
 * - a starting_after cursor names an item someone else may delete, and a server may refuse a cursor
 *   it no longer holds (§8 leaves pagination beyond limit and has_more open). When every item seen
 *   was refused as a cursor (stepBack), the walk starts again. A refusal of a cursor whose item has
 *   left the list (cursorLeftTheList) is someone else's write: five such walks and the check cannot
 *   judge (skipped). A refusal of a cursor still listed is the server's: the third is the verdict.
 */
async function walkAgainIfShifted<T>(
  context: CheckContext,
  options: WalkOptions<T>,
  leftTheList: (cursor: string) => Promise<boolean>,
  walkOnce: () => Promise<Walk<T>>,
): Promise<Walk<T>> {
  const shifting = positionalPagination(context);
  let walksAgainForShifts = 2;
  let explained = 0;
  const refusals: CursorRefused[] = [];
  for (;;) {
    let result: Walk<T>;
    try {
      result = await walkOnce();
    } catch (error) {
      if (!(error instanceof CursorRefused)) throw error;
      if (error.cursor !== undefined && (await leftTheList(error.cursor))) {
        if (++explained < 5) continue;
        throw new CheckSkipped(
          `${error.page}: on ${explained} walks the item the cursor named (${error.cursor} the last time) left the list between two pages, and the server refused the cursor: someone else writes to this list faster than it can be walked`,
        );
      }
      refusals.push(error);
      if (refusals.length < 3) continue;
      break;
    }
    if (shifting && options.stopWhen && result.complete && walksAgainForShifts-- > 0) continue;
    return result;
  }
  const { response, page } = refusals.at(-1)!;
  expectSuccess(context.profile, response, `${page}, refused on each of three walks`);
  throw new Error('unreachable: a refusal passed expectSuccess');
}

/** Stop condition: every one of these ids has been seen. */
export const hasAll = (ids: readonly string[]) => (items: ReadonlyArray<{ id: string }>) => {
  const seen = new Set(items.map((item) => item.id));
  return ids.every((id) => seen.has(id));
};

/** Whether the pagination style names pages by position (page numbers, offsets), which others' writes shift. */
export const positionalPagination = (context: CheckContext): boolean =>
  context.target.pagination.kind === 'page' || context.target.pagination.kind === 'offset';

/**
 * A walk that others' writes did not disturb, under page numbers or offsets: walked twice in a row,
 * it is taken when both saw the same items in the same order (an item another check added and
 * removed meanwhile, or a delete before a page, makes the two differ). A server that pages wrongly
 * does so on both walks alike, so the walk taken shows it. A walk the walker itself refused (a page
 * of items already seen) counts as disturbed; only when every walk of the call was refused is the
 * refusal thrown. Undefined when no two walks agreed in `attempts` tries: the list kept changing,
 * and a check says so rather than judging (each walk's items are added to `walked`, to say by whom).
 */
export async function undisturbedWalk<T extends { id: string }>(
  walkOnce: () => Promise<Walk<T>>,
  attempts = 3,
  walked: Array<readonly T[]> = [],
): Promise<Walk<T> | undefined> {
  const tryWalk = async (): Promise<Walk<T> | RepeatedPageFailure> => {
    try {
      const walk = await walkOnce();
      // Kept for the caller: when no two walks agree, their items name who wrote meanwhile (list-writers.ts).
      walked.push(walk.items);
      return walk;
    } catch (error) {
      // Only pages of items already seen mean a disturbed walk; a failed request or a bad page stands.
      if (!(error instanceof RepeatedPageFailure)) throw error;
      return error;
    }
  };
  const sequence = (walk: Walk<T>) => `${walk.items.map((item) => item.id).join(',')}|${walk.complete}`;
  let previous = await tryWalk();
  let refusedEvery = previous instanceof RepeatedPageFailure;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const next = await tryWalk();
    refusedEvery &&= next instanceof RepeatedPageFailure;
    if (
      !(next instanceof RepeatedPageFailure) &&
      !(previous instanceof RepeatedPageFailure) &&
      sequence(next) === sequence(previous)
    )
      return previous;
    previous = next;
  }
  if (refusedEvery) throw previous;
  return undefined;
}

/**
 * A walk looking for `ids`: under page numbers or offsets, an id it missed is looked for again in
 * a walk that two walks in a row agree on (undisturbedWalk), since a delete before the page moves
 * items past it; a list that never stood still skips the check, saying so.
 */
export async function walkFinding<T extends { id: string }>(
  context: CheckContext,
  walkOnce: () => Promise<Walk<T>>,
  ids: readonly string[],
  what: string,
): Promise<Walk<T>> {
  const walk = await walkOnce();
  if (!positionalPagination(context) || ids.every((id) => walk.items.some((item) => item.id === id))) return walk;
  const walked = [walk.items];
  const steady = await undisturbedWalk(walkOnce, 3, walked);
  if (steady === undefined)
    context.skip(
      `${what} changed between every two walks (${listWriters(context.target, walked)}), and PAGINATION=${context.target.pagination.kind} pages move with it`,
    );
  return steady!;
}
