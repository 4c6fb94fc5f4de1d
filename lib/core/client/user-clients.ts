// Clients that act as the configured users. Both tokens are handed to the redactor of each, so
// that neither ever appears in a record, whichever user a request acts for.
import { ApiClient, type ApiClientOptions } from './api-client.ts';
import { Redactor } from './redactor.ts';

export interface UserTokens {
  accessToken: string;
  secondAccessToken?: string | undefined;
}

/** A client acting as the user of ACCESS_TOKEN. */
export function firstUserClient(
  tokens: UserTokens,
  options: Omit<ApiClientOptions, 'credentials' | 'redactor'>,
): ApiClient {
  return new ApiClient({
    ...options,
    credentials: { kind: 'token', token: tokens.accessToken, secretName: 'ACCESS_TOKEN' },
    redactor: new Redactor({
      ...Object.fromEntries(
        (options.transport?.headers ?? []).flatMap((header) =>
          header.secretName === undefined ? [] : [[header.secretName, header.value]],
        ),
      ),
      ACCESS_TOKEN: tokens.accessToken,
      SECOND_ACCESS_TOKEN: tokens.secondAccessToken,
    }),
  });
}

/** The same client acting as the user of SECOND_ACCESS_TOKEN, when there is one. */
export function secondUserClient(first: ApiClient, tokens: UserTokens): ApiClient | undefined {
  return tokens.secondAccessToken === undefined
    ? undefined
    : first.as({ kind: 'token', token: tokens.secondAccessToken, secretName: 'SECOND_ACCESS_TOKEN' });
}
