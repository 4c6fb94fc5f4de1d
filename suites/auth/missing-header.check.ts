import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectEveryOperationRejected } from './rejection.ts';

export const checks = [
  // §5: the header is how a request says whose it is; without it, no request is anyone's.
  defineCheck(
    {
      id: 'auth.missing-header.rejected',
      title:
        'every endpoint rejects a request without an Authorization header with a 4xx, shows no data and changes nothing',
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
      expectEveryOperationRejected(context, [{ label: 'no Authorization header', credentials: { kind: 'none' } }]),
  ),
];

registerWhenRunByVitest(import.meta, checks);
