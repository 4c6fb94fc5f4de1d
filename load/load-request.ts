// One scenario made concrete for a target: where to send it and with which Authorization header.
import type { QueryValue } from '../lib/api/operations.ts';
import type { PaginationStyle } from '../lib/core/config/settings.ts';
import type { ListOperation } from './scenarios.ts';

export interface LoadRequest {
  baseUrl: string;
  /** The header's value; never printed or written to a report. */
  authorization: string;
  operation: ListOperation;
  query: Record<string, QueryValue>;
  /** Walk scenarios: follow the pages in this style. */
  walk?: PaginationStyle;
}

/** A walk goes back to its first page after this many, whatever has_more says. */
export const maxWalkPages = 1000;
