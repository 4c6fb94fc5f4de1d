// "What this server chose": the open points of the spec the run knows the server's reading of,
// where each came from (declared, detected, observed, known, default) and what was seen.
import type { ServerChoice } from '../../conformance/run/check-result.ts';
import { escapeHtml } from '../page-kit/format.ts';

export function serverChoicesSection(choices: readonly ServerChoice[]): string {
  if (choices.length === 0) return '';
  const rows = choices
    .map(
      (choice) =>
        `<tr data-point="${escapeHtml(choice.point)}"><td><code>${escapeHtml(choice.point)}</code></td><td><code>${escapeHtml(choice.reading)}</code></td><td>${escapeHtml(choice.source)}</td><td>${escapeHtml(choice.evidence ?? '')}</td></tr>`,
    )
    .join('\n');
  return `<section id="choices" class="block">
<h2>What this server chose</h2>
<p class="lead">Where the spec leaves a choice open: declared by you, detected by the probe and used, observed (reported only: one answer seen narrows nothing), known of the embedded server, or the suite's default.</p>
<table class="choices"><thead><tr><th>open point</th><th>reading</th><th>source</th><th>evidence</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</section>`;
}
