import { ApiError } from './respond.ts';
import type { UserStore } from './store.ts';

export interface Account {
  readonly name: string;
  readonly store: UserStore;
}

// RFC 7235: the scheme is case-insensitive; we accept exactly one space before the token so that
// a client with a sloppy header builder is caught rather than silently tolerated.
const BEARER = /^bearer ([^\s]+)$/i;

function unauthorized(message: string): ApiError {
  return new ApiError(401, 'authentication_error', message, undefined, {
    'WWW-Authenticate': 'Bearer',
  });
}

export function authenticate(header: string | undefined, accounts: ReadonlyMap<string, Account>): Account {
  if (header === undefined || header === '') {
    throw unauthorized('Missing Authorization header; expected "Bearer <token>".');
  }
  const match = BEARER.exec(header);
  if (match === null) {
    throw unauthorized('Malformed Authorization header; expected "Bearer <token>".');
  }
  const account = accounts.get(match[1] ?? '');
  if (account === undefined) throw unauthorized('Unknown access token.');
  return account;
}
