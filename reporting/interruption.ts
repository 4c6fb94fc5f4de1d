// What every report says of a run stopped by a signal: which checks were cut short half-way (not
// run, so in no count) as well as that the rest never started. The terminal, index.html and
// junit.xml say it in the same words.
import type { ConformanceReport } from '../conformance/run/check-result.ts';

/** What an interrupted run's report leaves out, as a clause; undefined when the run was not interrupted. */
export function leftOutByInterruption(report: ConformanceReport): string | undefined {
  if (!report.interrupted) return undefined;
  const cut = report.interrupted_checks ?? [];
  return cut.length === 0
    ? 'the checks that had not run yet are not in this report.'
    : `${cut.length === 1 ? 'one check was' : `${cut.length} checks were`} stopped half-way, so not run (${cut.join(', ')}); they and the checks that had not started are not in this report.`;
}
