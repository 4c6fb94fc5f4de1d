// A model's run second by second (load.json's per_second), as a folded table under its scenario:
// what was offered, answered and failed each second, and that second's latency percentiles. A ramp
// (--stages) reads down the offered and responses columns; a soak run's table stops after
// shownSeconds rows, and load.json holds them all.
import type { ModelFigures } from '../../load/load-report.ts';
import type { SecondFigures } from '../../load/per-second.ts';
import { escapeHtml, formatCount } from '../page-kit/format.ts';
import { formatMs } from './figure-text.ts';

/** Ten minutes: beyond, a table says less than the chart and load.json. */
export const shownSeconds = 600;

const ms = (us: number | null) => (us === null ? '—' : escapeHtml(formatMs(us)));

function row(second: SecondFigures, offered: boolean): string {
  const cells = [
    formatCount(second.second + 1),
    ...(offered ? [second.offered === null ? '—' : formatCount(second.offered)] : []),
    formatCount(second.requests),
    formatCount(second.errors),
    formatCount(second.non_2xx),
    ms(second.p50_us),
    ms(second.p90_us),
    ms(second.p99_us),
    ms(second.max_us),
  ];
  return `<tr>${cells.map((cell) => `<td class="num">${cell}</td>`).join('')}</tr>`;
}

export function perSecondTable(figures: ModelFigures): string {
  const series = figures.per_second;
  if (!series || series.length === 0) return '';
  const offered = figures.model === 'open';
  const heads = [
    'second',
    ...(offered ? ['offered'] : []),
    'responses',
    'errors',
    'non-2xx',
    'p50',
    'p90',
    'p99',
    'max',
  ];
  const shown = series.slice(0, shownSeconds);
  const rest =
    series.length > shown.length
      ? `<p>The first ${shownSeconds} of ${formatCount(series.length)} seconds; load.json holds every second (per_second).</p>`
      : '';
  return `<details class="per-second" data-model="${figures.model}"><summary>${figures.model} model, second by second (${formatCount(series.length)} s)</summary>
<table class="per-second"><thead><tr>${heads.map((head) => `<th class="num">${head}</th>`).join('')}</tr></thead><tbody>
${shown.map((second) => row(second, offered)).join('\n')}
</tbody></table>${rest}</details>`;
}
