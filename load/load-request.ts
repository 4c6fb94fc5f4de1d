// One scenario made concrete for a target: where to send it, with which Authorization header, the
// headers a gateway asks for (--header) and the certificates (--ca, --cert, --key, --insecure).
import type { ConnectionOptions } from 'node:tls';
import type { QueryValue } from '../lib/api/operations.ts';
import type { PaginationStyle } from '../lib/core/config/settings.ts';
import type { ListOperation } from './scenarios.ts';

export interface LoadRequest {
  baseUrl: string;
  /** The header's value; never printed or written to a report. */
  authorization: string;
  /** --header: sent with every request; values read from $VAR are secrets, never printed or written to a report. */
  headers?: Record<string, string> | undefined;
  /** https: the TLS options of every connection; undefined: Node's defaults. */
  tls?: ConnectionOptions | undefined;
  operation: ListOperation;
  query: Record<string, QueryValue>;
  /** Walk scenarios: follow the pages in this style. */
  walk?: PaginationStyle;
}

/** A walk goes back to its first page after this many, whatever has_more says. */
export const maxWalkPages = 1000;
