// Credentials that differ from a valid one: prefix, suffix, one character, case, the scheme, junk around it (§5).
// Each fault is a token comparison or a header parser of the kind independent implementations get
// wrong (strncmp over the wrong length, includes() for equals, a case-folded lookup, an unanchored
// pattern, split('Bearer ')[1]); the valid token and every other bad header act as before.
import type { Account } from '../auth.ts';
import type { Authenticate, ServerModifier } from '../modifiers.ts';
import { defineFaults } from './fault.ts';
import { spec } from './spec.ts';

const BEARER = /^bearer ([^\s]+)$/i;

/**
 * A well-formed "Bearer <token>" whose token is no account's is served as the account of the
 * first valid token `matches` pairs it with; everything else is authenticated as before.
 */
function tokenMatchedBy(matches: (sent: string, valid: string) => boolean): ServerModifier {
  return {
    authenticate:
      (next: Authenticate): Authenticate =>
      (header, accounts) => {
        const sent = header === undefined ? undefined : BEARER.exec(header)?.[1];
        if (sent === undefined || accounts.has(sent)) return next(header, accounts);
        const valid = [...accounts.keys()].find((token) => matches(sent, token));
        return valid === undefined ? next(header, accounts) : (accounts.get(valid) as Account);
      },
  };
}

/** The header is read with another pattern: the token it finds is authenticated as "Bearer <token>". */
function headerReadWith(pattern: RegExp): ServerModifier {
  return {
    authenticate:
      (next: Authenticate): Authenticate =>
      (header, accounts) => {
        const token = header === undefined || BEARER.test(header) ? undefined : pattern.exec(header)?.[1];
        return next(token === undefined ? header : `Bearer ${token}`, accounts);
      },
  };
}

const byTokens = ['auth.token-variants.rejected'];

export const credentialFaults = defineFaults([
  {
    name: 'auth.token-compared-by-prefix',
    ...spec.bearerToken,
    breaks:
      "the token is compared over the valid token's length only (strncmp(sent, valid, strlen(valid))): the valid token with anything after it is accepted",
    modifier: tokenMatchedBy((sent, valid) => sent.startsWith(valid)),
    detectedBy: byTokens,
  },
  {
    name: 'auth.token-compared-over-sent-length',
    ...spec.bearerToken,
    breaks:
      "the token is compared over the sent token's length only (strncmp(sent, valid, strlen(sent))): a token cut short is accepted",
    modifier: tokenMatchedBy((sent, valid) => valid.startsWith(sent)),
    detectedBy: byTokens,
  },
  {
    name: 'auth.token-found-by-inclusion',
    ...spec.bearerToken,
    breaks:
      'a token is accepted when it contains a valid one (includes() for equals): the valid token with a prefix or a suffix is accepted',
    modifier: tokenMatchedBy((sent, valid) => sent !== valid && sent.includes(valid)),
    detectedBy: byTokens,
  },
  {
    name: 'auth.token-case-insensitive',
    ...spec.bearerToken,
    breaks: 'tokens are looked up lower-cased: the valid token in other letter case is accepted',
    modifier: tokenMatchedBy((sent, valid) => sent.toLowerCase() === valid.toLowerCase()),
    detectedBy: ['auth.token-variants.case-swapped-rejected'],
  },
  {
    name: 'auth.token-last-character-ignored',
    ...spec.bearerToken,
    breaks:
      'the token comparison loop stops one character early (i < length - 1): the valid token with its last character changed is accepted',
    modifier: tokenMatchedBy((sent, valid) => sent.length === valid.length && sent.slice(0, -1) === valid.slice(0, -1)),
    detectedBy: byTokens,
  },
  {
    name: 'auth.bearer-pattern-unanchored-end',
    ...spec.bearerToken,
    breaks:
      'the header is read with /^bearer (\\S+)/i, not anchored at the end: "Bearer <valid token> junk" is accepted',
    modifier: headerReadWith(/^bearer ([^\s]+)/i),
    detectedBy: byTokens,
  },
  {
    name: 'auth.bearer-pattern-unanchored-start',
    ...spec.bearerToken,
    breaks: 'the header is read with /bearer (\\S+)$/i, not anchored at the start: "xBearer <valid token>" is accepted',
    modifier: headerReadWith(/bearer ([^\s]+)$/i),
    detectedBy: byTokens,
  },
  {
    name: 'auth.scheme-case-crashes',
    ...spec.bearerToken,
    breaks:
      'the token is taken as header.split(\'Bearer \')[1].trim(): a scheme written "bearer" or "BEARER" finds nothing and the server fails with a 500',
    modifier: {
      authenticate:
        (next: Authenticate): Authenticate =>
        (header, accounts) => {
          if (header !== undefined && /^bearer /i.test(header) && !header.startsWith('Bearer ')) {
            throw new TypeError("Cannot read properties of undefined (reading 'trim')");
          }
          return next(header, accounts);
        },
    },
    detectedBy: ['auth.token-variants.scheme-no-server-error'],
  },
]);
