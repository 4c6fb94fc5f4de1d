// Every check that did not pass and was not skipped, in full: what it checks, where the spec says
// so, Expected beside Received, the exchange, and the curl command to see it again. Failures
// that fail the run come first; blocked checks last, since each points at another check's failure.
import { isGatingFailure } from '../../conformance/run/build-report.ts';
import { serialRerunNote, type CheckResult } from '../../conformance/run/check-result.ts';
import { escapeHtml } from '../page-kit/format.ts';
import { copyBlock } from './copy-block.ts';
import { isGeneratedCheck, parseFailureMessage, type FailureMessage } from './failure-message.ts';
import { checkAnchor, gatingWords, levelBadge, statusBadge } from './status.ts';

const pre = (text: string, cls = '') => `<pre${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</pre>`;

/** Each attempt of a flaky check; for a steady one, only how many attempts agreed. */
function attempts(check: CheckResult): string {
  if (!check.attempts || check.attempts.length < 2) return '';
  if (new Set(check.attempts).size === 1)
    return `<p class="attempts-same">The same in all ${check.attempts.length} attempts.</p>`;
  const items = check.attempts
    .map((status, index) => `<li>${statusBadge(status)}<span class="attempt-no">attempt ${index + 1}</span></li>`)
    .join('');
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
    text === null
      ? ''
      : `<div class="side-${kind.toLowerCase()}"><div class="side-label">${kind}</div>${pre(text)}</div>`;
  return `<div class="expected-received">${side('Expected', message.expected)}${side('Received', message.received)}</div>`;
}

/** A message written some other way than Expected / Received (a harness error): shown as it is. */
function unparsed(check: CheckResult, message: FailureMessage): string {
  const known = message.expected ?? message.received ?? message.exchange ?? message.counterexample;
  return known === null && message.note === null && check.message ? pre(check.message, 'raw') : '';
}

const names = (objects: ReadonlyArray<{ kind: string; id: string }>) =>
  objects.map((object) => `${object.kind} <code>${escapeHtml(object.id)}</code>`).join(', ');

/**
 * The curl, and when the failing request names what the check made (which the run deleted, so the
 * curl alone answers 404) or is itself a create (whose curl alone leaves an object no ledger
 * lists), the replay script first, saying why.
 */
function reproductions(check: CheckResult, reproduction: string | null): string[] {
  const anchor = checkAnchor(check.id);
  const replay = check.reproduction_script;
  if (replay === undefined)
    return reproduction === null
      ? []
      : [copyBlock(`curl-${anchor}`, reproduction, 'Reproduce (export ACCESS_TOKEN first)')];
  const left = new Set((check.leftovers ?? []).map((leftover) => `${leftover.kind}:${leftover.id}`));
  const deleted = replay.recreates.filter((object) => !left.has(`${object.kind}:${object.id}`));
  const why = [
    deleted.length > 0
      ? `The run deleted what the failing request names (${names(deleted)}) when the check ended, so its curl alone would now answer 404 (or another 4xx), not what the run saw.`
      : '',
    replay.failing_request_creates
      ? 'The failing request is a create: its curl alone would leave an object behind that no ledger lists.'
      : '',
    `The script below makes ${replay.recreates.length > 0 ? "the objects again with the run's own create requests, repeats the check's earlier writes, sends the failing request with the new ids" : 'the request'}, prints its status and body, and deletes what it made, also when a step fails.`,
  ]
    .filter(Boolean)
    .join(' ');
  return [
    `<p class="note replay-why">${why}</p>`,
    copyBlock(`replay-${anchor}`, replay.script, 'Replay script (sh; export ACCESS_TOKEN first)', 'replay-script'),
    ...(reproduction === null
      ? []
      : [
          copyBlock(
            `curl-${anchor}`,
            reproduction,
            deleted.length > 0 ? 'The failing request alone (its object is gone now)' : 'The failing request alone',
          ),
        ]),
  ];
}

function card(check: CheckResult, checks: ReadonlyMap<string, CheckResult>): string {
  const message = parseFailureMessage(check.message);
  const reproduction = check.reproduction ?? message.reproduce;
  const parts = [
    check.expected_failure !== undefined
      ? `<p class="known"><strong>Known failure</strong> (listed in the expectations file): ${escapeHtml(check.expected_failure)}</p>`
      : '',
    attempts(check),
    serialRerunNote(check) === undefined ? '' : `<p class="serial-rerun">${escapeHtml(serialRerunNote(check)!)}</p>`,
    check.fresh_connection === undefined
      ? ''
      : `<p class="serial-rerun fresh-connection">${escapeHtml(check.fresh_connection)}</p>`,
    message.note === null ? '' : note(message.note, checks),
    expectedReceived(message),
    unparsed(check, message),
    message.counterexample && isGeneratedCheck(check.id)
      ? `<p class="see-counterexample">Shrunk counterexample, step by step: <a href="#counterexample-${checkAnchor(check.id)}">below, under Counterexamples</a>.</p>`
      : '',
    message.exchange === null
      ? ''
      : `<div class="exchange"><div class="side-label">Exchange</div>${pre(message.exchange)}</div>`,
    ...reproductions(check, reproduction),
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
    {
      title: 'Failures that do not gate',
      explain: 'Convention checks the server has not declared it follows: reported, not gating.',
      checks: checks.filter((c) => failedLike(c) && !c.gating && !known(c)),
    },
    {
      title: 'Expected failures',
      explain: 'Listed in the expectations file with a reason: reported, not gating.',
      checks: checks.filter((c) => failedLike(c) && known(c)),
    },
    {
      title: 'Blocked',
      explain:
        'A step these checks needed first did not work, so they could not test their own behaviour; the failure belongs to the check they name.',
      checks: checks.filter((c) => c.status === 'blocked'),
    },
  ];
}

export function failureCards(checks: readonly CheckResult[]): string {
  const byId = new Map(checks.map((check) => [check.id, check]));
  const shown = groups(checks).filter((group) => group.checks.length > 0);
  const body =
    shown.length === 0
      ? '<p class="all-clear">No check failed, was flaky or was blocked.</p>'
      : shown
          .map(
            (group) =>
              `<div class="failure-group"><h3 class="group-title">${group.title} (${group.checks.length})</h3><p class="lead">${group.explain}</p>\n${group.checks.map((check) => card(check, byId)).join('\n')}</div>`,
          )
          .join('\n');
  return `<section id="failures" class="block">
<h2>Failures</h2>
${body}
</section>`;
}
