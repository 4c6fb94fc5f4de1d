// What a request proves about who sends it. Tokens from the configuration are secrets and are
// only ever shown as the name of their environment variable; the deliberately wrong credentials
// that authentication checks send are the suite's own inventions and are shown as they are; those
// the checks make from a configured token (the token with a character changed, wrapped in junk)
// are shown as shell expansions of its variable, never as the token.

export type SecretName = 'ACCESS_TOKEN' | 'SECOND_ACCESS_TOKEN';

/**
 * Header values made from a configured token. `values`: each is sent as an Authorization header
 * (two values: two headers). `shown`: the same values as a record may hold them, the token written
 * as an expansion of its variable ("x$ACCESS_TOKEN", "${ACCESS_TOKEN%?}x"), so that a curl
 * reproduction sends what was sent and shows no secret. `hidden`: texts made from the token that
 * no record may hold (a server may echo them back), each with what stands in its place.
 */
export interface DerivedCredentials {
  kind: 'derived';
  values: readonly string[];
  shown: readonly string[];
  hidden: ReadonlyArray<readonly [text: string, shown: string]>;
}

export type Credentials =
  | { kind: 'token'; token: string; secretName: SecretName }
  | { kind: 'header'; value: string }
  | DerivedCredentials
  | { kind: 'none' };

/** The Authorization header of credentials that send one (or none). */
export function authorizationHeader(credentials: Exclude<Credentials, DerivedCredentials>): string | undefined {
  switch (credentials.kind) {
    case 'token':
      return `Bearer ${credentials.token}`;
    case 'header':
      return credentials.value;
    case 'none':
      return undefined;
  }
}

/** The Authorization headers to send, one value per header: none, one, or (derived) several. */
export function authorizationHeaders(credentials: Credentials): readonly string[] {
  if (credentials.kind === 'derived') return credentials.values;
  const value = authorizationHeader(credentials);
  return value === undefined ? [] : [value];
}

/**
 * The Authorization header as it may be written down: the secret replaced by its variable. Two
 * headers are written one per line (a header value never holds a line break), as curl.ts renders them.
 */
export function shownAuthorizationHeader(credentials: Credentials): string | undefined {
  if (credentials.kind === 'token') return `Bearer $${credentials.secretName}`;
  if (credentials.kind === 'derived') return credentials.shown.join('\n');
  return authorizationHeader(credentials);
}

/** Hides, in a text to be recorded, what derived credentials made from a token (longest first). */
export function hideDerived(credentials: Credentials, text: string): string {
  if (credentials.kind !== 'derived') return text;
  let result = text;
  for (const [hidden, shown] of [...credentials.hidden].sort((a, b) => b[0].length - a[0].length)) {
    if (hidden !== '') result = result.split(hidden).join(shown);
  }
  return result;
}
