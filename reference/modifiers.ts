// The seams where a fault (faults/) or a variant (variants/) changes the server, so that the
// handlers stay the clean implementation. Each seam is a function a modifier wraps, as
// middleware does: it receives the next (inner) function and returns its own.
import type { Account } from './auth.ts';
import type { Reply } from './respond.ts';
import type { RequestContext } from './routes/context.ts';

export interface RouteInfo {
  method: string;
  /** The path without its query string. */
  pathname: string;
  /** 'conversations' or 'groups' for the API's paths; undefined for anything else. */
  resource: string | undefined;
  /** The id of an item path, decoded. */
  id: string | undefined;
}

export type Authenticate = (authorization: string | undefined, accounts: ReadonlyMap<string, Account>) => Account;
export type Handle = (context: RequestContext, route: RouteInfo) => Promise<Reply>;

export interface ServerModifier {
  /** Who the request acts for: auth faults widen it, isolation faults mix users' data. */
  authenticate?: (next: Authenticate) => Authenticate;
  /**
   * The handling of a routed, authenticated request: a modifier may change what the handler
   * sees (query, body, store) and what it answers (status, body, headers).
   */
  handle?: (next: Handle) => Handle;
  /** Every answer, errors included (auth failures, 404s, 400s), just before it is written. */
  reply?: (reply: Reply, route: RouteInfo) => Reply;
}

export interface Seams {
  authenticate: Authenticate;
  handle: Handle;
  reply: (reply: Reply, route: RouteInfo) => Reply;
}

/** The clean seams wrapped by each modifier in turn: the first modifier is the innermost. */
export function composeSeams(clean: Seams, modifiers: readonly ServerModifier[]): Seams {
  let { authenticate, handle, reply } = clean;
  for (const modifier of modifiers) {
    if (modifier.authenticate) authenticate = modifier.authenticate(authenticate);
    if (modifier.handle) handle = modifier.handle(handle);
    if (modifier.reply) {
      const inner = reply;
      const outer = modifier.reply;
      reply = (answer, route) => outer(inner(answer, route), route);
    }
  }
  return { authenticate, handle, reply };
}

export interface ArmableModifiers {
  /** The modifiers, each acting only once armed: until then every request meets the inner seams. */
  readonly modifiers: ServerModifier[];
  arm(): void;
}

/**
 * Modifiers switched on later: the matrix seeds a user's own data through the clean
 * server (it stands for what a correct client made before any run), then arms the fault. Seeded
 * through a fault, that data would itself be what the fault made of it, and how much so would
 * depend on timing (a create answered with an older group's id, seeded across a second boundary).
 */
export function armable(modifiers: readonly ServerModifier[]): ArmableModifiers {
  let armed = false;
  const gate = <F extends (...args: never[]) => unknown>(inner: F, modified: F): F =>
    ((...args: Parameters<F>) => (armed ? modified(...args) : inner(...args))) as F;
  return {
    modifiers: modifiers.map((modifier) => ({
      ...(modifier.authenticate
        ? { authenticate: (next: Authenticate) => gate(next, modifier.authenticate!(next)) }
        : {}),
      ...(modifier.handle ? { handle: (next: Handle) => gate(next, modifier.handle!(next)) } : {}),
      ...(modifier.reply
        ? { reply: (answer: Reply, route: RouteInfo) => (armed ? modifier.reply!(answer, route) : answer) }
        : {}),
    })),
    arm: () => {
      armed = true;
    },
  };
}
