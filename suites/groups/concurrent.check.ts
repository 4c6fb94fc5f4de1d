import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { concurrentChecks } from '../both/concurrent.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(
  concurrentChecks(groups, {
    updatesKept: {
      title:
        'PUTs of name, description and avatar_url sent at once to one group each keep their field: no update that succeeded is lost',
      writes: (context) => [
        { name: context.names.groupName('renamed') },
        { description: 'described' },
        { avatar_url: 'https://example.com/avatar.png' },
      ],
    },
  }),
);

registerWhenRunByVitest(import.meta, checks);
