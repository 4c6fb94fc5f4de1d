import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { otherMethodChecks } from '../both/other-methods.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(otherMethodChecks(conversations));

registerWhenRunByVitest(import.meta, checks);
