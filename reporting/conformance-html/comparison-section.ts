// msgapi compare on the page: checks against runs, the rows whose result differs marked and
// shown first. Unchanged rows are hidden behind a checkbox, a CSS-only toggle, so the page needs
// no script for it and the filter works with scripts off.
import type { ComparisonGrid, ComparisonRow } from '../comparison.ts';
import { escapeHtml } from '../page-kit/format.ts';
import { levelBadge, statusBadge } from './status.ts';

function row(entry: ComparisonRow): string {
  const cells = entry.statuses
    .map(
      (status) => `<td>${status === null ? '<span class="status s-none">— not run</span>' : statusBadge(status)}</td>`,
    )
    .join('');
  const mark = entry.changed ? '<span class="changed-mark">changed</span>' : '';
  return `<tr class="${entry.changed ? 'changed' : 'unchanged'}" data-check="${escapeHtml(entry.id)}" data-changed="${entry.changed}"><td class="mark">${mark}</td><td><code>${escapeHtml(entry.id)}</code><div class="check-title">${escapeHtml(entry.title)}</div></td><td class="spec">${escapeHtml(entry.spec.join(', '))} ${levelBadge(entry.level)}</td>${cells}</tr>`;
}

export function comparisonSection(grid: ComparisonGrid): string {
  const legend = grid.runs
    .map(
      (run, index) =>
        `<li><span class="run-no">[${index + 1}]</span> <strong>${escapeHtml(run.label)}</strong> — <code>${escapeHtml(run.target)}</code>, ${escapeHtml(run.started_at)}</li>`,
    )
    .join('');
  const head = grid.runs
    .map((run, index) => `<th title="${escapeHtml(run.file)}">[${index + 1}] ${escapeHtml(run.label)}</th>`)
    .join('');
  const rows = [...grid.rows]
    .sort((a, b) => Number(b.changed) - Number(a.changed) || a.id.localeCompare(b.id))
    .map(row)
    .join('\n');
  const unchanged = grid.rows.length - grid.changed;
  const summary =
    grid.changed === 0
      ? `No check differs between the ${grid.runs.length} runs.`
      : `${grid.changed} of ${grid.rows.length} checks differ between the runs.`;
  return `<section id="comparison" class="block comparison">
<h2>Comparison</h2>
<ol class="runs">${legend}</ol>
<p class="lead" data-changed-count="${grid.changed}">${summary}</p>
<input type="checkbox" id="show-all-rows" class="show-all"><label for="show-all-rows">Show the ${unchanged} unchanged check${unchanged === 1 ? '' : 's'} too</label>
<div class="table-wrap"><table class="grid"><thead><tr><th></th><th>Check</th><th>Section, level</th>${head}</tr></thead><tbody>
${rows}
</tbody></table></div>
${choicesTable(grid, head)}
</section>`;
}

/** What each server chose where the spec is open, side by side; the points where they differ marked. */
function choicesTable(grid: ComparisonGrid, head: string): string {
  if (grid.choices.length === 0) return '';
  const rows = grid.choices
    .map(
      (entry) =>
        `<tr class="${entry.changed ? 'differs' : 'same'}" data-point="${escapeHtml(entry.point)}"><td class="mark">${entry.changed ? '<span class="changed-mark">differs</span>' : ''}</td><td><code>${escapeHtml(entry.point)}</code></td>${entry.readings.map((reading) => `<td>${reading === null ? '—' : escapeHtml(reading)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<h3>What each server chose</h3>
<div class="table-wrap"><table class="grid choices-grid"><thead><tr><th></th><th>Open point</th>${head}</tr></thead><tbody>
${rows}
</tbody></table></div>`;
}
