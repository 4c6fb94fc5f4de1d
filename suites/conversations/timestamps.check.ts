import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { timestampChecks } from '../both/timestamps.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(timestampChecks(conversations));

registerWhenRunByVitest(import.meta, checks);
