// reports/index.html: one static page for whatever a run produced — the conformance result by
// spec section with every failure in full, the load figures with their charts, and the comparison
// of runs. It opens from disk with no server and no network: its head (page-kit/page-head.ts) has
// the Content-Security-Policy that forbids every fetch, and Chart.js is inlined only when there
// are load charts to draw.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import type { ComparisonGrid } from '../comparison.ts';
import type { LoadReport } from '../../load/load-report.ts';
import { chartJs, drawChartsScript } from '../page-kit/charts.ts';
import { escapeHtml, jsonForScript } from '../page-kit/format.ts';
import { staticPageHead } from '../page-kit/page-head.ts';
import { comparisonSection } from './comparison-section.ts';
import { copyScript } from './copy-block.ts';
import { counterexamples } from './counterexamples.ts';
import { failureCards } from './failure-cards.ts';
import { indexReportCss } from './index-style.ts';
import { loadSection } from './load-section.ts';
import { runHeader } from './run-header.ts';
import { sectionMatrix } from './section-matrix.ts';
import { serverChoicesSection } from './server-choices.ts';
import { skippedChecks } from './skipped-checks.ts';

export interface IndexInputs {
  conformance?: ConformanceReport;
  load?: LoadReport;
  comparison?: ComparisonGrid;
}

interface Part {
  /** The #id the navigation links to. */
  id: string;
  label: string;
  /** Shown beside the label; `bad` when it counts something that went wrong. */
  count?: { n: number; bad: boolean };
  html: string;
}

function conformanceParts(report: ConformanceReport): Part[] {
  const { checks, summary } = report;
  const troubles = summary.failed + (summary.flaky ?? 0) + summary.blocked;
  const found = counterexamples(checks, report.replay);
  const parts: Part[] = [
    { id: 'summary', label: 'Summary', html: runHeader(report) },
    { id: 'sections', label: 'Sections', html: sectionMatrix(checks) },
    {
      id: 'failures',
      label: 'Failures',
      count: { n: troubles, bad: summary.gating_failed > 0 },
      html: failureCards(checks),
    },
  ];
  if ((report.server_choices ?? []).length > 0)
    parts.push({ id: 'choices', label: 'Server choices', html: serverChoicesSection(report.server_choices!) });
  if (found.count > 0)
    parts.push({
      id: 'counterexamples',
      label: 'Counterexamples',
      count: { n: found.count, bad: true },
      html: found.html,
    });
  if (summary.skipped > 0)
    parts.push({
      id: 'skipped',
      label: 'Skipped',
      count: { n: summary.skipped, bad: false },
      html: skippedChecks(checks),
    });
  return parts;
}

function nav(parts: Part[]): string {
  const links = parts.map((part) => {
    const count = part.count
      ? ` <span class="n${part.count.bad && part.count.n > 0 ? ' bad' : ''}">${part.count.n}</span>`
      : '';
    return `<a href="#${part.id}">${escapeHtml(part.label)}${count}</a>`;
  });
  return `<nav class="toc" aria-label="Contents"><span class="brand">msgapi</span>${links.join('')}</nav>`;
}

function pageTitle(inputs: IndexInputs): string {
  const target = inputs.conformance?.target.url ?? inputs.load?.target.url;
  const when = inputs.conformance?.started_at ?? inputs.load?.started_at;
  const what = inputs.conformance ? 'Conformance report' : inputs.load ? 'Load report' : 'Comparison of runs';
  return [what, target, when].filter(Boolean).join(' — ');
}

export function renderIndexHtml(inputs: IndexInputs): string {
  const parts = inputs.conformance ? conformanceParts(inputs.conformance) : [];
  if (inputs.comparison) {
    parts.push({
      id: 'comparison',
      label: 'Comparison',
      count: { n: inputs.comparison.changed, bad: false },
      html: comparisonSection(inputs.comparison),
    });
  }
  const load = inputs.load ? loadSection(inputs.load) : undefined;
  if (load) parts.push({ id: 'load', label: 'Load', html: load.html });
  const body =
    parts.length === 0
      ? '<p class="lead">No report was given: run msgapi check, load or compare first.</p>'
      : parts.map((part) => part.html).join('\n');
  // Chart.js is 200 kB: a page without load charts goes without it.
  const charts =
    load && load.charts.length > 0
      ? `<script type="application/json" id="load-charts">${jsonForScript(load.charts)}</script>\n<script>${chartJs()}</script>\n<script>${drawChartsScript}</script>`
      : '';
  const version = inputs.conformance?.tool.version ?? inputs.load?.version;
  return `${staticPageHead(pageTitle(inputs), indexReportCss)}
<body>
${nav(parts)}
<main>
${body}
<footer>msgapi${version ? ` ${escapeHtml(version)}` : ''} · a static page: it opens from disk and loads nothing from the network.</footer>
</main>
${charts}
${inputs.conformance ? `<script>${copyScript}</script>` : ''}
</body>
</html>
`;
}

export function writeIndexHtml(inputs: IndexInputs, file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, renderIndexHtml(inputs));
}
