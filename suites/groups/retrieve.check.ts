import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { retrieveChecks } from '../both/retrieve.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(retrieveChecks(groups));

registerWhenRunByVitest(import.meta, checks);
