// One request before any check: a target that cannot be reached, or that refuses the configured
// token, is a configuration problem (exit 2), not a hundred failed checks.
import { ApiClient } from '../client/api-client.ts';
import { Redactor } from '../client/redactor.ts';
import { TransportError } from '../client/transport-error.ts';
import type { BodyEncoding } from '../config/settings.ts';
import { HarnessError } from '../errors.ts';
import type { OpenTarget } from './open-target.ts';

export async function probeTarget(target: OpenTarget, encoding: BodyEncoding, timeoutMs: number): Promise<void> {
  const client = new ApiClient({
    baseUrl: target.url,
    credentials: { kind: 'token', token: target.accessToken, secretName: 'ACCESS_TOKEN' },
    encoding,
    timeoutMs,
    redactor: new Redactor({ ACCESS_TOKEN: target.accessToken, SECOND_ACCESS_TOKEN: target.secondAccessToken }),
  });
  let status: number;
  try {
    status = (await client.listConversations({ limit: 1 })).status;
  } catch (error) {
    if (error instanceof TransportError) {
      throw new HarnessError('MSGAPI_TARGET_UNREACHABLE', `Cannot reach the target at ${target.url}: ${error.exchange.transportError}.`);
    }
    throw error;
  }
  if (status === 401 || status === 403) {
    throw new HarnessError(
      'MSGAPI_TARGET_REJECTED_TOKEN',
      `The target at ${target.url} rejected ACCESS_TOKEN (GET /v1/conversations answered ${status}); check the token.`,
    );
  }
}
