// The Authorization header taken only as §5 writes it (register: auth-scheme-spelling): the scheme
// exactly "Bearer", one space, the token. "bearer <token>" or "BEARER <token>", which the clean
// server takes (RFC 7235 §2.1: the scheme is case-insensitive), is refused as credentials that are
// not valid.
import type { ServerModifier } from '../modifiers.ts';

export const schemeAsWritten: ServerModifier = {
  authenticate: (next) => (header, accounts) =>
    next(header === undefined || header.startsWith('Bearer ') ? header : `x${header}`, accounts),
};
