import { archivedAtPartitions } from '../../harness/behaviours/timestamps.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'conversations.timestamps.archived-at-partitions',
      title: 'archived_at of 1, 2^31 + 7 and a value of the other unit is returned exactly, as an integer, by the PUT and a later retrieve (a time yet to come may be refused)',
      level: 'spec',
      assumes: ['refusal-status', 'success-status', 'timestamp-unit'],
    },
    archivedAtPartitions(conversations),
  ),
];

registerWhenRunByVitest(import.meta, checks);
