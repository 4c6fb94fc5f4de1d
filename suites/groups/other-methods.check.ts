import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { otherMethodChecks } from '../both/other-methods.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(otherMethodChecks(groups));

registerWhenRunByVitest(import.meta, checks);
