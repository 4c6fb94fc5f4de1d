import { concurrentUpdatesAllKept } from '../../harness/behaviours/concurrent-updates.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'groups.concurrent.updates-kept',
      title: 'PUTs of name, description and avatar_url sent at once to one group each keep their field: no update that succeeded is lost',
      level: 'spec',
      assumes: ['success-status'],
    },
    concurrentUpdatesAllKept(groups, (context) => [{ name: context.names.groupName('renamed') }, { description: 'described' }, { avatar_url: 'https://example.com/avatar.png' }]),
  ),
];

registerWhenRunByVitest(import.meta, checks);
