// What a behaviour both resources have is defined once, here in suites/both/, as a function of the
// resource (harness/checks/resource-under-test.ts): its checks' ids, levels and bodies, and their
// titles where the two differ only in the resource's name. What differs beyond that (the fields a
// check sends, and the title that names them) each resource's suite file gives, beside the checks
// only it has (suites/<resource>/<operation>.check.ts), which list them all in their order.
import type { CheckDefinition } from '../../harness/checks/define-check.ts';

/** A behaviour's checks for one resource, by name, in the order a suite file takes them by default. */
export type SharedChecks = Readonly<Record<string, CheckDefinition>>;

/**
 * A suite file's checks: every shared one, in the order given (with the file's own among them), or
 * all of them as the behaviour lists them. A shared check left out throws as the file loads (the
 * registry loads every suite file), so that no behaviour both resources share goes missing from one.
 */
export function inFileOrder<S extends SharedChecks>(
  shared: S,
  order?: (shared: S) => readonly CheckDefinition[],
): CheckDefinition[] {
  const checks = order === undefined ? Object.values(shared) : [...order(shared)];
  const missing = Object.values(shared).filter((check) => !checks.includes(check));
  if (missing.length > 0) {
    throw new Error(
      `A suite file leaves out ${missing.map((check) => check.id).join(', ')}: a check both resources share is listed by each resource's file.`,
    );
  }
  return checks;
}
