// The top of the page for a conformance run: the verdict first, then the counts, then the facts
// a person needs to tell this run from another and to run it again (target, time, seed).
import { verdictOf } from '../../conformance/run/verdict.ts';
import type { CheckStatus, ConformanceReport } from '../../conformance/run/check-result.ts';
import { escapeHtml, formatCount } from '../page-kit/format.ts';
import { statusBadge, statusOrder } from './status.ts';
import { runVariants } from './run-variants.ts';
import { cleanupTokensNote } from '../../lib/core/safety/cleanup-command.ts';
import { describeChecksAtOnce, type RunTiming } from '../../conformance/run/run-timing.ts';
import { leftOutByInterruption } from '../interruption.ts';

/** 6641 → "6.6 s", 125_300 → "2 min 5 s". */
export function formatRunTime(ms: number): string {
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const seconds = Math.round(ms / 1000);
  const rest = seconds % 60;
  return `${Math.floor(seconds / 60)} min${rest === 0 ? '' : ` ${rest} s`}`;
}

type Verdict = 'passed' | 'failed' | 'interrupted' | 'error';

/** The report's verdict (decided once, conformance/run/verdict.ts), as the page's data-verdict reads it. */
export function conformanceVerdict(report: ConformanceReport): Verdict {
  return verdictOf(report).outcome.toLowerCase() as Verdict;
}

function verdictBanner(report: ConformanceReport): string {
  const verdict = verdictOf(report);
  const why =
    verdict.outcome === 'PASSED'
      ? `every gating check of the ${verdict.scope.description} passed`
      : verdict.reasons.join('; ');
  const cls = verdict.outcome === 'PASSED' ? 'passed' : 'failed';
  const notices =
    verdict.notices.length > 0
      ? `<ul class="verdict-notices">${verdict.notices.map((notice) => `<li>${escapeHtml(notice)}</li>`).join('')}</ul>`
      : '';
  return (
    `<div class="verdict ${cls}" data-verdict="${verdict.outcome.toLowerCase()}"><strong>${verdict.outcome}</strong> <span class="verdict-why">${escapeHtml(why)}</span>` +
    ` <span class="verdict-scope" data-scope="${escapeHtml(verdict.scope.kind)}">${escapeHtml(verdict.scope.description)}</span>${notices}</div>`
  );
}

function counts(report: ConformanceReport): string {
  const { summary } = report;
  // `?? 0`: a report written before a status existed (flaky) has no count for it.
  const count = (status: CheckStatus) => summary[status] ?? 0;
  const tiles = statusOrder.map(
    (status) =>
      `<div class="tile s-${status}${count(status) === 0 ? ' zero' : ''}" data-count="${status}"><span class="number">${formatCount(count(status))}</span>${statusBadge(status)}</div>`,
  );
  const gating = `<div class="tile gating-tile${summary.gating_failed === 0 ? ' zero' : ''}" data-count="gating_failed"><span class="number">${formatCount(summary.gating_failed)}</span><span class="tile-label">gating failures</span></div>`;
  return `<div class="tiles">${tiles.join('')}${gating}</div>`;
}

function facts(report: ConformanceReport): string {
  const where = report.target.embedded ? 'the embedded reference server' : 'an external server';
  const entries: Array<[string, string]> = [
    ['Target', `<code>${escapeHtml(report.target.url)}</code> — ${where}`],
    ['Started', escapeHtml(report.started_at)],
    ['Duration', escapeHtml(formatRunTime(report.duration_ms))],
    [
      'Checks',
      `<span data-scope="${escapeHtml(verdictOf(report).scope.kind)}">${escapeHtml(verdictOf(report).scope.description)}</span>`,
    ],
    [
      'Seed',
      `<code>${escapeHtml(report.seed)}</code> — replay with <code class="replay">${escapeHtml(report.replay ?? `SEED=${report.seed}`)}</code>`,
    ],
    ['Requests', formatCount(report.requests)],
    ...(report.timing === undefined ? [] : ([['Time', timingFact(report.timing)]] as Array<[string, string]>)),
    [
      'Run',
      `<code>${escapeHtml(report.run_id)}</code>, ${escapeHtml(report.tool.name)} ${escapeHtml(report.tool.version)}`,
    ],
  ];
  return `<dl class="facts">${entries.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('\n')}</dl>`;
}

/** Where the checks' time went (conformance.json timing): the critical path and the checks that held the run. */
function timingFact(timing: RunTiming): string {
  const path = timing.critical_path;
  const longest = timing.dominant
    .map(
      (check) =>
        `<code>${escapeHtml(check.id)}</code> ${escapeHtml(formatRunTime(check.duration_ms))} (${formatCount(check.chain_requests)} requests one after another)`,
    )
    .join(', ');
  return (
    `the checks took ${escapeHtml(formatRunTime(timing.checks_ms))}, ${timing.over_bound}× their bound of ${escapeHtml(formatRunTime(timing.bound_ms))}; ` +
    `critical path <code data-critical-path>${escapeHtml(path.check)}</code> (${formatCount(path.requests)} requests one after another); ` +
    `${timing.achieved_concurrency} requests in flight on average (${escapeHtml(describeChecksAtOnce(timing))}); longest: ${longest}`
  );
}

/** What the run may have left on the target, and an interrupted run: said before any detail. */
function warnings(report: ConformanceReport): string {
  const notes: string[] = [];
  const leftOut = leftOutByInterruption(report);
  if (leftOut !== undefined)
    notes.push(`<p><strong>Interrupted.</strong> The run was stopped by a signal: ${escapeHtml(leftOut)}</p>`);
  if (report.leftovers.length > 0) {
    const items = report.leftovers
      .map(
        (left) => `<li><code>${escapeHtml(left.kind)} ${escapeHtml(left.id)}</code>: ${escapeHtml(left.reason)}</li>`,
      )
      .join('');
    const commands = [
      ...new Set(report.leftovers.flatMap((left) => (left.cleanup === undefined ? [] : [left.cleanup]))),
    ];
    const retry =
      commands.length > 0
        ? commands
            .map(
              (command) =>
                `<p>Try again later with <code>${escapeHtml(command)}</code> (${escapeHtml(cleanupTokensNote)}).</p>`,
            )
            .join('')
        : report.ledger_file
          ? `<p>Try again later with <code>msgapi cleanup --ledger ${escapeHtml(report.ledger_file)}</code>.</p>`
          : '';
    notes.push(
      `<p><strong>Left behind on the target</strong> (deleting them did not work):</p><ul>${items}</ul>${retry}`,
    );
  }
  return notes.length === 0 ? '' : `<div class="warning-box">${notes.join('')}</div>`;
}

export function runHeader(report: ConformanceReport): string {
  return `<header class="run" id="summary">
<h1>Conformance report</h1>
${verdictBanner(report)}
${counts(report)}
${warnings(report)}
${facts(report)}
${runVariants(report)}
</header>`;
}
