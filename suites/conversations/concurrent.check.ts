import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { concurrentChecks } from '../both/concurrent.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(
  concurrentChecks(conversations, {
    updatesKept: {
      title:
        'PUTs of is_muted, is_pinned and pinned_message_id sent at once to one conversation each keep their field: no update that succeeded is lost',
      writes: (context) => [
        { is_muted: true },
        { is_pinned: true },
        { pinned_message_id: context.names.contactId('pinned') },
      ],
    },
  }),
);

registerWhenRunByVitest(import.meta, checks);
