// Every check that did not pass and was not skipped, in full: what it checks, where the spec says
// so, Expected beside Received, the exchange, and the curl command to see it again. Failures
// that fail the run come first; blocked checks last, since each points at another check's failure.
import { isGatingFailure } from '../build-report.ts';
import type { CheckResult } from '../../conformance/run/check-result.ts';
import { escapeHtml } from '../page-kit/format.ts';
import { copyBlock } from './copy-block.ts';
import { isGeneratedCheck, parseFailureMessage, type FailureMessage } from './failure-message.ts';
import { checkAnchor, gatingWords, levelBadge, statusBadge } from './status.ts';

const pre = (text: string, cls = '') => `<pre${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</pre>`;

/** Each attempt of a flaky check; for a steady one, only how many attempts agreed. */
function attempts(check: CheckResult): string {
  if (!check.attempts || check.attempts.length < 2) return '';
  if (new Set(check.attempts).size === 1) return `<p class="attempts-same">The same in all ${check.attempts.length} attempts.</p>`;
  const items = check.attempts.map((status, index) => `<li>${statusBadge(status)}<span class="attempt-no">attempt ${index + 1}</span></li>`).join('');
  return `<div class="attempts"><span class="label">Attempts</span><ol>${items}</ol></div>`;
}

/** The flaky and blocked summaries, with a blamed check id turned into a link to its failure. */
function note(text: string, checks: ReadonlyMap<string, CheckResult>): string {
  const escaped = escapeHtml(text).replace(/\(see ([a-z0-9.-]+)\)/g, (whole, id: string) =>
    checks.has(id) ? `(see <a href="#${checkAnchor(id)}"><code>${id}</code></a>)` : whole,
  );
  return `<p class="note">${escaped}</p>`;
}

function expectedReceived(message: FailureMessage): string {
  if (message.expected === null && message.received === null) return '';
  const side = (kind: 'Expected' | 'Received', text: string | null) =>
    text === null ? '' : `<div class="side-${kind.toLowerCase()}"><div class="side-label">${kind}</div>${pre(text)}</div>`;
  return `<div class="expected-received">${side('Expected', message.expected)}${side('Received', message.received)}</div>`;
}

/** A message written some other way than Expected / Received (a harness error): shown as it is. */
function unparsed(check: CheckResult, message: FailureMessage): string {
  const known = message.expected ?? message.received ?? message.exchange ?? message.counterexample;
  return known === null && message.note === null && check.message ? pre(check.message, 'raw') : '';
}

function card(check: CheckResult, checks: ReadonlyMap<string, CheckResult>): string {
  const message = parseFailureMessage(check.message);
  const reproduction = check.reproduction ?? message.reproduce;
  const parts = [
    check.expected_failure !== undefined ? `<p class="known"><strong>Known failure</strong> (listed in the expectations file): ${escapeHtml(check.expected_failure)}</p>` : '',
    attempts(check),
    message.note === null ? '' : note(message.note, checks),
    expectedReceived(message),
    unparsed(check, message),
    message.counterexample && isGeneratedCheck(check.id)
      ? `<p class="see-counterexample">Shrunk counterexample, step by step: <a href="#counterexample-${checkAnchor(check.id)}">below, under Counterexamples</a>.</p>`
      : '',
    message.exchange === null ? '' : `<div class="exchange"><div class="side-label">Exchange</div>${pre(message.exchange)}</div>`,
    reproduction === null ? '' : copyBlock(`curl-${checkAnchor(check.id)}`, reproduction, 'Reproduce (export ACCESS_TOKEN first)'),
  ];
  return `<article class="check-card s-${check.status}${check.expected_failure !== undefined ? ' expected' : ''}" id="${checkAnchor(check.id)}" data-check="${escapeHtml(check.id)}" data-status="${check.status}">
<header>${statusBadge(check)}<h3><code>${escapeHtml(check.id)}</code></h3><span class="meta">${escapeHtml(check.spec.join(', '))} ${levelBadge(check.level)} ${gatingWords(check)}</span></header>
<p class="check-title">${escapeHtml(check.title)}</p>
${parts.filter(Boolean).join('\n')}
</article>`;
}

interface Group {
  title: string;
  explain: string;
  checks: CheckResult[];
}

function groups(checks: readonly CheckResult[]): Group[] {
  const known = (check: CheckResult) => check.expected_failure !== undefined;
  const failedLike = (check: CheckResult) => check.status === 'failed' || check.status === 'flaky';
  return [
    { title: 'Gating failures', explain: 'These fail the run.', checks: checks.filter(isGatingFailure) },
    { title: 'Failures that do not gate', explain: 'Convention checks the server has not declared it follows: reported, not gating.', checks: checks.filter((c) => failedLike(c) && !c.gating && !known(c)) },
    { title: 'Expected failures', explain: 'Listed in the expectations file with a reason: reported, not gating.', checks: checks.filter((c) => failedLike(c) && known(c)) },
    { title: 'Blocked', explain: 'A step these checks needed first did not work, so they could not test their own behaviour; the failure belongs to the check they name.', checks: checks.filter((c) => c.status === 'blocked') },
  ];
}

export function failureCards(checks: readonly CheckResult[]): string {
  const byId = new Map(checks.map((check) => [check.id, check]));
  const shown = groups(checks).filter((group) => group.checks.length > 0);
  const body =
    shown.length === 0
      ? '<p class="all-clear">No check failed, was flaky or was blocked.</p>'
      : shown
          .map((group) => `<div class="failure-group"><h3 class="group-title">${group.title} (${group.checks.length})</h3><p class="lead">${group.explain}</p>\n${group.checks.map((check) => card(check, byId)).join('\n')}</div>`)
          .join('\n');
  return `<section id="failures" class="block">
<h2>Failures</h2>
${body}
</section>`;
}
