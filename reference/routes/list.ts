// Lists (spec §4, §8): filtering, order and pages. Items are ordered by insertion sequence number,
// never by created_at, which many items share.
import type { ListEnvelope } from '../../lib/api/resources.ts';
import type { ReferenceChoices } from '../choices.ts';
import { jsonText, withJsonText } from '../json-text.ts';
import { badRequest } from '../respond.ts';
import type { Collection, Entry } from '../store.ts';
import { encodeCursor } from './cursor.ts';
import type { PageRequest } from './page-request.ts';

/** The envelope of the spec, plus `next_cursor` when choices.pagination is 'cursor' (null on the last page). */
export interface ListPage<T> extends ListEnvelope<T> {
  next_cursor?: string | null;
}

/** Which items a list keeps, and a key that names that choice: equal keys, equal filters. */
export interface ListFilter<T> {
  readonly key: string;
  readonly keep: (item: T) => boolean;
}

type ListChoices = Pick<ReferenceChoices, 'order' | 'pagination'>;
type Entries = ReadonlyArray<Entry<unknown>>;

/**
 * A boolean filter: absent keeps everything, true keeps items with the flag, false those without
 * (or everything, under filterFalse 'ignored').
 */
export function matchesFlag(
  wanted: boolean | undefined,
  actual: boolean,
  filterFalse: ReferenceChoices['filterFalse'] = 'without',
): boolean {
  if (wanted === false && filterFalse === 'ignored') return true;
  return wanted === undefined || wanted === actual;
}

// What lists derive from the store's frozen array of entries, kept beside that array: the store
// makes a new one on each write, so between writes every list request reuses them (an index per
// filter, made on first use) instead of sorting and filtering every item again.
const oldestFirstOf = new WeakMap<Entries, Map<string, Entries>>();
const matchingOf = new WeakMap<Entries, Map<string, Entries>>();
const pagesOf = new WeakMap<Entries, Map<string, ListPage<unknown>>>();
/** Filters and pages kept per array (of one version of one collection): a flood of distinct queries between two writes stays bounded. */
const MAX_KEPT = 128;

/**
 * What `make` gives for `key`, kept beside a frozen array (and frozen itself: it is handed out
 * again). An array a fault made up is not frozen and may be new on every call: nothing is kept.
 */
function keptBeside<V>(kept: WeakMap<Entries, Map<string, V>>, entries: Entries, key: string, make: () => V): V {
  if (!Object.isFrozen(entries)) return make();
  let byKey = kept.get(entries);
  if (byKey === undefined) kept.set(entries, (byKey = new Map()));
  let value = byKey.get(key);
  if (value === undefined) {
    if (byKey.size >= MAX_KEPT) byKey.clear();
    byKey.set(key, (value = make()));
  }
  return value;
}

function inListOrder<T extends { id: string }>(
  collection: Collection<T>,
  order: ReferenceChoices['order'],
): ReadonlyArray<Entry<T>> {
  const newestFirst = collection.newestFirst();
  if (order === 'newest-first') return newestFirst;
  return keptBeside(oldestFirstOf, newestFirst, order, () =>
    Object.freeze([...newestFirst].reverse()),
  ) as ReadonlyArray<Entry<T>>;
}

function matchingEntries<T>(entries: ReadonlyArray<Entry<T>>, filter: ListFilter<T>): ReadonlyArray<Entry<T>> {
  return keptBeside(matchingOf, entries, filter.key, () =>
    Object.freeze(entries.filter((entry) => filter.keep(entry.value))),
  ) as ReadonlyArray<Entry<T>>;
}

function sequenceOf<T extends { id: string }>(collection: Collection<T>, id: string): number {
  const seq = collection.seqOf(id);
  if (seq === undefined) {
    throw badRequest(`starting_after names no item of this list: ${JSON.stringify(id)}.`, 'starting_after');
  }
  return seq;
}

/**
 * Index in `matching` of the first item of the page. After an item, the page starts at the first
 * item that comes later in list order, so the item itself need not match the filters (nor, for a
 * cursor, still exist).
 */
function startIndex<T extends { id: string }>(
  matching: ReadonlyArray<Entry<T>>,
  collection: Collection<T>,
  page: PageRequest,
  order: ReferenceChoices['order'],
): number {
  const { start } = page;
  if (start.kind === 'first') return 0;
  if (start.kind === 'page-number') return (start.page - 1) * page.limit;
  if (start.kind === 'offset') return start.offset;
  const after = start.kind === 'after-id' ? sequenceOf(collection, start.id) : start.seq;
  const index = matching.findIndex((entry) => (order === 'newest-first' ? entry.seq < after : entry.seq > after));
  return index === -1 ? matching.length : index;
}

/** What JSON.stringify gives for the envelope, from the texts its items already have (json-text.ts). */
function pageText<T>(page: ListPage<T>): string {
  const cursor = page.next_cursor === undefined ? '' : `,"next_cursor":${JSON.stringify(page.next_cursor)}`;
  return `{"has_more":${page.has_more},"data":[${page.data.map(jsonText).join(',')}]${cursor}}`;
}

function pageOf<T>(matching: ReadonlyArray<Entry<T>>, start: number, limit: number, choices: ListChoices): ListPage<T> {
  const entries = matching.slice(start, start + limit);
  const hasMore = matching.length > start + limit;
  const envelope: ListPage<T> = { has_more: hasMore, data: entries.map((entry) => entry.value) };
  if (choices.pagination === 'cursor') {
    const last = entries.at(-1);
    envelope.next_cursor = hasMore && last !== undefined ? encodeCursor(last.seq) : null;
  }
  return withJsonText(envelope, pageText(envelope));
}

/**
 * One page of the items the filter keeps, in the order and pagination style of the choices. The
 * page holds the stored values themselves, not copies, and is frozen: until the next write, the
 * same page asked for again is the same object, with its JSON already made.
 */
export function paginate<T extends { id: string }>(
  collection: Collection<T>,
  page: PageRequest,
  filter: ListFilter<T>,
  choices: ListChoices,
): ListPage<T> {
  const inOrder = inListOrder(collection, choices.order);
  const matching = matchingEntries(inOrder, filter);
  const start = startIndex(matching, collection, page, choices.order);
  const key = `${filter.key} ${start} ${page.limit} ${choices.pagination}`;
  return keptBeside(pagesOf, inOrder, key, () => pageOf(matching, start, page.limit, choices)) as ListPage<T>;
}

/** The archived filter: as matchesFlag, except that absent keeps only active items under defaultListScope 'active'. */
export function matchesArchived(
  wanted: boolean | undefined,
  archived: boolean,
  choices: Pick<ReferenceChoices, 'filterFalse' | 'defaultListScope'>,
): boolean {
  if (wanted === undefined && choices.defaultListScope === 'active') return !archived;
  return matchesFlag(wanted, archived, choices.filterFalse);
}
