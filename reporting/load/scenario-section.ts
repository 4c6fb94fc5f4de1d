// One scenario's part of the HTML load report (and of the load section of reports/index.html): its request, its charts and a table of figures with
// one column per model (closed, open), or only the reason when it was not measured.
import type { ModelFigures, ScenarioReport } from '../../load/load-report.ts';
import { escapeHtml, formatCount, formatDuration } from '../page-kit/format.ts';
import {
  bottleneckWords,
  formatBytesPerSecond,
  formatCpu,
  formatMs,
  formatRate,
  formatStatuses,
} from './figure-text.ts';
import { perSecondTable } from './per-second-table.ts';

interface FigureRow {
  /** data-figure attribute, for tests and for anyone scripting the page. */
  key: string;
  label: string;
  /** Already HTML; undefined leaves the cell empty (a figure that does not apply to that model). */
  cell: (figures: ModelFigures) => string | undefined;
}

const latency = (key: 'p50' | 'p90' | 'p99' | 'p99.9' | 'max' | 'mean'): FigureRow => ({
  key,
  label: key === 'max' || key === 'mean' ? key : `${key} latency`,
  cell: (figures) => escapeHtml(formatMs(figures.latency_us[key])),
});

const errorKinds = (kinds: Record<string, number>): string =>
  Object.keys(kinds).length === 0 ? '' : ` (${formatStatuses(kinds)})`;

/** Two tables side by side: what was measured, then what went wrong and who was busy. */
const figureGroups: Array<{ title: string; numeric: boolean; rows: FigureRow[] }> = [
  {
    title: 'Throughput and latency',
    numeric: true,
    rows: [
      {
        key: 'offered_rate',
        label: 'offered rate',
        cell: (f) => (f.offered_rate === null ? undefined : `${formatRate(f.offered_rate)} req/s`),
      },
      { key: 'connections', label: 'connections', cell: (f) => formatCount(f.connections) },
      { key: 'duration', label: 'measured for', cell: (f) => escapeHtml(formatDuration(f.duration_s)) },
      { key: 'requests', label: 'responses', cell: (f) => formatCount(f.requests) },
      { key: 'rps', label: 'req/s', cell: (f) => formatRate(f.rps) },
      latency('p50'),
      latency('p90'),
      latency('p99'),
      latency('p99.9'),
      latency('max'),
      latency('mean'),
    ],
  },
  {
    title: 'Errors and resources',
    numeric: false,
    rows: [
      { key: 'errors', label: 'errors', cell: (f) => escapeHtml(formatCount(f.errors) + errorKinds(f.error_kinds)) },
      { key: 'timeouts', label: 'timeouts', cell: (f) => formatCount(f.timeouts) },
      { key: 'non_2xx', label: 'non-2xx', cell: (f) => formatCount(f.non_2xx) },
      { key: 'unsent', label: 'due but unsent', cell: (f) => (f.model === 'open' ? formatCount(f.unsent) : undefined) },
      { key: 'statuses', label: 'statuses', cell: (f) => escapeHtml(formatStatuses(f.statuses)) },
      { key: 'bytes_per_s', label: 'bytes/s', cell: (f) => escapeHtml(formatBytesPerSecond(f.bytes_per_s)) },
      { key: 'cpu_generator', label: 'generator CPU', cell: (f) => escapeHtml(formatCpu(f.cpu.generator)) },
      { key: 'cpu_server', label: 'server CPU', cell: (f) => escapeHtml(formatCpu(f.cpu.server)) },
      { key: 'bottleneck', label: 'bottleneck', cell: (f) => escapeHtml(bottleneckWords[f.bottleneck].text) },
    ],
  },
];

