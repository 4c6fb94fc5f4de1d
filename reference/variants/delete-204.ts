// DELETE answers 204 No Content with no body at all, instead of 200 {"id", "deleted": true}.
import type { ServerModifier } from '../modifiers.ts';

export const delete204NoBody: ServerModifier = {
  reply(reply, route) {
    if (route.method !== 'DELETE' || reply.status !== 200) return reply;
    return { status: 204, body: undefined, headers: reply.headers ?? {} };
  },
};
