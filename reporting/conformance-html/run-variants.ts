// What kind of run the report is, when it is not a plain one: a shard, a merge of shards, a
// repeated run, a run read against an expectations file. Each changes how its counts are read.
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { escapeHtml } from '../page-kit/format.ts';
import { checkAnchor } from './status.ts';

const checkLink = (id: string) => `<a href="#${checkAnchor(id)}"><code>${escapeHtml(id)}</code></a>`;

function expectationsBox(report: ConformanceReport): string {
  const outcome = report.expectations;
  if (outcome === undefined) return '';
  const reasons = new Map(report.checks.map((check) => [check.id, check.expected_failure]));
  const group = (title: string, ids: string[], kind: string, explain: string, item: (id: string) => string) =>
    ids.length === 0
      ? ''
      : `<div class="outcome ${kind}" data-outcome="${kind}"><h3>${title} (${ids.length})</h3><p>${explain}</p><ul>${ids.map((id) => `<li>${item(id)}</li>`).join('')}</ul></div>`;
  const newBlocked = outcome.new_blocked ?? [];
  const none =
    outcome.new_failures.length + newBlocked.length + outcome.unexpected_passes.length + outcome.expected.length === 0;
  return `<section class="expectations" aria-label="Expectations outcome">
<p>Read against the expectations file <code>${escapeHtml(outcome.file)}</code>${none ? ': nothing it lists failed, and nothing new failed.' : '.'}</p>
${group('New failures', outcome.new_failures, 'new', 'Gating failures the file does not list: these fail the run.', checkLink)}
${group('New blocked checks', newBlocked, 'new-blocked', 'Gating checks blocked (a premise they needed failed) that the file does not list: these fail the run too.', checkLink)}
${group('Unexpected passes', outcome.unexpected_passes, 'unexpected', 'Listed as known failures but passed: these fail the run until they are removed from the file.', (id) => `<code>${escapeHtml(id)}</code>`)}
${group('Expected failures', outcome.expected, 'expected', 'Listed in the file and failed (or were blocked) as expected: reported, not gating.', (id) => `${checkLink(id)} — <span class="reason">${escapeHtml(reasons.get(id) ?? '')}</span>`)}
</section>`;
}

export function runVariants(report: ConformanceReport): string {
  const lines: string[] = [];
  if (report.shard) {
    lines.push(
      `<li data-variant="shard"><strong>Shard ${report.shard.index} of ${report.shard.count}</strong>: this report holds only that part of the checks; <code>msgapi merge</code> joins the parts.</li>`,
    );
  }
  if (report.merged_from) {
    const files = report.merged_from.map((file) => `<code>${escapeHtml(file)}</code>`).join(', ');
    lines.push(
      `<li data-variant="merged"><strong>Merged</strong> from ${report.merged_from.length} shard reports: ${files}.</li>`,
    );
  }
  if (report.repeat !== undefined) {
    const flaky = report.summary.flaky ?? 0;
    lines.push(
      `<li data-variant="repeat"><strong>Repeated</strong>: every check ran ${report.repeat} times; ${flaky === 0 ? 'none changed its result between attempts' : `${flaky} changed ${flaky === 1 ? 'its' : 'their'} result between attempts (flaky)`}.</li>`,
    );
  }
  const list = lines.length === 0 ? '' : `<ul class="variants">${lines.join('')}</ul>`;
  return list + expectationsBox(report);
}
