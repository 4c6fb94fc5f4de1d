import { concurrentUpdatesAllKept } from '../../harness/behaviours/concurrent-updates.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'conversations.concurrent.updates-kept',
      title: 'PUTs of is_muted, is_pinned and pinned_message_id sent at once to one conversation each keep their field: no update that succeeded is lost',
      level: 'spec',
      assumes: ['success-status'],
    },
    concurrentUpdatesAllKept(conversations, (context) => [{ is_muted: true }, { is_pinned: true }, { pinned_message_id: context.names.contactId('pinned') }]),
  ),
];

registerWhenRunByVitest(import.meta, checks);
