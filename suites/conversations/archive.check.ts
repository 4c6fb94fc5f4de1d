import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { archiveChecks } from '../both/archive.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(archiveChecks(conversations));

registerWhenRunByVitest(import.meta, checks);
