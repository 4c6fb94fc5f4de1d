// A server that guards each object against writes at the same time (optimistic locking, a row lock
// taken without waiting): a PUT to an object that another PUT is still writing is refused. §7
// leaves failure statuses open and the spec says nothing of requests sent at once, so this is a
// server the suite must pass (profile: concurrent-write-status).
import type { ServerModifier } from '../modifiers.ts';

export function concurrentWritesRefused(status: number): ServerModifier {
  const writing = new Set<string>();
  return {
    handle: (next) => async (context, route) => {
      if (route.method !== 'PUT' || route.id === undefined || route.resource === undefined) return next(context, route);
      const key = `${route.resource}:${route.id}`;
      if (writing.has(key)) return { status, body: { error: { type: 'conflict', message: 'Another write to this object is under way; try again.' } } };
      writing.add(key);
      try {
        // The write takes a moment, as a database round trip does: PUTs sent at once meet.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await next(context, route);
      } finally {
        writing.delete(key);
      }
    },
  };
}
