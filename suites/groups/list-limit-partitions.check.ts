import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { listLimitPartitionChecks } from '../both/list-limit-partitions.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(listLimitPartitionChecks(groups));

registerWhenRunByVitest(import.meta, checks);
