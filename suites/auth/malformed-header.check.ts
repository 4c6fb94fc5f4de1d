import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { authorizationHeader, expectEveryOperationRejected } from './rejection.ts';

export const checks = [
  // §5: the value is "Bearer <ACCESS_TOKEN>". Each of these is not that shape; the tokens in them
  // are the suite's own inventions, so a server that reads past the shape still has nothing valid.
  defineCheck(
    {
      id: 'auth.malformed-header.rejected',
      title: 'every endpoint rejects a malformed Authorization header with a 4xx, shows no data and changes nothing',
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
        authorizationHeader('Bearer'),
        authorizationHeader('Bearer  two  spaces'),
        authorizationHeader(`Bearer msgapi-${context.target.runId} token-with-a-space`),
        authorizationHeader('%%%'),
        authorizationHeader(''),
      ]),
  ),
];

registerWhenRunByVitest(import.meta, checks);
