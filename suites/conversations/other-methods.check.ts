import { otherMethodsChangeNothing } from '../../harness/behaviours/other-methods.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'conversations.other-methods.change-nothing',
      title: 'HEAD, OPTIONS, POST and PATCH on a conversation\'s path, and GET or HEAD on paths beside it that the API does not have, get an answer and leave the conversation as it was',
      level: 'spec',
      assumes: ['last-active-at', 'last-opened-at', 'other-methods', 'success-status'],
    },
    otherMethodsChangeNothing(conversations),
  ),
];

registerWhenRunByVitest(import.meta, checks);
