// What the faults are written with: which endpoint a request is for, and small wrappers at the
// handle seam (parameters in, the store) and at the reply seam (bodies out). Each touches only the
// endpoints it names, so a fault breaks one thing and leaves the rest of the server clean.
import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { Handle, RouteInfo, ServerModifier } from '../modifiers.ts';
import type { Encoding, ParamSource } from '../params/source.ts';
import type { Reply } from '../respond.ts';
import type { RequestContext } from '../routes/context.ts';

export type Resource = 'conversations' | 'groups';
export type Operation = 'list' | 'create' | 'retrieve' | 'update' | 'delete';
export type Endpoint = `${Resource}.${Operation}`;

/** The objects each resource answers with. */
export interface ObjectOf {
  conversations: Conversation;
  groups: Group;
}

type Values = Record<string, unknown>;

const COLLECTION: Readonly<Record<string, Operation>> = { GET: 'list', POST: 'create' };
const ITEM: Readonly<Record<string, Operation>> = { GET: 'retrieve', PUT: 'update', DELETE: 'delete' };

/** `conversations.update` for PUT /v1/conversations/:id; undefined for a path or method the API lacks. */
export function endpointOf(route: RouteInfo): Endpoint | undefined {
  if (route.resource !== 'conversations' && route.resource !== 'groups') return undefined;
  const operation = (route.id === undefined ? COLLECTION : ITEM)[route.method];
  return operation === undefined ? undefined : `${route.resource}.${operation}`;
}

export const isRecord = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Combines modifiers into one; the first is the innermost, as in composeSeams. */
export function combine(...modifiers: readonly ServerModifier[]): ServerModifier {
  return {
    authenticate: (next) => modifiers.reduce((inner, m) => (m.authenticate ? m.authenticate(inner) : inner), next),
    handle: (next) => modifiers.reduce((inner, m) => (m.handle ? m.handle(inner) : inner), next),
    reply: (reply, route) => modifiers.reduce((answer, m) => (m.reply ? m.reply(answer, route) : answer), reply),
  };
}

/** Wraps the handling of one endpoint; every other request reaches the clean handler untouched. */
export function around(
  endpoint: Endpoint,
  wrap: (context: RequestContext, route: RouteInfo, next: Handle) => Promise<Reply>,
): ServerModifier {
  return {
    handle: (next) => (context, route) =>
      endpointOf(route) === endpoint ? wrap(context, route, next) : next(context, route),
  };
}

/** The parameters of a request as the handler would read them: the query of a list, the body of anything else. */
export function readParams(context: RequestContext, route: RouteInfo): Promise<ParamSource> {
  return endpointOf(route)?.endsWith('.list') ? Promise.resolve(context.query()) : context.body();
}

/**
 * Rewrites the parameters the handler of one endpoint reads: the query of a list, the body
 * otherwise. The body stays lazy, so an unknown id is still a 404 before the body is read.
 */
export function mapParams(endpoint: Endpoint, fn: (values: Values, encoding: Encoding) => Values): ServerModifier {
  const map = (source: ParamSource): ParamSource => ({
    encoding: source.encoding,
    values: fn({ ...source.values }, source.encoding),
  });
  return around(endpoint, (context, route, next) =>
    next(
      endpoint.endsWith('.list')
        ? { ...context, query: () => map(context.query()) }
        : { ...context, body: async () => map(await context.body()) },
      route,
    ),
  );
}

/** The handler of one endpoint never sees this parameter. */
export function dropParam(endpoint: Endpoint, name: string): ServerModifier {
  return mapParams(endpoint, (values) => {
    delete values[name];
    return values;
  });
}

/** A value as a request of this encoding carries it: text has no booleans, numbers, null or []. */
export function encodeParam(value: boolean | number | string | null | readonly never[], encoding: Encoding): unknown {
  if (encoding === 'json') return value;
  if (value === null || Array.isArray(value)) return '';
  return String(value);
}

/** A boolean parameter as the handler would read it; undefined when absent or not a boolean. */
export function readBoolean(value: unknown, encoding: Encoding): boolean | undefined {
  if (encoding === 'json') return typeof value === 'boolean' ? value : undefined;
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** Rewrites the body of every successful answer of these endpoints, just before it is written. */
export function rewriteBody(
  endpoints: Endpoint | readonly Endpoint[],
  fn: (body: unknown, route: RouteInfo) => unknown,
): ServerModifier {
  const wanted = new Set<string>(typeof endpoints === 'string' ? [endpoints] : endpoints);
  return {
    reply(reply, route) {
      const endpoint = endpointOf(route);
      if (endpoint === undefined || !wanted.has(endpoint)) return reply;
      if (reply.status < 200 || reply.status >= 300 || reply.body === undefined) return reply;
      return { ...reply, body: fn(structuredClone(reply.body), route) };
    },
  };
}

/** Rewrites the items of every successful list of a resource. */
export function rewriteList(resource: Resource, fn: (envelope: Values) => Values): ServerModifier {
  return rewriteBody(`${resource}.list`, (body) => (isRecord(body) ? fn(body) : body));
}

/**
 * Rewrites every object of a resource the API answers with: the created, retrieved and updated
 * object, and each item of a list. What is stored is untouched; only what clients see changes.
 */
export function mapObjects<R extends Resource>(resource: R, fn: (object: ObjectOf[R]) => Values): ServerModifier {
  const map = (value: unknown): unknown => (isRecord(value) ? fn(value as unknown as ObjectOf[R]) : value);
  return rewriteBody(
    [`${resource}.list`, `${resource}.create`, `${resource}.retrieve`, `${resource}.update`],
    (body) => (isRecord(body) && Array.isArray(body.data) ? { ...body, data: body.data.map(map) } : map(body)),
  );
}

/**
 * Requests to one key meet: the first waits for a second, at most `waitMs`, and both go on
 * together (as two read-modify-writes racing across a database round trip would).
 */
export function meetingPlace(waitMs: number): (key: string) => Promise<void> {
  const waiting = new Map<string, () => void>();
  return (key) =>
    new Promise<void>((resolve) => {
      const other = waiting.get(key);
      if (other !== undefined) {
        waiting.delete(key);
        other();
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        waiting.delete(key);
        resolve();
      }, waitMs);
      waiting.set(key, () => {
        clearTimeout(timer);
        resolve();
      });
    });
}
