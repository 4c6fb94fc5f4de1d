import { createServer, type Server } from 'node:http';
import type { Account } from './auth.ts';
import { createRequestListener } from './dispatch.ts';
import { createUserStore } from './store.ts';

export interface ReferenceUser {
  /** The Bearer token that identifies this user; one token, one user. */
  token: string;
  name: string;
}

export interface ReferenceServerOptions {
  users: ReferenceUser[];
  /** The current time in integer seconds since the epoch; injectable so tests can fix it. */
  now?: () => number;
}

const TOKEN = /^[^\s]+$/;

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
  const now = options.now ?? ((): number => Math.floor(Date.now() / 1000));
  return createServer(createRequestListener({ accounts, now }));
}
