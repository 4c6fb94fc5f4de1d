// reports/load.html: the load report as one static page that opens from disk with no server and no
// network. Chart.js and the data are inlined; the curves are computed here from the histograms, so
// the page holds no HDR decoder. The whole report is embedded too (#load-data), so the page alone
// is enough to get reports/load.json back. Its head, with the Content-Security-Policy that forbids
// every fetch, is the page kit's (page-kit/page-head.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadOutcome, type LoadReport } from '../../load/load-report.ts';
import { baseCss } from '../page-kit/base-style.ts';
import { chartJs, drawChartsScript } from '../page-kit/charts.ts';
import { escapeHtml, formatDuration, jsonForScript } from '../page-kit/format.ts';
import { staticPageHead } from '../page-kit/page-head.ts';
import { scenarioCharts } from './load-charts.ts';
import { loadCss } from './load-style.ts';
import { scenarioSection } from './scenario-section.ts';

export function verdict(report: LoadReport): string {
  const { failures } = report.verdict;
  const outcome = loadOutcome(report);
  const list = failures.length === 0 ? '' : `<ul>${failures.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`;
  return `<div class="verdict ${outcome === 'PASSED' ? 'passed' : 'failed'}" data-verdict="${outcome.toLowerCase()}"><strong>${outcome}</strong>${list}</div>`;
}

function runLength(report: LoadReport): string {
  const seconds = Math.round((Date.parse(report.finished_at) - Date.parse(report.started_at)) / 1000);
  return Number.isFinite(seconds) && seconds >= 0 ? ` (${escapeHtml(formatDuration(seconds))} in all)` : '';
}

export function facts(report: LoadReport): string {
  const { config, environment: env, data_set: data } = report;
  const models = new Set(config.models);
  const entries: Array<[string, string]> = [
    ['Run', `${escapeHtml(report.started_at)} → ${escapeHtml(report.finished_at)}${runLength(report)}`],
    ['Scenarios', escapeHtml(config.scenarios.join(', '))],
    [
      'Measured',
      `${escapeHtml(formatDuration(config.duration_s))} per scenario and model, after ${escapeHtml(formatDuration(config.warmup_s))} of warm-up`,
    ],
  ];
  if (models.has('closed'))
    entries.push([
      'Closed model',
      `${config.connections} connections, each sending its next request when the last is answered`,
    ]);
  if (models.has('open'))
    entries.push([
      'Open model',
      config.stages
        ? `stages <code>${escapeHtml(config.stages)}</code> (each ramping linearly from the rate before it, 0 before the first), offered on a schedule over ${config.open_connections} connections`
        : `${config.rate} req/s offered on a schedule, over ${config.open_connections} connections`,
    ]);
  entries.push(
    [
      'Requests',
      `pagination ${escapeHtml(config.pagination)}, max limit ${config.max_limit}, timeout ${config.timeout_ms} ms`,
    ],
    [
      'Thresholds',
      config.thresholds.length === 0
        ? 'none'
        : config.thresholds.map((t) => `<code>${escapeHtml(t)}</code>`).join(', '),
    ],
    [
      'Environment',
      escapeHtml(
        `Node ${env.node} on ${env.platform}/${env.arch}, ${env.cpus} × ${env.cpu_model}; generator ${env.generator}`,
      ),
    ],
    [
      'Data set',
      data === null
        ? 'not reported'
        : `${data.conversations.toLocaleString('en-US')} conversations, ${data.groups.toLocaleString('en-US')} groups${data.seeded ? ', seeded by this run' : ', found on the target'}`,
    ],
  );
  if (report.merged_from) {
    const { files, as } = report.merged_from;
    entries.push([
      'Merged from',
      `${files.length} reports added up as ${escapeHtml(as)} runs: ${files.map((f) => `<code>${escapeHtml(f)}</code>`).join(', ')}`,
    ]);
  }
  return `<dl class="facts">${entries.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('\n')}</dl>`;
}

/** What the report says beside its verdict: a measurement the generating machine limited, what a baseline could not compare. */
export function notes(report: LoadReport): string {
  if (!report.notes || report.notes.length === 0) return '';
  return `<h3>Notes</h3><ul class="notes">${report.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>`;
}

export function gates(report: LoadReport): string {
  if (report.gates.length === 0) return '<h3>Gates</h3><p>No gates were set.</p>';
  const rows = report.gates
    .map(
      (g) =>
        `<tr data-passed="${g.passed}"><td><code>${escapeHtml(g.gate)}</code></td><td>${escapeHtml(g.detail)}</td><td class="result ${g.passed ? 'pass' : 'fail'}">${g.passed ? '✓ pass' : '✗ fail'}</td></tr>`,
    )
    .join('\n');
  return `<h3>Gates</h3><table class="gates"><thead><tr><th>Gate</th><th>Found</th><th>Result</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

export function renderLoadHtml(report: LoadReport): string {
  const target = `<code>${escapeHtml(report.target.url)}</code> — ${report.target.embedded ? 'the embedded reference server' : 'an external server'}`;
  const measured = report.scenarios.filter((s) => s.skipped === null);
  return `${staticPageHead(`Load report — ${report.target.url} — ${report.started_at}`, baseCss + loadCss)}
<body>
<main>
<header>
<h1>Load report</h1>
<p class="target">${target}</p>
${verdict(report)}
${facts(report)}
${gates(report)}
${notes(report)}
</header>
${report.scenarios.map(scenarioSection).join('\n')}
<footer>${escapeHtml(report.format)} · msgapi ${escapeHtml(report.version)} · latencies are from HDR histograms in µs; the report's JSON is embedded in this page as #load-data.</footer>
</main>
<script type="application/json" id="load-data">${jsonForScript(report)}</script>
<script type="application/json" id="load-charts">${jsonForScript(measured.map(scenarioCharts))}</script>
<script>${chartJs()}</script>
<script>${drawChartsScript}</script>
</body>
</html>
`;
}

export function writeLoadHtml(report: LoadReport, file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, renderLoadHtml(report));
}
