import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { listChecks } from '../both/list.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(listChecks(groups));

registerWhenRunByVitest(import.meta, checks);
