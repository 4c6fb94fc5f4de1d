// The end of a run in the terminal: failures first, each with its reproduction, then the blocked
// and skipped checks with their reasons, a table by spec section, and one summary line.
import type { CheckResult, ConformanceReport } from './check-result.ts';
import { isGatingFailure } from './build-report.ts';

function indented(text: string | null): string[] {
  return (text ?? '').split('\n').map((line) => `    ${line}`);
}

function heading(check: CheckResult): string {
  return `${check.id} [${check.level}, ${check.spec}] — ${check.title}`;
}

export function formatSummary(report: ConformanceReport, reportPaths: string[]): string {
  const lines: string[] = [];
  for (const failure of report.checks.filter((check) => check.status === 'failed')) {
    lines.push('', `${isGatingFailure(failure) ? 'FAIL' : 'FAIL (not gating)'} ${heading(failure)}`, ...indented(failure.message));
  }
  for (const blocked of report.checks.filter((check) => check.status === 'blocked')) {
    lines.push('', `BLOCKED ${heading(blocked)}`, ...indented(blocked.message));
    if (blocked.reproduction) lines.push(...indented(`Reproduce: ${blocked.reproduction}`));
  }
  const skipped = report.checks.filter((check) => check.status === 'skipped');
  if (skipped.length > 0) {
    lines.push('', 'Skipped:', ...skipped.map((check) => `  ${check.id}: ${check.message}`));
  }

  if (report.leftovers.length > 0) {
    lines.push('', 'Left behind on the target (deleting them did not work):');
    lines.push(...report.leftovers.map((leftover) => `  ${leftover.kind} ${leftover.id}: ${leftover.reason}`));
    if (report.ledger_file) lines.push(`  Try again later with: msgapi cleanup --ledger ${report.ledger_file}`);
  }
  if (report.interrupted) lines.push('', 'The run was interrupted: the checks that had not run yet are not in this report.');

  lines.push('', 'By spec section:    passed  failed  skipped  blocked');
  for (const [section, counts] of Object.entries(report.sections)) {
    const cells = [counts.passed, counts.failed, counts.skipped, counts.blocked].map((n, i) => String(n).padStart([6, 8, 9, 9][i]!));
    lines.push(`  ${section.padEnd(16)}${cells.join('')}`);
  }

  const { passed, failed, skipped: skippedCount, blocked, gating_failed } = report.summary;
  lines.push(
    '',
    `Conformance of ${report.target.url}${report.target.embedded ? ' (embedded reference server)' : ''}: ` +
      `${passed} passed, ${failed} failed (${gating_failed} gating), ${skippedCount} skipped, ${blocked} blocked; ` +
      `${report.requests} requests in ${(report.duration_ms / 1000).toFixed(1)} s; seed ${report.seed}.`,
    `Reports: ${reportPaths.join(', ')}`,
  );
  return lines.join('\n');
}
