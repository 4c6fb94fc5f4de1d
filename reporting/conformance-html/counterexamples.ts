// The shrunk counterexamples of the property and model-based checks, each as the script of API
// calls it is: the generated case, then the numbered steps with their requests and curl commands,
// and the seed that replays it.
import type { CheckResult } from '../../conformance/run/check-result.ts';
import { escapeHtml } from '../page-kit/format.ts';
import { isGeneratedCheck, parseFailureMessage } from './failure-message.ts';
import { checkAnchor, statusBadge } from './status.ts';

// StepLog.describe() (harness/properties/step-log.ts): "1. Label", then per request an indented
// "METHOD url → status" line and an indented curl line.
const stepLine = /^(\d+)\. (.*)$/;

interface Step {
  number: string;
  label: string;
  lines: string[];
}

function parseSteps(text: string): Step[] | null {
  const steps: Step[] = [];
  for (const line of text.split('\n')) {
    const match = stepLine.exec(line);
    if (match) steps.push({ number: match[1]!, label: match[2]!, lines: [] });
    else if (steps.length > 0) steps.at(-1)!.lines.push(line.trim());
    else return null;
  }
  return steps;
}

function stepItem(step: Step): string {
  const lines = step.lines
    .filter((line) => line !== '')
    .map((line) =>
      line.startsWith('curl ')
        ? `<pre class="curl">${escapeHtml(line)}</pre>`
        : `<div class="http"><code>${escapeHtml(line)}</code></div>`,
    )
    .join('');
  return `<li value="${escapeHtml(step.number)}"><div class="call"><span class="step-no">${escapeHtml(step.number)}.</span> <code>${escapeHtml(step.label)}</code></div>${lines}</li>`;
}

/** Steps as a list, one call per item; as written when they are not in StepLog's shape. */
function steps(text: string): string {
  const parsed = parseSteps(text);
  const body =
    parsed === null ? `<pre>${escapeHtml(text)}</pre>` : `<ol class="step-list">${parsed.map(stepItem).join('')}</ol>`;
  return `<div class="side-label">Steps</div><div class="steps">${body}</div>`;
}

// The run's command less what chose and repeated its checks: --only names the one check instead,
// and the case's own seed replaces the run's.
const runCommandWithout = /(^SEED=\d+ )| --(?:only|exclude|shard|repeat|replay) \S+| --bail\b/g;

/** The command that runs this case alone: the run's own settings, --only the check, --replay the case. */
export function caseReplayCommand(runCommand: string | undefined, checkId: string, replay: string): string {
  return `${(runCommand ?? 'npx msgapi check').replace(runCommandWithout, '')} --only ${checkId} --replay ${replay}`;
}

function counterexample(check: CheckResult, runCommand: string | undefined): string | null {
  const found = parseFailureMessage(check.message).counterexample;
  if (found === null) return null;
  const shrunk =
    found.shrinks === null ? '' : `Shrunk ${found.shrinks} time${found.shrinks === 1 ? '' : 's'} to this case. `;
  const replay =
    found.seed === null
      ? ''
      : `Replay with <code class="replay">SEED=${found.seed}</code>: the same seed generates and shrinks to the same case.`;
  const alone =
    found.replay === null
      ? ''
      : `<p class="case-alone">This case alone, sent once (exit 1 when it fails again, 0 when not): <code class="replay">${escapeHtml(caseReplayCommand(runCommand, check.id, found.replay))}</code></p>`;
  return `<article class="counterexample" id="counterexample-${checkAnchor(check.id)}" data-check="${escapeHtml(check.id)}">
<header>${statusBadge(check)}<h3><a href="#${checkAnchor(check.id)}"><code>${escapeHtml(check.id)}</code></a></h3><span class="meta">${escapeHtml(check.spec.join(', '))}</span></header>
<p class="check-title">${escapeHtml(check.title)}</p>
<p class="replay-line">${shrunk}${replay}</p>
${alone}
<div class="side-label">Generated case</div><pre class="value">${escapeHtml(found.value)}</pre>
${found.steps === null ? '' : steps(found.steps)}
</article>`;
}

/** Empty when no property or model-based check has a counterexample. */
export function counterexamples(checks: readonly CheckResult[], runCommand?: string): { html: string; count: number } {
  const cards = checks
    .filter((check) => isGeneratedCheck(check.id) && check.status !== 'passed')
    .map((check) => counterexample(check, runCommand))
    .filter((card): card is string => card !== null);
  if (cards.length === 0) return { html: '', count: 0 };
  return {
    count: cards.length,
    html: `<section id="counterexamples" class="block">
<h2>Counterexamples</h2>
<p class="lead">Property and model-based checks generate API calls at random and shrink a failure to the shortest sequence that still fails. Each step below is one call, with the requests it made and their curl commands.</p>
${cards.join('\n')}
</section>`,
  };
}
