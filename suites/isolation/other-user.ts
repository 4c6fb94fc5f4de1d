// What the isolation checks share: the second user (SECOND_ACCESS_TOKEN), and what a refusal of
// that user's request to the first user's data must look like.
import type { ServerProfile } from '../../lib/core/profile/server-profile.ts';
import type { ApiClient, ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { expectThat } from '../../harness/checks/expect.ts';
import { expectNoOwnData, type OwnResources } from '../../harness/checks/own-resources.ts';

export const isolationRule =
  '§5: a request acts for the user whose token its "Authorization: Bearer <ACCESS_TOKEN>" header carries, never for another';

/**
 * The second user's client, or a skip saying why there is none. (The check command has already
 * made sure the server accepts the second token: a refused one would make these checks pass for nothing.)
 */
export async function secondUser(context: CheckContext): Promise<ApiClient> {
  return (
    context.second ??
    context.skip('SECOND_ACCESS_TOKEN is not set: isolation checks need the token of a second user to act as')
  );
}

/**
 * The second user's request was refused (any error status: §7 leaves 403 or 404 open) and the
 * answer shows nothing of the first user's but what the request itself carried.
 */
export function expectRefused(
  profile: ServerProfile,
  response: ApiResponse,
  own: OwnResources,
  sent: readonly string[],
  what: string,
): void {
  expectThat(
    profile.isForeignIdAnswer(response.status),
    response,
    `a refusal (403, 404 or another error status) for ${what} (${isolationRule})`,
    `status ${response.status}`,
  );
  expectNoOwnData(response, own, sent, what, isolationRule);
}
