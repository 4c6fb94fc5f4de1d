// The chart kit of the report pages: Chart.js, inlined (the pages open from disk with no network,
// so nothing is fetched), the shape of the data it is given, and the small script that draws every
// canvas.latency-chart and canvas.rps-chart of a page from the JSON in its #load-charts element.
// The points are computed in Node (reporting/load/load-charts.ts), so a page holds no HDR decoder.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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

/** One scenario's charts, as the drawing script reads them from #load-charts. */
export interface ScenarioCharts {
  scenario: string;
  latency: Array<ChartSeries<LatencyPoint>>;
  rps: Array<ChartSeries<{ x: number; y: number }>>;
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
