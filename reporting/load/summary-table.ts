// The table printed at the end of a load run: one row per scenario and model, latencies in ms.
import { formatUs } from '../../load/gates/thresholds.ts';
import { loadOutcome, type LoadReport, type ModelFigures } from '../../load/load-report.ts';

const columns = [
  'scenario',
  'model',
  'req/s',
  'p50',
  'p90',
  'p99',
  'p99.9',
  'max',
  'errors',
  'non-2xx',
  'cpu gen/srv',
  'note',
] as const;

function row(name: string, figures: ModelFigures): string[] {
  const latency = figures.latency_us;
  const server = figures.cpu.server === null ? '?' : figures.cpu.server.toFixed(2);
  const note =
    figures.bottleneck === 'generator'
      ? "generator-bound: not the server's figure"
      : figures.model === 'open'
        ? `offered ${figures.offered_rate}/s`
        : '';
  return [
    name,
    figures.model,
    figures.rps >= 100 ? Math.round(figures.rps).toLocaleString('en-US') : figures.rps.toFixed(1),
    formatUs(latency.p50),
    formatUs(latency.p90),
    formatUs(latency.p99),
    formatUs(latency['p99.9']),
    formatUs(latency.max),
    String(figures.errors),
    String(figures.non_2xx),
    `${figures.cpu.generator === null ? '?' : figures.cpu.generator.toFixed(2)}/${server}`,
    note,
  ];
}

export function summaryTable(report: LoadReport): string {
  const rows: string[][] = [];
  for (const scenario of report.scenarios) {
    if (scenario.skipped !== null)
      rows.push([scenario.name, '-', '', '', '', '', '', '', '', '', '', `skipped: ${scenario.skipped}`]);
    for (const figures of [scenario.closed, scenario.open]) if (figures) rows.push(row(scenario.name, figures));
  }
  const all = [[...columns], ...rows];
  const widths = columns.map((_, index) => Math.max(...all.map((cells) => cells[index]!.length)));
  const numeric = (index: number) => index >= 2 && index <= 10;
  return all
    .map((cells) =>
      cells
        .map((cell, index) => (numeric(index) ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function verdictLines(report: LoadReport): string {
  const lines = report.gates.map((gate) => `${gate.passed ? 'pass' : 'FAIL'}  ${gate.gate}: ${gate.detail}`);
  // The one verdict the run decided, word for word as load.json and load.html give it.
  const outcome = loadOutcome(report);
  if (outcome === 'PASSED') lines.push('PASSED Load run passed.');
  else
    lines.push(
      `${outcome} Load run ${outcome === 'INTERRUPTED' ? 'interrupted' : 'failed'}:`,
      ...report.verdict.failures.map((failure) => `  - ${failure}`),
    );
  return lines.join('\n');
}
