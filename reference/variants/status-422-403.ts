// Other failure statuses: 422 Unprocessable Content for a bad request (400) and 403 Forbidden for a
// failed authentication (401). The error body stays as it is.
import type { ServerModifier } from '../modifiers.ts';
import type { Reply } from '../respond.ts';

/** WWW-Authenticate belongs to a 401 (RFC 9110 §15.5.2); a 403 does not carry it. */
function withoutChallenge(headers: Reply['headers']): Record<string, string> {
  const { 'WWW-Authenticate': _challenge, ...rest } = headers ?? {};
  return rest;
}

export const status422And403: ServerModifier = {
  reply(reply) {
    if (reply.status === 400) return { ...reply, status: 422 };
    if (reply.status === 401) return { ...reply, status: 403, headers: withoutChallenge(reply.headers) };
    return reply;
  },
};
