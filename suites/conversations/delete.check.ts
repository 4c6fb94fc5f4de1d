import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { deleteChecks } from '../both/delete.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(deleteChecks(conversations));

registerWhenRunByVitest(import.meta, checks);
