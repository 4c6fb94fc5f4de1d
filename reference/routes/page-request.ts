// What a list request asks for: how many items (limit) and where the page starts, in the
// pagination style of choices.pagination (spec §4.3 and §8 leave both open).
import type { ReferenceChoices } from '../choices.ts';
import { optionalInteger, optionalString } from '../params/fields.ts';
import type { ParamSource } from '../params/source.ts';
import { badRequest } from '../respond.ts';
import { CURSOR_PARAM, decodeCursor } from './cursor.ts';

export const DEFAULT_PAGE_SIZE = 10; // spec §8

export const PAGE_PARAM = 'page';
export const OFFSET_PARAM = 'offset';

/** Where a page starts: the first page, after an item (by id or by sequence number), a page number or an offset. */
export type PageStart =
  | { kind: 'first' }
  | { kind: 'after-id'; id: string }
  | { kind: 'after-seq'; seq: number }
  | { kind: 'page-number'; page: number }
  | { kind: 'offset'; offset: number };

export interface PageRequest {
  readonly limit: number;
  readonly start: PageStart;
}

type LimitChoices = Pick<ReferenceChoices, 'maxLimit' | 'overMaxLimit'>;

/** limit: an integer >= 1 (else 400); above choices.maxLimit it is clamped or refused. */
function readLimit(query: ParamSource, choices: LimitChoices): number {
  const limit = optionalInteger(query, 'limit', 1) ?? DEFAULT_PAGE_SIZE;
  if (limit <= choices.maxLimit) return limit;
  if (choices.overMaxLimit === 'clamp') return choices.maxLimit;
  throw badRequest(`limit must be <= ${choices.maxLimit}; received ${limit}.`, 'limit');
}

/** Only the parameter of the chosen style is read; the others are unknown, hence ignored. */
function readStart(query: ParamSource, pagination: ReferenceChoices['pagination']): PageStart {
  switch (pagination) {
    case 'starting_after': {
      const id = optionalString(query, 'starting_after');
      return id === undefined ? { kind: 'first' } : { kind: 'after-id', id };
    }
    case 'cursor': {
      const cursor = optionalString(query, CURSOR_PARAM);
      return cursor === undefined ? { kind: 'first' } : { kind: 'after-seq', seq: decodeCursor(cursor) };
    }
    case 'page':
      return { kind: 'page-number', page: optionalInteger(query, PAGE_PARAM, 1) ?? 1 };
    case 'offset': {
      // 0-based: how many items of the list (under the same filters) come before the page.
      const offset = optionalInteger(query, OFFSET_PARAM, 0);
      return offset === undefined ? { kind: 'first' } : { kind: 'offset', offset };
    }
    case 'none':
      return { kind: 'first' };
  }
}

export function readPageRequest(
  query: ParamSource,
  choices: LimitChoices & Pick<ReferenceChoices, 'pagination'>,
): PageRequest {
  return { limit: readLimit(query, choices), start: readStart(query, choices.pagination) };
}
