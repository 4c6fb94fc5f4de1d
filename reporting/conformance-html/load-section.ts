// The load run on the page: the load report's own verdict, facts, gates and scenarios, with
// the same charts, so the figures read the same here as in reports/load.html.
import { facts, gates, verdict } from '../load/load-html.ts';
import { escapeHtml } from '../page-kit/format.ts';
import type { ScenarioCharts } from '../page-kit/charts.ts';
import { scenarioCharts } from '../load/load-charts.ts';
import { scenarioSection } from '../load/scenario-section.ts';
import type { LoadReport } from '../../load/load-report.ts';

export interface LoadSection {
  html: string;
  /** What the inlined drawing script reads from #load-charts; empty when no scenario was measured. */
  charts: ScenarioCharts[];
}

export function loadSection(report: LoadReport): LoadSection {
  const target = `<code>${escapeHtml(report.target.url)}</code> — ${report.target.embedded ? 'the embedded reference server' : 'an external server'}`;
  return {
    charts: report.scenarios.filter((scenario) => scenario.skipped === null).map(scenarioCharts),
    html: `<section id="load" class="block load">
<h2>Load</h2>
<p class="target">${target}</p>
${verdict(report)}
${facts(report)}
${gates(report)}
${report.scenarios.map(scenarioSection).join('\n')}
</section>`,
  };
}
