// The points of a scenario's charts, computed from the load report's histograms, in the shape the
// page kit's drawing script reads (page-kit/charts.ts).
import { decodeHistogram, percentileCurve } from '../../load/histogram.ts';
import type { ModelFigures, ScenarioReport } from '../../load/load-report.ts';
import type { LatencyPoint, ScenarioCharts } from '../page-kit/charts.ts';

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
    // Second by second where the report has it, so that --stages draws its ramp.
    const offered = figures.per_second?.filter((second) => second.offered !== null);
    if (offered && offered.length > 0) {
      rps.push({
        label: 'offered rate (open model)',
        model: 'offered',
        points: offered.map((second) => ({ x: second.second + 1, y: second.offered! })),
      });
      continue;
    }
    const last = figures.rps_over_time.length;
    rps.push({
      label: 'offered rate (open model)',
      model: 'offered',
      points: [
        { x: 1, y: figures.offered_rate },
        { x: last, y: figures.offered_rate },
      ],
    });
  }
  return {
    scenario: scenario.name,
    latency: models.map((figures) => ({
      label: modelLabel(figures),
      model: figures.model,
      points: latencyPoints(figures.histogram),
    })),
    rps,
  };
}
