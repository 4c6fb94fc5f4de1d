// The path and query of a list request, as load generators send them, built by the client's one
// operations table (lib/api/operations.ts), so that the harness writes no address of its own.
import { buildUrl, operationPath, type QueryValue } from '../lib/api/operations.ts';
import type { ListOperation } from './scenarios.ts';

/** Path and query, under the base URL's own path, if it has one. */
export function requestPath(baseUrl: string, operation: ListOperation, query: Record<string, QueryValue>): string {
  const url = new URL(buildUrl(baseUrl, operationPath(operation), query));
  return `${url.pathname}${url.search}`;
}

/** What a report calls the request: GET and the path. */
export const describeRequest = (baseUrl: string, operation: ListOperation, query: Record<string, QueryValue>): string =>
  `GET ${requestPath(baseUrl, operation, query)}`;
