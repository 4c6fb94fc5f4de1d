// The answer to a DELETE of an id that names nothing (never made, deleted already), in a module of
// its own so that docs/assumptions.md names only the checks that send one.
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { ServerProfile } from '../../lib/core/profile/server-profile.ts';
import { expectAnswer, expectNoServerError } from './expect.ts';

/** Never a 5xx, and the unknown-id answer or a successful DELETE's (profile: delete-of-nothing; §4.3 shows no DELETE status). */
export function expectDeleteOfNothing(profile: ServerProfile, response: ApiResponse, what: string): void {
  expectNoServerError(profile, response, what);
  expectAnswer(response, profile.isDeleteOfNothingAnswer, profile.describeDeleteOfNothing(), what);
}
