// The API client as most tests build it: one user's token (redacted from what it prints), form
// bodies and a 5 s timeout, anything else as the test gives it.
import { ApiClient, type ApiClientOptions } from '../../lib/core/client/api-client.ts';
import { Redactor } from '../../lib/core/client/redactor.ts';

export function tokenClient(baseUrl: string, token: string, options: Partial<ApiClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl,
    credentials: { kind: 'token', token, secretName: 'ACCESS_TOKEN' },
    encoding: 'form',
    timeoutMs: 5_000,
    redactor: new Redactor({ ACCESS_TOKEN: token }),
    ...options,
  });
}
