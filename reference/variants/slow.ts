// Every answer leaves 30 ms later than the clean server would send it, errors included.
import type { Account } from '../auth.ts';
import type { Authenticate, Handle, ServerModifier } from '../modifiers.ts';
import type { UserStore } from '../store.ts';

export const slowDelayMs = 30;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The authenticate seam answers synchronously, so a refused request could not be delayed there.
// Its error is carried instead, on a stand-in account, to the handle seam, which waits first and
// then throws it: the answer is the clean one, only later.
const refusals = new WeakMap<UserStore, unknown>();

export const slowAnswers: ServerModifier = {
  authenticate(next: Authenticate): Authenticate {
    return (authorization, accounts) => {
      try {
        return next(authorization, accounts);
      } catch (error) {
        const standIn: Account = { name: '(refused)', store: {} as UserStore };
        refusals.set(standIn.store, error);
        return standIn;
      }
    };
  },
  handle(next: Handle): Handle {
    return async (context, route) => {
      await delay(slowDelayMs);
      if (refusals.has(context.store)) throw refusals.get(context.store);
      return next(context, route);
    };
  },
};
