// The end of a run in the terminal: every failure with its reproduction, then one summary line.
import type { ConformanceReport } from './check-result.ts';
import { isGatingFailure } from './build-report.ts';

export function formatSummary(report: ConformanceReport, reportPaths: string[]): string {
  const lines: string[] = [];
  const failures = report.checks.filter((check) => check.status === 'failed');
  for (const failure of failures) {
    const gate = isGatingFailure(failure) ? 'FAIL' : 'FAIL (convention, not gating)';
    lines.push('', `${gate} ${failure.id} [${failure.level}, ${failure.spec}] — ${failure.title}`);
    lines.push(...(failure.message ?? '').split('\n').map((line) => `    ${line}`));
  }
  const { passed, failed, skipped, gating_failed } = report.summary;
  lines.push(
    '',
    `Conformance of ${report.target.url}${report.target.embedded ? ' (embedded reference server)' : ''}: ` +
      `${passed} passed, ${failed} failed (${gating_failed} gating), ${skipped} skipped; ` +
      `${report.requests} requests in ${(report.duration_ms / 1000).toFixed(1)} s; seed ${report.seed}.`,
    `Reports: ${reportPaths.join(', ')}`,
  );
  return lines.join('\n');
}
