// The end of a run in the terminal: failures first, each with its reproduction, then the blocked
// and skipped checks with their reasons, a table by spec section, and one summary line.
import { serialRerunNote, type CheckResult, type ConformanceReport } from '../conformance/run/check-result.ts';
import { isGatingBlock, isGatingFailure, isNonGatingFailure, verdictOf } from '../conformance/run/verdict.ts';
import { describeChecksAtOnce, type RunTiming } from '../conformance/run/run-timing.ts';
import { colourFor } from './colour.ts';
import { cleanupTokensNote } from '../lib/core/safety/cleanup-command.ts';
import { leftOutByInterruption } from './interruption.ts';

function indented(text: string | null): string[] {
  return (text ?? '').split('\n').map((line) => `    ${line}`);
}

function heading(check: CheckResult): string {
  return `${check.id} [${[check.level, ...check.spec].join(', ')}] — ${check.title}`;
}

/** "3 failed (1 gating, 1 known, 1 not gating)": each failure counted once, by what it does to the run. */
function failedPhrase(checks: readonly CheckResult[]): string {
  const failedLike = checks.filter((check) => check.status === 'failed' || check.status === 'flaky');
  if (failedLike.length === 0) return '0 failed';
  const kinds = [
    [failedLike.filter(isGatingFailure).length, 'gating'],
    [failedLike.filter((check) => check.expected_failure !== undefined).length, 'known'],
    [failedLike.filter(isNonGatingFailure).length, 'not gating'],
  ] as const;
  return `${failedLike.length} failed (${kinds
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}`)
    .join(', ')})`;
}

/** " (1 gating, 2 known)": the blocked checks that fail the run, and those --expectations lists. */
function blockedQualifier(report: ConformanceReport): string {
  const known = report.checks.filter(
    (check) => check.status === 'blocked' && check.expected_failure !== undefined,
  ).length;
  const kinds = [
    [report.summary.gating_blocked ?? 0, 'gating'],
    [known, 'known'],
  ] as const;
  const shown = kinds.filter(([n]) => n > 0);
  return shown.length === 0 ? '' : ` (${shown.map(([n, word]) => `${n} ${word}`).join(', ')})`;
}

/** Where the checks' time went, in one line: the critical path and how near the run came to its bound. */
export function timingLine(timing: RunTiming): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const path = timing.critical_path;
  return (
    `Time: the checks took ${seconds(timing.checks_ms)}, ${timing.over_bound}× their bound of ${seconds(timing.bound_ms)}; ` +
    `critical path ${path.check} (${path.requests} requests one after another, ${seconds(path.ms)} waiting on answers); ` +
    `${timing.achieved_concurrency} requests in flight on average (${describeChecksAtOnce(timing)}).`
  );
}

/** `stream`: where the summary is printed, which decides whether it is coloured. */
export function formatSummary(
  report: ConformanceReport,
  reportPaths: string[],
  stream: NodeJS.WriteStream = process.stdout,
): string {
  const paint = colourFor(stream);
  const lines: string[] = [];
  for (const failure of report.checks.filter((check) => check.status === 'failed' || check.status === 'flaky')) {
    const label = failure.status === 'flaky' ? 'FLAKY' : 'FAIL';
    const qualifier =
      failure.expected_failure !== undefined
        ? ` (expected: ${failure.expected_failure})`
        : isGatingFailure(failure)
          ? ''
          : ' (not gating)';
    lines.push(
      '',
      `${paint(failure.expected_failure === undefined && isGatingFailure(failure) ? 'red' : 'yellow', `${label}${qualifier}`)} ${heading(failure)}`,
      ...indented(failure.message),
    );
    const rerun = serialRerunNote(failure);
    if (rerun) lines.push(...indented(rerun));
    if (failure.fresh_connection) lines.push(...indented(failure.fresh_connection));
  }
  for (const blocked of report.checks.filter((check) => check.status === 'blocked')) {
    const qualifier = blocked.expected_failure !== undefined ? ` (expected: ${blocked.expected_failure})` : '';
    lines.push('', `BLOCKED${qualifier} ${heading(blocked)}`, ...indented(blocked.message));
    if (blocked.reproduction) lines.push(...indented(`Reproduce: ${blocked.reproduction}`));
  }
  const skipped = report.checks.filter((check) => check.status === 'skipped');
  if (skipped.length > 0) {
    lines.push('', 'Skipped:', ...skipped.map((check) => `  ${check.id}: ${check.message}`));
  }

  if (report.leftovers.length > 0) {
    lines.push('', 'Left behind on the target (deleting them did not work):');
    lines.push(...report.leftovers.map((leftover) => `  ${leftover.kind} ${leftover.id}: ${leftover.reason}`));
    // Each leftover carries its command (the run's ledger, or the probe's marker): each said once.
    const commands = [
      ...new Set(report.leftovers.flatMap((leftover) => (leftover.cleanup === undefined ? [] : [leftover.cleanup]))),
    ];
    for (const command of commands) lines.push(`  Try again later with: ${command}`, `    (${cleanupTokensNote})`);
    if (commands.length === 0 && report.ledger_file)
      lines.push(`  Try again later with: msgapi cleanup --ledger ${report.ledger_file}`);
  }
  const rate = report.rate_limit;
  if (rate && rate.throttled > 0) {
    lines.push(
      '',
      `Rate limited: the target answered 429 ${rate.throttled} time(s)${rate.retry_after_seen ? ' (with Retry-After)' : ''}; ` +
        `the run slowed down and settled at ${rate.settled_rps ?? 'an unknown rate'} requests/s (each throttled request was sent again).`,
    );
  }
  const congestion = congestionLine(report.rate_limit);
  if (congestion !== undefined) lines.push('', congestion);
  const leftOut = leftOutByInterruption(report);
  if (leftOut !== undefined) lines.push('', `The run was interrupted: ${leftOut}`);
  const outcome = report.expectations;
  if (outcome) {
    const notFound = outcome.not_found ?? [];
    const knownBlocked = report.checks.filter(
      (check) => check.status === 'blocked' && check.expected_failure !== undefined,
    ).length;
    // A new block fails the run as a new failure does: counted, so that "0 new failures" never stands above FAILED alone.
    const newBlocked = outcome.new_blocked ?? report.checks.filter(isGatingBlock).map((check) => check.id);
    lines.push(
      '',
      `Expectations (${outcome.file}): ${outcome.expected.length} known failures as expected${knownBlocked > 0 ? ` (${knownBlocked} of them blocked)` : ''}, ` +
        `${outcome.new_failures.length} new failures, ${newBlocked.length} new blocked checks, ${outcome.unexpected_passes.length} listed checks now passing` +
        `${notFound.length > 0 ? `, ${notFound.length} generated checks that did not find their known failure with seed ${report.seed} (a notice, not a failure)` : ''}.`,
    );
    if (outcome.unexpected_passes.length > 0)
      lines.push(paint('red', `  Now passing, remove from ${outcome.file}: ${outcome.unexpected_passes.join(', ')}`));
    if (notFound.length > 0)
      lines.push(
        `  Not found with this seed (kept in ${outcome.file}; another seed may find them): ${notFound.join(', ')}`,
      );
  }

  const chosen = report.server_choices ?? [];
  if (chosen.length > 0) {
    lines.push('', 'What this server chose (where the spec leaves it open):');
    const width = Math.max(...chosen.map((choice) => choice.point.length));
    lines.push(...chosen.map((choice) => `  ${choice.point.padEnd(width)}  ${choice.reading} (${choice.source})`));
  }

  if (report.timing) lines.push('', timingLine(report.timing));

  lines.push('', 'By spec section:    passed  failed  skipped  blocked  flaky');
  for (const [section, counts] of Object.entries(report.sections)) {
    const cells = [counts.passed, counts.failed, counts.skipped, counts.blocked, counts.flaky ?? 0].map((n, i) =>
      String(n).padStart([6, 8, 9, 9, 7][i]!),
    );
    const row = `  ${section.padEnd(16)}${cells.join('')}`;
    lines.push(counts.failed > 0 || (counts.flaky ?? 0) > 0 ? paint('red', row) : row);
  }

  const verdict = verdictOf(report);
  const { passed, skipped: skippedCount, blocked, flaky } = report.summary;
  const colour = verdict.outcome === 'PASSED' ? 'green' : verdict.outcome === 'INTERRUPTED' ? 'yellow' : 'red';
  lines.push(
    '',
    `${paint(colour, verdict.outcome)} Conformance of ${report.target.url}${report.target.embedded ? ' (embedded reference server)' : ''}, ${verdict.scope.description}: ` +
      `${passed} passed, ${failedPhrase(report.checks)}, ${skippedCount} skipped, ${blocked} blocked${blockedQualifier(report)}${flaky ? `, ${flaky} flaky` : ''}; ` +
      `${report.requests} requests in ${(report.duration_ms / 1000).toFixed(1)} s; seed ${report.seed}.`,
    ...verdict.reasons.map((reason) => `  ${verdict.outcome === 'PASSED' ? '' : 'Why: '}${reason}`),
    ...verdict.notices.map((notice) => `  Note: ${notice}`),
    ...(report.replay ? [`Replay: ${report.replay}`] : []),
    `Reports: ${reportPaths.join(', ')}`,
  );
  return lines.join('\n');
}

/**
 * One sentence on a target the run overloaded: how many requests got no answer while it answered
 * others, what the run did, and the settings that spare it.
 */
export function congestionLine(rate: ConformanceReport['rate_limit']): string | undefined {
  const congested = rate?.congested ?? 0;
  if (congested === 0) return undefined;
  const alone = rate?.unanswered_alone ?? 0;
  return (
    `Congested: ${congested} request(s) got no answer (none in time, or the connection refused or reset) while the target answered others; ` +
    `the run narrowed its checks at once and sent each again alone${alone > 0 ? ` (${alone} got no answer alone either, and failed)` : ''}. ` +
    'To spare the target: --workers N (fewer checks at once), --max-rps N, or a longer REQUEST_TIMEOUT_MS.'
  );
}
