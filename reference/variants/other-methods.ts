// Methods and paths the API does not have, answered rather than refused (register: other-methods;
// the spec shows its ten operations and nothing else). Each changes nothing:
// - otherMethodsAnswered: HEAD is answered as GET (without its body), OPTIONS with 204 and Allow,
//   and a POST or PATCH on an object as an update of nothing (the object, 200);
// - trailingSlashRedirected: an API path with a trailing slash is sent to the one without (308).
import type { ServerModifier } from '../modifiers.ts';
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
