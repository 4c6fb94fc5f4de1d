// Other statuses where §7 leaves them open ("Error codes, error body shape and status codes for
// failures: not shown") and §4 names none for success. Each modifier changes one kind of answer at
// the reply seam and leaves the body as it is; DELETE's success belongs to delete-answers.ts.
import type { ServerModifier } from '../modifiers.ts';
import type { Reply } from '../respond.ts';

const isDelete = (method: string) => method === 'DELETE';

/** Every success is 200, creates included. */
export const success200: ServerModifier = {
  reply: (reply, route) => (reply.status === 201 && !isDelete(route.method) ? { ...reply, status: 200 } : reply),
};

/** Every successful POST is 201, the group's existing conversation answered by a create included. */
export const success201EveryPost: ServerModifier = {
  reply: (reply, route) => (reply.status === 200 && route.method === 'POST' ? { ...reply, status: 201 } : reply),
};

/** A bad request gets this status instead of 400. */
export function refusalStatus(status: number): ServerModifier {
  return { reply: (reply) => (reply.status === 400 ? { ...reply, status } : reply) };
}

/** WWW-Authenticate belongs to a 401 (RFC 9110 §15.5.2); a 403 does not carry it. */
function withoutChallenge(headers: Reply['headers']): Record<string, string> {
  const { 'WWW-Authenticate': _challenge, ...rest } = headers ?? {};
  return rest;
}

/** Failed authentication gets 403 Forbidden, without WWW-Authenticate, instead of 401. */
export const authRefused403: ServerModifier = {
  reply: (reply) =>
    reply.status === 401 ? { ...reply, status: 403, headers: withoutChallenge(reply.headers) } : reply,
};

/** Failed authentication gets 400 Bad Request, without WWW-Authenticate: §7 names no status, and any 4xx refuses. */
export const authRefused400: ServerModifier = {
  reply: (reply) =>
    reply.status === 401 ? { ...reply, status: 400, headers: withoutChallenge(reply.headers) } : reply,
};

/** Failed authentication keeps its 401 but carries no WWW-Authenticate (§5 names no challenge). */
export const authRefused401Bare: ServerModifier = {
  reply: (reply) => (reply.status === 401 ? { ...reply, headers: withoutChallenge(reply.headers) } : reply),
};

/** A method the API does not have keeps its 405 but carries no Allow header (§7 names no status). */
export const methodRefusedBare: ServerModifier = {
  reply: (reply) => {
    if (reply.status !== 405) return reply;
    const { Allow: _allow, ...headers } = reply.headers ?? {};
    return { ...reply, headers };
  },
};

/** An item path whose id names nothing gets this status instead of 404 (an unknown path stays 404). */
export function unknownIdStatus(status: number): ServerModifier {
  return {
    reply: (reply, route) =>
      reply.status === 404 && route.resource !== undefined && route.id !== undefined ? { ...reply, status } : reply,
  };
}
