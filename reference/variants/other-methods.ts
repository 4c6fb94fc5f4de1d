// Methods and paths the API does not have, answered rather than refused (register: other-methods;
// the spec shows its ten operations and nothing else). Each changes nothing:
// - otherMethodsAnswered: HEAD is answered as GET (without its body), OPTIONS with 204 and Allow,
//   and a POST or PATCH on an object as an update of nothing (the object, 200);
// - trailingSlashRedirected: an API path with a trailing slash is sent to the one without (308);
// - unimplementedMethods501: HEAD, OPTIONS and PATCH get 501, before authentication and wherever
//   they are sent, as a stack with no handler for a method answers it (Python's http.server).
import type { ServerModifier } from '../modifiers.ts';
import type { Reply } from '../respond.ts';
import { describeRoute } from '../router.ts';

export const otherMethodsAnswered: ServerModifier = {
  handle: (next) => async (context, route) => {
    if (route.resource === undefined) return next(context, route);
    if (route.method === 'OPTIONS') {
      return {
        status: 204,
        body: undefined,
        headers: { Allow: route.id === undefined ? 'GET, HEAD, POST, OPTIONS' : 'GET, HEAD, PUT, DELETE, OPTIONS' },
      };
    }
    const readAsGet =
      route.method === 'HEAD' || (route.id !== undefined && (route.method === 'POST' || route.method === 'PATCH'));
    return next(context, readAsGet ? { ...route, method: 'GET' } : route);
  },
};

export const trailingSlashRedirected: ServerModifier = {
  handle: (next) => async (context, route) => {
    const without = route.pathname.replace(/\/+$/, '');
    if (without === route.pathname || describeRoute(route.method, without).resource === undefined)
      return next(context, route);
    return { status: 308, body: undefined, headers: { Location: without } };
  },
};

/** The methods Python's http.server has no handler for in a server of the API's four (do_GET, do_POST, do_PUT, do_DELETE). */
const unhandled: ReadonlySet<string> = new Set(['HEAD', 'OPTIONS', 'PATCH']);

const notImplemented = (method: string): Reply => ({
  status: 501,
  body: undefined,
  text: `<!DOCTYPE HTML>\n<html><head><title>Error response</title></head><body><h1>Error response</h1><p>Error code: 501</p><p>Message: Unsupported method ('${method}').</p></body></html>\n`,
  headers: { 'Content-Type': 'text/html;charset=utf-8' },
});

/** The handler is never reached, and every answer to such a method is the 501 (a refused token's too: there is no handler to check it). */
export const unimplementedMethods501: ServerModifier = {
  handle: (next) => async (context, route) =>
    unhandled.has(route.method) ? notImplemented(route.method) : next(context, route),
  reply: (reply, route) => (unhandled.has(route.method) ? notImplemented(route.method) : reply),
};
