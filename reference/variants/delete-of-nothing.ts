// delete-of-nothing:success (§4.3: "Response body and status of DELETE operations: not shown"): a
// DELETE of an id that names nothing for this user (never made, deleted already) is answered as a
// DELETE that removed something, as an idempotent DELETE often is. It wraps foreign-id-status
// (readings.ts order), which has already turned another user's id into its own answer when it
// takes one; otherwise another user's id names nothing here either, and gets the same success.
import { ApiError } from '../respond.ts';
import type { Handle, ServerModifier } from '../modifiers.ts';

export const deleteOfNothingSucceeds: ServerModifier = {
  handle(next: Handle): Handle {
    return async (context, route) => {
      try {
        return await next(context, route);
      } catch (error) {
        if (!(route.method === 'DELETE' && route.id !== undefined && error instanceof ApiError && error.status === 404))
          throw error;
        // The clean handler's answer to a DELETE that removed something; delete-answer readings rewrite it alike.
        return { status: 200, body: { id: route.id, deleted: true } };
      }
    };
  },
};
