import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { listLimitPartitionChecks } from '../both/list-limit-partitions.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(listLimitPartitionChecks(conversations));

registerWhenRunByVitest(import.meta, checks);
