import { retrieveReturnsCreated, retrieveUnknownIdIs404, retrieveUnknownIdIsRefused } from '../../harness/behaviours/retrieve.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'conversations.retrieve.same-object',
      title: 'retrieving a created conversation returns the object that create returned',
      level: 'spec',
      assumes: ['last-active-at', 'last-opened-at', 'success-status'],
    },
    retrieveReturnsCreated(conversations),
  ),

  defineCheck(
    {
      id: 'conversations.retrieve.unknown-id',
      title: 'retrieving an id that does not exist gets a 4xx, never a 5xx',
      level: 'robustness',
      assumes: ['error-body', 'success-status', 'unknown-id-status'],
      readOnly: true,
    },
    retrieveUnknownIdIsRefused(conversations),
  ),

  defineCheck(
    {
      id: 'conversations.retrieve.unknown-id-404',
      title: 'retrieving an id that does not exist gets 404',
      level: 'convention',
      assumes: ['unknown-id-status'],
      readOnly: true,
    },
    retrieveUnknownIdIs404(conversations),
  ),
];

registerWhenRunByVitest(import.meta, checks);