function figuresTable(models: ModelFigures[], group: (typeof figureGroups)[number]): string {
  const align = group.numeric ? ' num' : '';
  const head = models
    .map((f) => `<th class="${f.model}${align}" data-model="${f.model}">${f.model} model</th>`)
    .join('');
  const rows = group.rows
    .map((row) => {
      const cells = models.map((f) => [f, row.cell(f)] as const);
      if (cells.every(([, cell]) => cell === undefined)) return '';
      const tds = cells
        .map(([f, cell]) => {
          // A generator-bound figure is the generator's limit: the cell that says so must stand out.
          const warning = row.key === 'bottleneck' && bottleneckWords[f.bottleneck].warning;
          const classes = [group.numeric ? 'num' : '', warning ? 'warning' : ''].filter(Boolean).join(' ');
          return `<td data-model="${f.model}"${classes ? ` class="${classes}"` : ''}>${cell ?? '—'}</td>`;
        })
        .join('');
      return `<tr data-figure="${row.key}"><th scope="row">${escapeHtml(row.label)}</th>${tds}</tr>`;
    })
    .join('\n');
  return `<div><h3>${group.title}</h3><table class="figures"><thead><tr><th></th>${head}</tr></thead><tbody>\n${rows}\n</tbody></table></div>`;
}

/** Said above the charts too, since a generator-bound figure misleads whoever reads only the charts. */
function generatorWarning(models: ModelFigures[]): string {
  const bound = models.filter((f) => f.bottleneck === 'generator' || f.generator_limit);
  if (bound.length === 0) return '';
  const why = bound.map(
    (f) => `${f.model} model: ${f.generator_limit ?? 'the generator used its CPU up before the server did'}`,
  );
  return `<p class="generator-bound"><strong>${escapeHtml(bound.map((f) => `${f.model} model`).join(' and '))}: limited by the generating machine.</strong> These figures are the generator's limit, not the server's (${escapeHtml(why.join('; '))}).</p>`;
}

function samples(scenario: ScenarioReport): string {
  const { validated, problems } = scenario.samples;
  const list =
    problems.length === 0
      ? ''
      : `<ul class="problems">${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>`;
  const summary = `${formatCount(validated)} sample bodies validated against the schemas; ${problems.length === 0 ? 'no problems' : `${problems.length} problem${problems.length === 1 ? '' : 's'}:`}`;
  return `<div class="samples">${summary}${list}</div>`;
}

function charts(name: string): string {
  const scenario = escapeHtml(name);
  return `<div class="charts">
<figure><figcaption>Latency by percentile</figcaption><div class="chart-box"><canvas class="latency-chart" data-scenario="${scenario}" role="img" aria-label="latency by percentile, ${scenario}"></canvas></div></figure>
<figure><figcaption>Responses per second over time</figcaption><div class="chart-box"><canvas class="rps-chart" data-scenario="${scenario}" role="img" aria-label="responses per second over time, ${scenario}"></canvas></div></figure>
</div>`;
}

export function scenarioSection(scenario: ScenarioReport): string {
  const head = `<div class="scenario-head"><h2>${escapeHtml(scenario.name)}</h2><span class="spec">${escapeHtml(scenario.spec)}</span></div>
<p class="request"><code>${escapeHtml(scenario.request)}</code></p>`;
  if (scenario.skipped !== null) {
    return `<section class="scenario" data-scenario="${escapeHtml(scenario.name)}">${head}
<p class="skipped"><strong>Not measured:</strong> ${escapeHtml(scenario.skipped)}</p></section>`;
  }
  const models = [scenario.closed, scenario.open].filter((f): f is ModelFigures => f !== null);
  const tables = figureGroups.map((group) => figuresTable(models, group)).join('\n');
  const body =
    models.length === 0
      ? '<p class="skipped">No model was run for this scenario.</p>'
      : `${generatorWarning(models)}${charts(scenario.name)}\n<div class="figures-grid">${tables}</div>\n${models.map(perSecondTable).join('\n')}`;
  return `<section class="scenario" data-scenario="${escapeHtml(scenario.name)}">${head}\n${body}\n${samples(scenario)}</section>`;
}
