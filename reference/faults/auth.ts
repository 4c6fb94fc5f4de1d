// Authentication (§4, §5): a request without valid credentials is taken for the first user's.
// Each fault lets through one kind of bad credentials; the others are still refused.
import type { Account } from '../auth.ts';
import type { Authenticate, ServerModifier } from '../modifiers.ts';
import { defineFaults } from './fault.ts';
import { spec } from './spec.ts';

type Header = string | undefined;

/**
 * Headers that `lets` picks act for the first configured user (the suite's ACCESS_TOKEN); every
 * other header is authenticated as before, so the right token still works and other bad headers
 * are still refused.
 */
function acceptsAsFirstUser(lets: (header: Header, accounts: ReadonlyMap<string, Account>) => boolean): ServerModifier {
  return {
    authenticate:
      (next: Authenticate): Authenticate =>
      (header, accounts) => {
        const first = accounts.values().next();
        return !first.done && lets(header, accounts) ? first.value : next(header, accounts);
      },
  };
}

const BEARER = /^bearer ([^\s]+)$/i;

export const authFaults = defineFaults([
  {
    name: 'auth.missing-header-accepted',
    ...spec.authRequired,
    breaks: "a request without an Authorization header (or with an empty one) is served as the first user's",
    modifier: acceptsAsFirstUser((header) => header === undefined || header === ''),
  },
  {
    name: 'auth.any-token-accepted',
    ...spec.bearerToken,
    breaks: 'any token in "Bearer <token>" is accepted: an unknown one is served as the first user\'s',
    modifier: acceptsAsFirstUser((header, accounts) => {
      const token = header === undefined ? undefined : BEARER.exec(header)?.[1];
      return token !== undefined && !accounts.has(token);
    }),
  },
  {
    name: 'auth.other-scheme-accepted',
    ...spec.bearerToken,
    breaks: "an Authorization header of another scheme (Basic, Token, Digest ...) is served as the first user's",
    modifier: acceptsAsFirstUser(
      (header) => header !== undefined && /^[A-Za-z][\w-]* \S/.test(header) && !/^bearer /i.test(header),
    ),
  },
  {
    name: 'auth.malformed-bearer-accepted',
    ...spec.bearerToken,
    breaks:
      'a malformed Bearer header ("Bearer" alone, extra spaces, a token with a space) is served as the first user\'s',
    modifier: acceptsAsFirstUser((header) => header !== undefined && /^bearer\b/i.test(header) && !BEARER.test(header)),
  },
]);
