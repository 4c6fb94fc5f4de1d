// The charts of the HTML load report: their points, computed here in Node from the report's
// histograms, and the small script that draws them with an inlined Chart.js. The page must open
// from disk with no network, so nothing is fetched: Chart.js and the data travel inside it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { decodeHistogram, percentileCurve } from '../../../load/histogram.ts';
import type { ModelFigures, ScenarioReport } from '../../../load/load-report.ts';

/** x is 1/(1-p), HdrHistogram's axis, so that each further "9" of the percentile gets equal room. */
export interface LatencyPoint {
  x: number;
  /** ms */
  y: number;
  /** The percentile, 100 for the maximum. */
  p: number;
}

export interface ChartSeries<Point> {
  label: string;
  model: 'closed' | 'open' | 'offered';
  points: Point[];
}

export interface ScenarioCharts {
  scenario: string;
  latency: Array<ChartSeries<LatencyPoint>>;
  rps: Array<ChartSeries<{ x: number; y: number }>>;
}

function modelLabel(figures: ModelFigures): string {
  return figures.model === 'closed'
    ? `closed model (${figures.connections} connections)`
    : `open model (${figures.offered_rate ?? '?'} req/s offered)`;
}

/**
 * Percentiles finer than one request in the sample (99.99% of 1,000 requests) say nothing the
 * maximum does not, so the curve stops there and ends with the maximum at x = the sample size.
 */
export function latencyPoints(encoded: string): LatencyPoint[] {
  const histogram = decodeHistogram(encoded);
  const total = histogram.totalCount;
  const points: LatencyPoint[] = [];
  for (const { percentile, us } of percentileCurve(histogram)) {
    const x = percentile === 100 ? Math.max(total, 1) : 100 / (100 - percentile);
    if (percentile < 100 && x >= total) continue;
    points.push({ x, y: us / 1000, p: percentile });
  }
  return points;
}

function modelsOf(scenario: ScenarioReport): ModelFigures[] {
  return [scenario.closed, scenario.open].filter((figures): figures is ModelFigures => figures !== null);
}

export function scenarioCharts(scenario: ScenarioReport): ScenarioCharts {
  const models = modelsOf(scenario);
  const rps: ScenarioCharts['rps'] = models.map((figures) => ({
    label: modelLabel(figures),
    model: figures.model,
    points: figures.rps_over_time.map((y, second) => ({ x: second + 1, y })),
  }));
  // The offered rate as a dashed line: where the open model's curve falls below it, the target lagged.
  for (const figures of models) {
    if (figures.offered_rate === null || figures.rps_over_time.length === 0) continue;
    const last = figures.rps_over_time.length;
    rps.push({ label: 'offered rate (open model)', model: 'offered', points: [{ x: 1, y: figures.offered_rate }, { x: last, y: figures.offered_rate }] });
  }
  return {
    scenario: scenario.name,
    latency: models.map((figures) => ({ label: modelLabel(figures), model: figures.model, points: latencyPoints(figures.histogram) })),
    rps,
  };
}

let chartJsSource: string | undefined;

/** Chart.js's UMD build. Its package exports do not list dist/ files, so we go from its main entry. */
export function chartJs(): string {
  if (chartJsSource === undefined) {
    const main = createRequire(import.meta.url).resolve('chart.js');
    const source = readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8');
    chartJsSource = source.replace(/<\/script/gi, '<\\/script');
  }
  return chartJsSource;
}

/** Runs in the page: draws every canvas.latency-chart and canvas.rps-chart from #load-charts. */
export const drawChartsScript = String.raw`
(() => {
  const all = JSON.parse(document.getElementById('load-charts').textContent);
  const colours = { closed: '#2563eb', open: '#d97706', offered: '#9ca3af' };
  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
  Chart.defaults.color = '#374151';
  const ms = (value) => {
    if (value >= 100) return Math.round(value).toLocaleString('en-US') + ' ms';
    return Number(value.toPrecision(3)) + ' ms';
  };
  const percent = (x) => Math.round(10000 * (100 - 100 / x)) / 10000 + '%';
  const dataset = (series, pointRadius) => ({
    label: series.label,
    data: series.points,
    borderColor: colours[series.model],
    backgroundColor: colours[series.model],
    borderWidth: series.model === 'offered' ? 1.5 : 2,
    borderDash: series.model === 'offered' ? [6, 4] : [],
    pointRadius: series.model === 'offered' ? 0 : pointRadius,
    tension: 0,
  });
  const common = {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'nearest', intersect: false },
    plugins: { legend: { position: 'bottom', labels: { boxWidth: 14, boxHeight: 2 } } },
  };
  const title = (text) => ({ display: true, text });

  function latencyChart(canvas, series) {
    const widest = Math.max(100, ...series.flatMap((s) => s.points.map((point) => point.x)));
    const top = Math.pow(10, Math.ceil(Math.log10(widest) - 1e-9));
    new Chart(canvas, {
      type: 'line',
      data: { datasets: series.map((s) => dataset(s, 2.5)) },
      options: {
        ...common,
        scales: {
          x: {
            type: 'logarithmic', min: 1, max: top, title: title('percentile'),
            afterBuildTicks: (axis) => {
              const ticks = [{ value: 1 }, { value: 2 }];
              for (let value = 10; value <= top; value *= 10) ticks.push({ value });
              axis.ticks = ticks;
            },
            // 0% at the left edge would crowd 50%; the axis starts there anyway.
            ticks: { callback: (value) => (value === 1 ? '' : percent(value)), autoSkip: false, maxRotation: 0 },
          },
          y: { beginAtZero: true, title: title('latency (ms)'), ticks: { callback: (value) => ms(value) } },
        },
        plugins: {
          ...common.plugins,
          tooltip: { callbacks: { label: (item) => item.dataset.label + ': ' + (item.raw.p === 100 ? 'max' : item.raw.p + '%') + ' → ' + ms(item.raw.y) } },
        },
      },
    });
  }

  function rpsChart(canvas, series) {
    new Chart(canvas, {
      type: 'line',
      data: { datasets: series.map((s) => dataset(s, 0)) },
      options: {
        ...common,
        scales: {
          x: { type: 'linear', min: 1, title: title('second of the run'), ticks: { precision: 0 } },
          y: { beginAtZero: true, title: title('responses per second') },
        },
      },
    });
  }

  for (const canvas of document.querySelectorAll('canvas[data-scenario]')) {
    const charts = all.find((entry) => entry.scenario === canvas.dataset.scenario);
    if (!charts) continue;
    if (canvas.classList.contains('latency-chart')) latencyChart(canvas, charts.latency);
    if (canvas.classList.contains('rps-chart')) rpsChart(canvas, charts.rps);
  }
})();
`;
