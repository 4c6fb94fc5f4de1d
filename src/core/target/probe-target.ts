// One request per configured user before any check: a target that cannot be reached, or that
// refuses a configured token, is a configuration problem (exit 2), not a hundred failed checks.
import type { ApiClient } from '../client/api-client.ts';
import type { SecretName } from '../client/credentials.ts';
import { firstUserClient, secondUserClient } from '../client/user-clients.ts';
import { TransportError } from '../client/transport-error.ts';
import { HarnessError } from '../errors.ts';
import type { Target } from './target.ts';

async function probeAs(client: ApiClient, url: string, secretName: SecretName, consequence: string): Promise<void> {
  let status: number;
  try {
    status = (await client.listConversations({ limit: 1 })).status;
  } catch (error) {
    if (error instanceof TransportError) {
      throw new HarnessError('MSGAPI_TARGET_UNREACHABLE', `Cannot reach the target at ${url}: ${error.exchange.transportError}.`);
    }
    throw error;
  }
  if (status === 401 || status === 403) {
    throw new HarnessError(
      'MSGAPI_TARGET_REJECTED_TOKEN',
      `The target at ${url} rejected ${secretName} (GET /v1/conversations answered ${status}); ${consequence}.`,
    );
  }
}

/** Returns how many requests it made. */
export async function probeTarget(target: Target, timeoutMs: number): Promise<number> {
  const client = firstUserClient(target.users, { baseUrl: target.url, encoding: target.choices.bodyEncoding, timeoutMs });
  await probeAs(client, target.url, 'ACCESS_TOKEN', 'check the token');
  const second = secondUserClient(client, target.users);
  if (second === undefined) return 1;
  // A second token the server refuses would make every isolation check pass for nothing.
  await probeAs(second, target.url, 'SECOND_ACCESS_TOKEN', 'check the token, or unset it to skip the isolation checks');
  return 2;
}
