import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { timestampChecks } from '../both/timestamps.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(timestampChecks(groups));

registerWhenRunByVitest(import.meta, checks);
