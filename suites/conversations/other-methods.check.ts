import { allowOn405, otherMethodsChangeNothing } from '../../harness/behaviours/other-methods.ts';
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

  // RFC 9110 §15.5.6: a 405 carries Allow. The spec shows no answer to a method it lacks (§7).
  defineCheck(
    {
      id: 'conversations.other-methods.allow-on-405',
      title: 'a 405 for HEAD or OPTIONS on the conversations collection carries an Allow header',
      level: 'convention',
      assumes: ['allow-on-405', 'other-methods'],
    },
    allowOn405(conversations),
  ),
];

registerWhenRunByVitest(import.meta, checks);
