// Another user's object gets 403 Forbidden instead of 404 (§5: "their scopes: not shown"): the
// server tells "not yours" from "no such object", without revealing or changing it.
import type { Account } from '../auth.ts';
import type { Authenticate, Handle, ServerModifier } from '../modifiers.ts';
import { ApiError } from '../respond.ts';
import type { UserStore } from '../store.ts';

// The handle seam sees only the caller's store; the authenticate seam sees every account. Each
// authenticated store is remembered with the accounts of its server.
const accountsOf = new WeakMap<UserStore, ReadonlyMap<string, Account>>();

function heldByAnother(store: UserStore, id: string): boolean {
  for (const account of accountsOf.get(store)?.values() ?? []) {
    if (account.store !== store && (account.store.conversations.get(id) ?? account.store.groups.get(id)) !== undefined)
      return true;
  }
  return false;
}

export const foreignId403: ServerModifier = {
  authenticate(next: Authenticate): Authenticate {
    return (authorization, accounts) => {
      const account = next(authorization, accounts);
      accountsOf.set(account.store, accounts);
      return account;
    };
  },
  handle(next: Handle): Handle {
    return async (context, route) => {
      try {
        return await next(context, route);
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.status === 404 &&
          route.id !== undefined &&
          route.resource !== undefined &&
          heldByAnother(context.store, route.id)
        ) {
          throw new ApiError(403, 'permission_error', 'This object belongs to another user.');
        }
        throw error;
      }
    };
  },
};
