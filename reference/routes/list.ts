import type { ListEnvelope } from '../../src/api/resources.ts';
import { optionalInteger, optionalString } from '../params/fields.ts';
import type { ParamSource } from '../params/source.ts';
import { badRequest } from '../respond.ts';
import type { Collection } from '../store.ts';

export const DEFAULT_PAGE_SIZE = 10; // spec §8
export const MAX_PAGE_SIZE = 100; // not shown in the spec; larger requests are clamped, not refused

export interface PageRequest {
  readonly limit: number;
  readonly startingAfter: string | undefined;
}

export function readPageRequest(query: ParamSource): PageRequest {
  const limit = optionalInteger(query, 'limit', 1) ?? DEFAULT_PAGE_SIZE;
  return {
    limit: Math.min(limit, MAX_PAGE_SIZE),
    startingAfter: optionalString(query, 'starting_after'),
  };
}

/** A boolean filter: absent keeps everything, true keeps items with the flag, false those without. */
export function matchesFlag(wanted: boolean | undefined, actual: boolean): boolean {
  return wanted === undefined || wanted === actual;
}

/**
 * Newest first; the cursor is the id of the last item of the previous page. The cursor item need
 * not match the filters, since items are positioned by sequence number, not by index in a page.
 */
export function paginate<T extends { id: string }>(
  collection: Collection<T>,
  page: PageRequest,
  keep: (item: T) => boolean,
): ListEnvelope<T> {
  let after = Number.POSITIVE_INFINITY;
  if (page.startingAfter !== undefined) {
    const seq = collection.seqOf(page.startingAfter);
    if (seq === undefined) {
      throw badRequest(`starting_after names no item of this list: ${JSON.stringify(page.startingAfter)}.`,
        'starting_after');
    }
    after = seq;
  }
  const matching = collection.newestFirst().filter((entry) => entry.seq < after && keep(entry.value));
  return {
    has_more: matching.length > page.limit,
    data: matching.slice(0, page.limit).map((entry) => entry.value),
  };
}
