// The page after a page, for walk scenarios: what the response says (has_more, the last id, a
// cursor) read in the declared PAGINATION style (lib/core/client/pagination.ts, the checks' own reader).
import { nextPageQuery } from '../lib/core/client/pagination.ts';
import type { QueryValue } from '../lib/api/operations.ts';
import type { PaginationStyle } from '../lib/core/config/settings.ts';

export interface WalkPosition {
  index: number;
  itemsSoFar: number;
}

/** The query of the next page, or undefined when this page was the last (or cannot be followed). */
export function queryAfter(
  style: PaginationStyle,
  position: WalkPosition,
  bodyText: string,
): Record<string, QueryValue> | undefined {
  let envelope: { has_more?: unknown; data?: Array<{ id?: unknown }> };
  try {
    envelope = JSON.parse(bodyText) as typeof envelope;
  } catch {
    return undefined;
  }
  if (envelope?.has_more !== true || !Array.isArray(envelope.data)) return undefined;
  const lastId = envelope.data.at(-1)?.id;
  const next = nextPageQuery(style, {
    index: position.index,
    itemsSoFar: position.itemsSoFar + envelope.data.length,
    lastId: typeof lastId === 'string' ? lastId : undefined,
    envelope: envelope as Record<string, unknown>,
  });
  return 'query' in next ? next.query : undefined;
}

export const pageCount = (bodyText: string): number => {
  try {
    const data = (JSON.parse(bodyText) as { data?: unknown[] }).data;
    return Array.isArray(data) ? data.length : 0;
  } catch {
    return 0;
  }
};
