import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { authorizationHeader, expectEveryOperationRejected } from './rejection.ts';

export const checks = [
  // §5: the token is the user's ACCESS_TOKEN; one the suite invents belongs to no user.
  defineCheck(
    {
      id: 'auth.unknown-token.rejected',
      title: 'every endpoint rejects an unknown Bearer token with 401 or 403, shows no data and changes nothing',
      level: 'security',
      tags: ['conversations', 'groups'],
    },
    (context) =>
      expectEveryOperationRejected(context, [authorizationHeader(`Bearer msgapi-${context.target.runId}-unknown-token`)]),
  ),
];

registerWhenRunByVitest(import.meta, checks);
