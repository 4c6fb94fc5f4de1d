// Lists (spec §4, §8): filtering, order and pages. Items are ordered by insertion sequence number,
// never by created_at, which many items share.
import type { ListEnvelope } from '../../src/api/resources.ts';
import type { ReferenceChoices } from '../choices.ts';
import { badRequest } from '../respond.ts';
import type { Collection, Entry } from '../store.ts';
import { encodeCursor } from './cursor.ts';
import type { PageRequest } from './page-request.ts';

/** The envelope of the spec, plus `next_cursor` when choices.pagination is 'cursor' (null on the last page). */
export interface ListPage<T> extends ListEnvelope<T> {
  next_cursor?: string | null;
}

type ListChoices = Pick<ReferenceChoices, 'order' | 'pagination'>;

/**
 * A boolean filter: absent keeps everything, true keeps items with the flag, false those without
 * (or everything, under filterFalse 'ignored').
 */
export function matchesFlag(wanted: boolean | undefined, actual: boolean, filterFalse: ReferenceChoices['filterFalse'] = 'without'): boolean {
  if (wanted === false && filterFalse === 'ignored') return true;
  return wanted === undefined || wanted === actual;
}

function inListOrder<T extends { id: string }>(collection: Collection<T>, order: ReferenceChoices['order']): ReadonlyArray<Entry<T>> {
  const newestFirst = collection.newestFirst();
  return order === 'newest-first' ? newestFirst : [...newestFirst].reverse();
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

/** One page of the items `keep` accepts, in the order and pagination style of the choices. */
export function paginate<T extends { id: string }>(
  collection: Collection<T>,
  page: PageRequest,
  keep: (item: T) => boolean,
  choices: ListChoices,
): ListPage<T> {
  const matching = inListOrder(collection, choices.order).filter((entry) => keep(entry.value));
  const start = startIndex(matching, collection, page, choices.order);
  const entries = matching.slice(start, start + page.limit);
  const hasMore = matching.length > start + page.limit;
  const envelope: ListPage<T> = { has_more: hasMore, data: entries.map((entry) => structuredClone(entry.value)) };
  if (choices.pagination === 'cursor') {
    const last = entries.at(-1);
    envelope.next_cursor = hasMore && last !== undefined ? encodeCursor(last.seq) : null;
  }
  return envelope;
}
