// What a request proves about who sends it. Tokens from the configuration are secrets and are
// only ever shown as the name of their environment variable; the deliberately wrong credentials
// that authentication checks send are the suite's own inventions and are shown as they are.

export type SecretName = 'ACCESS_TOKEN' | 'SECOND_ACCESS_TOKEN';

export type Credentials =
  | { kind: 'token'; token: string; secretName: SecretName }
  | { kind: 'header'; value: string }
  | { kind: 'none' };

export function authorizationHeader(credentials: Credentials): string | undefined {
  switch (credentials.kind) {
    case 'token':
      return `Bearer ${credentials.token}`;
    case 'header':
      return credentials.value;
    case 'none':
      return undefined;
  }
}

/** The Authorization header as it may be written down: the secret replaced by its variable. */
export function shownAuthorizationHeader(credentials: Credentials): string | undefined {
  return credentials.kind === 'token' ? `Bearer $${credentials.secretName}` : authorizationHeader(credentials);
}
