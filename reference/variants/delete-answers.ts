// Other answers to a successful DELETE (§4.3: "Response body and status of DELETE operations: not
// shown"): 200 with no body, or 200 with the object as it was before it was deleted. (204 with
// no body: delete-204.ts.)
import type { Handle, ServerModifier } from '../modifiers.ts';

export const delete200Empty: ServerModifier = {
  reply: (reply, route) =>
    route.method === 'DELETE' && reply.status === 200
      ? { status: 200, body: undefined, headers: reply.headers ?? {} }
      : reply,
};

/** The object is read before the clean handler deletes it, and answered in place of the confirmation. */
export const delete200Object: ServerModifier = {
  handle(next: Handle): Handle {
    return async (context, route) => {
      if (route.method !== 'DELETE' || route.id === undefined || route.resource === undefined)
        return next(context, route);
      const collection = route.resource === 'groups' ? context.store.groups : context.store.conversations;
      const before = collection.get(route.id);
      const reply = await next(context, route);
      return reply.status === 200 && before !== undefined ? { ...reply, body: before } : reply;
    };
  },
};
