import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { expectAnswer, expectThat } from '../../harness/checks/expect.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import { authorizationHeader, expectEveryOperationRejected } from './rejection.ts';

const asked = 'GET /v1/groups with an unknown Bearer token';

/** The one refused request the convention checks look at: a list, which changes nothing. */
const refusedList = (context: CheckContext): Promise<ApiResponse> =>
  context.client
    .as(authorizationHeader(`Bearer msgapi-${context.target.runId}-unknown-token`).credentials)
    .listGroups();

export const checks = [
  // §5: the token is the user's ACCESS_TOKEN; one the suite invents belongs to no user.
  defineCheck(
    {
      id: 'auth.unknown-token.rejected',
      title: 'every endpoint rejects an unknown Bearer token with a 4xx, shows no data and changes nothing',
      level: 'security',
      assumes: [
        'auth-refusal-status',
        'contact-fields',
        'last-active-at',
        'last-opened-at',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
      ],
      tags: ['conversations', 'groups'],
    },
    (context) =>
      expectEveryOperationRejected(context, [
        authorizationHeader(`Bearer msgapi-${context.target.runId}-unknown-token`),
      ]),
  ),

  // §7 names no status for a failure: any 4xx refuses (auth.*.rejected). 401 Unauthorized is the
  // one HTTP gives for it (RFC 9110 §15.5.2), so it is a convention: reported, gating when declared.
  defineCheck(
    {
      id: 'auth.unknown-token.401',
      title: 'an unknown Bearer token gets 401 Unauthorized',
      level: 'convention',
      assumes: ['auth-refusal-status'],
      tags: ['groups'],
      readOnly: true,
    },
    async (context) => {
      const response = await refusedList(context);
      expectAnswer(
        response,
        context.profile.isUnauthorized,
        'status 401 (the convention, RFC 9110 §15.5.2; profile: auth-refusal-status)',
        asked,
      );
    },
  ),

  // RFC 9110 §11.6.1: a 401 carries WWW-Authenticate. The spec shows no answer to a refusal (§7).
  defineCheck(
    {
      id: 'auth.unknown-token.challenge',
      title: 'a 401 for an unknown Bearer token carries a WWW-Authenticate challenge',
      level: 'convention',
      assumes: ['auth-challenge', 'auth-refusal-status'],
      tags: ['groups'],
      readOnly: true,
    },
    async (context) => {
      const response = await refusedList(context);
      if (!context.profile.conventionApplies('auth-challenge', response.status)) {
        context.skip(
          `${asked} got ${response.status}, not a 401: only a 401 carries a challenge (profile: auth-challenge)`,
        );
      }
      expectThat(
        context.profile.followsConvention('auth-challenge', response),
        response,
        `a WWW-Authenticate header on the 401 for ${asked} (RFC 9110 §11.6.1; profile: auth-challenge)`,
        'no WWW-Authenticate header',
      );
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
