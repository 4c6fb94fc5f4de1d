import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { archiveChecks } from '../both/archive.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(archiveChecks(groups));

registerWhenRunByVitest(import.meta, checks);
