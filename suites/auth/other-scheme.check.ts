import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { authorizationHeader, expectEveryOperationRejected } from './rejection.ts';

export const checks = [
  // §5: the scheme is Bearer. Credentials of other schemes, all invented by the suite.
  defineCheck(
    {
      id: 'auth.other-scheme.rejected',
      title:
        'every endpoint rejects an Authorization header of another scheme with a 4xx, shows no data and changes nothing',
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
    (context) => {
      const user = `msgapi-${context.target.runId}`;
      return expectEveryOperationRejected(context, [
        authorizationHeader(`Basic ${Buffer.from(`${user}:not-a-password`).toString('base64')}`),
        authorizationHeader(`Token ${user}-token`),
        authorizationHeader(`Digest username="${user}", realm="msgapi", nonce="0", uri="/v1/groups", response="0"`),
      ]);
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
