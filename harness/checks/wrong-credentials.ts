// Credentials that are not the user's: invented headers, and headers made from the valid token
// (ACCESS_TOKEN) that hold another token. Shared by the auth checks and the model-based check.
import type { Credentials, DerivedCredentials } from '../../lib/core/client/credentials.ts';

export interface WrongCredentials {
  /** How a failure names them: 'no Authorization header', 'the header "Authorization: Bearer"'. */
  label: string;
  credentials: Credentials;
}

/** An Authorization header of the suite's own invention; it is shown as it is. */
export const authorizationHeader = (value: string): WrongCredentials => ({
  label: `the header ${JSON.stringify(`Authorization: ${value}`)}`,
  credentials: { kind: 'header', value },
});

// Credentials made from the valid token (ACCESS_TOKEN). The token is a secret: each variant is
// named by what was done to it, and recorded as a shell expansion of $ACCESS_TOKEN, so a failure
// shows and reproduces the request without ever holding the token.

const secret = '$ACCESS_TOKEN';

/**
 * An Authorization header with a token made from the valid one: `token` is sent where the token
 * goes, written `shownToken` in records; `scheme` and `after` surround it as they are.
 */
export function made(
  label: string,
  token: string,
  shownToken: string,
  scheme = 'Bearer ',
  after = '',
): WrongCredentials {
  const credentials: DerivedCredentials = {
    kind: 'derived',
    values: [`${scheme}${token}${after}`],
    shown: [`${scheme}${shownToken}${after}`],
    hidden: [[token, shownToken]],
  };
  return { label, credentials };
}

/**
 * What replaces the token's last character: "~", outside the base64 alphabets, so that a token
 * decoded before it is compared (a JWT's signature) cannot decode to the same bytes, as a changed
 * last base64 character may when only its unused low bits differ; "." when the token ends in "~".
 */
const replacingLast = (character: string | undefined): string => (character === '~' ? '.' : '~');

/** §5: the value is "Bearer <ACCESS_TOKEN>". Each of these holds another token, or the token in another value. */
export function tokenVariants(token: string): WrongCredentials[] {
  const last = token.at(-1);
  const cut = token.slice(0, -1);
  return [
    made('the valid token with a character added before it', `x${token}`, `x${secret}`),
    // "x", a base64 character: it lengthens what a decoded token decodes to (a lenient decoder skips "~").
    made('the valid token with a character added after it', `${token}x`, `\${ACCESS_TOKEN}x`),
    made(
      'the valid token with its last character changed',
      `${cut}${replacingLast(last)}`,
      `\${ACCESS_TOKEN%?}${replacingLast(last)}`,
    ),
    made('the valid token written twice', `${token}${token}`, `${secret}${secret}`),
    made('the valid token after "xBearer" (a scheme word that ends in Bearer)', token, secret, 'xBearer '),
    made('the valid token followed by a space and junk ("Bearer <token> junk")', token, secret, 'Bearer ', ' junk'),
    ...(cut === '' ? [] : [made('the valid token without its last character', cut, `\${ACCESS_TOKEN%?}`)]),
  ];
}

/** Every letter of the token in the other case (the shell writes that as bash's ${ACCESS_TOKEN~~}). */
export const swapCase = (token: string): string =>
  [...token]
    .map((character) => (character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase()))
    .join('');

// RFC 7235 §2.1: the scheme is case-insensitive, and 1*SP separates it from the credentials; §5 of
// the spec writes "Bearer <ACCESS_TOKEN>" without saying more. A server may accept these or refuse
// them; two Authorization headers are no valid request either (RFC 9110 §5.3: the field is not a
// list), which a server may refuse or answer by one of the two.
export function schemeVariants(token: string, unknown: string): WrongCredentials[] {
  const two = (label: string, values: [string, string], shown: [string, string]): WrongCredentials => ({
    label,
    credentials: { kind: 'derived', values, shown, hidden: [] },
  });
  return [
    made('the valid token with the scheme written "bearer"', token, secret, 'bearer '),
    made('the valid token with the scheme written "BEARER"', token, secret, 'BEARER '),
    made('the valid token after two spaces ("Bearer  <token>")', token, secret, 'Bearer  '),
    two(
      'two Authorization headers, the valid one first and an unknown token second',
      [`Bearer ${token}`, `Bearer ${unknown}`],
      [`Bearer ${secret}`, `Bearer ${unknown}`],
    ),
    two(
      'two Authorization headers, an unknown token first and the valid one second',
      [`Bearer ${unknown}`, `Bearer ${token}`],
      [`Bearer ${unknown}`, `Bearer ${secret}`],
    ),
  ];
}

/**
 * Every header §5 lets no server take as the user's: none, an unknown token, other schemes, a
 * malformed Bearer, and the valid token changed (auth checks send each of these on every
 * operation; the model-based check draws from them).
 */
export function refusedCredentials(token: string, runId: string): WrongCredentials[] {
  const user = `msgapi-${runId}`;
  const swapped = swapCase(token);
  return [
    { label: 'no Authorization header', credentials: { kind: 'none' } },
    authorizationHeader(`Bearer ${user}-unknown-token`),
    authorizationHeader(`Basic ${Buffer.from(`${user}:not-a-password`).toString('base64')}`),
    authorizationHeader(`Token ${user}-token`),
    authorizationHeader('Bearer'),
    authorizationHeader(''),
    ...tokenVariants(token),
    ...(swapped === token
      ? []
      : [made('the valid token with the case of every letter swapped', swapped, '${ACCESS_TOKEN~~}')]),
  ];
}
