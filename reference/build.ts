import { createServer, type Server } from 'node:http';
import type { Account } from './auth.ts';
import { createRequestListener } from './dispatch.ts';
import { createUserStore } from './store.ts';
import { defaultChoices, type ReferenceChoices } from './choices.ts';
import type { ServerModifier } from './modifiers.ts';

export interface ReferenceUser {
  /** The Bearer token that identifies this user; one token, one user. */
  token: string;
  name: string;
}

export interface ReferenceServerOptions {
  users: ReferenceUser[];
  /** The current time as an integer in the unit of choices.timestampUnit; injectable so tests can fix it. */
  now?: () => number;
  /** The choices the spec leaves open; defaults in choices.ts. */
  choices?: Partial<ReferenceChoices>;
  /** Faults and variants at the server's seams (modifiers.ts), innermost first. */
  modifiers?: readonly ServerModifier[];
}

const TOKEN = /^[^\s]+$/;
const KEEP_ALIVE_MS = 30_000;

function accountsFrom(users: ReferenceUser[]): Map<string, Account> {
  const accounts = new Map<string, Account>();
  for (const [index, user] of users.entries()) {
    if (typeof user.token !== 'string' || !TOKEN.test(user.token)) {
      throw new TypeError(`users[${index}].token must be a non-empty string without whitespace.`);
    }
    if (accounts.has(user.token)) {
      throw new TypeError(`users[${index}].token repeats an earlier token; each user needs its own.`);
    }
    // Each user gets a separate store: another user's id is simply unknown, hence 404.
    accounts.set(user.token, { name: user.name, store: createUserStore() });
  }
  return accounts;
}

/** A configured server that is not yet listening (build and listen are split, as in fastify). */
export function buildReferenceServer(options: ReferenceServerOptions): Server {
  const accounts = accountsFrom(options.users);
  const choices = { ...defaultChoices, ...options.choices };
  const now =
    options.now ?? (choices.timestampUnit === 'milliseconds' ? () => Date.now() : () => Math.floor(Date.now() / 1000));
  const server = createServer(createRequestListener({ accounts, now, choices, modifiers: options.modifiers ?? [] }));
  // Idle connections are the client's to close (msgapi's after a second), not the server's. With
  // Node's five seconds, the full matrix (hundreds of servers in one busy process, their clients in
  // vitest workers) saw the servers close connections the clients still held (22 in one run beside
  // the probe test), and a request sent on one in that moment failed with "other side closed".
  // Thirty seconds, as a proxy's would be, left none; the spec says nothing of connections.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}
