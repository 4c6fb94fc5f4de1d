import { ApiError, notFound } from './respond.ts';
import type { RequestContext, ResourceRoutes } from './routes/context.ts';
import { conversationRoutes } from './routes/conversations.ts';
import { groupRoutes } from './routes/groups.ts';
import type { Reply } from './respond.ts';
import type { RouteInfo } from './modifiers.ts';

export type BoundHandler = (ctx: RequestContext) => Reply | Promise<Reply>;

const RESOURCES: ReadonlyMap<string, ResourceRoutes> = new Map([
  ['conversations', conversationRoutes],
  ['groups', groupRoutes],
]);

// Exact paths only: no trailing slash, no empty id, no extra segments.
const PATH = /^\/v1\/([a-z]+)(?:\/([^/]+))?$/;

function methodNotAllowed(method: string, allow: string): ApiError {
  return new ApiError(405, 'method_not_allowed', `${method} is not allowed here; allowed: ${allow}.`, undefined, {
    Allow: allow,
  });
}

function decodeId(segment: string, pathname: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw notFound(`No route for ${pathname}.`);
  }
}

/** What the path names, for the seams: the resource and the id of an API path, if it is one. */
export function describeRoute(method: string, pathname: string): RouteInfo {
  const match = PATH.exec(pathname);
  const resource = match !== null && RESOURCES.has(match[1] ?? '') ? match[1] : undefined;
  let id: string | undefined;
  try {
    id = match?.[2] === undefined ? undefined : decodeURIComponent(match[2]);
  } catch {
    id = undefined;
  }
  return { method, pathname, resource, id };
}

/** Finds the handler for a method and a path (without its query string), or throws 404/405. */
export function matchRoute(method: string, pathname: string): BoundHandler {
  const match = PATH.exec(pathname);
  const routes = match === null ? undefined : RESOURCES.get(match[1] ?? '');
  if (match === null || routes === undefined) throw notFound(`No route for ${pathname}.`);
  const segment = match[2];
  if (segment === undefined) {
    if (method === 'GET') return routes.list;
    if (method === 'POST') return routes.create;
    throw methodNotAllowed(method, 'GET, POST');
  }
  const id = decodeId(segment, pathname);
  if (method === 'GET') return (ctx) => routes.retrieve(ctx, id);
  if (method === 'PUT') return (ctx) => routes.update(ctx, id);
  if (method === 'DELETE') return (ctx) => routes.remove(ctx, id);
  throw methodNotAllowed(method, 'GET, PUT, DELETE');
}
