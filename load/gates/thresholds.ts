// Thresholds declared up front (--threshold 'conversations.default:p99<50ms'), validated before
// any request, then read off the report. Throughput figures come from the closed model; latency
// figures from the open model, the one whose latencies are not flattered by a stalling server.
import { HarnessError } from '../../lib/core/errors.ts';
import type { Model, ModelFigures, GateResult, ScenarioReport } from '../load-report.ts';

const latencyMetrics = ['p50', 'p90', 'p99', 'p99.9', 'max', 'mean'] as const;
const throughputMetrics = ['rps', 'bytes_per_s'] as const;
const countMetrics = ['errors', 'timeouts', 'non_2xx'] as const;
type Metric = (typeof latencyMetrics)[number] | (typeof throughputMetrics)[number] | (typeof countMetrics)[number];
const metrics: readonly Metric[] = [...latencyMetrics, ...throughputMetrics, ...countMetrics];

type Operator = '<=' | '>=' | '==' | '<' | '>';

const unitsUs: Record<string, number> = { us: 1, µs: 1, ms: 1_000, s: 1_000_000 };

export interface Threshold {
  text: string;
  /** A scenario name, a prefix ending in a dot, or * for all. */
  scenarios: string;
  metric: Metric;
  operator: Operator;
  /** In the metric's own unit: µs for latencies. */
  value: number;
}

const isLatency = (metric: Metric) => (latencyMetrics as readonly string[]).includes(metric);

export function parseThreshold(text: string, scenarioNames: readonly string[], models: readonly Model[]): Threshold {
  const fail = (why: string) => new HarnessError('MSGAPI_USAGE', `--threshold '${text}': ${why}`);
  const match = /^\s*([\w.*-]+)\s*:\s*([\w.]+)\s*(<=|>=|==|<|>)\s*([\d.]+)\s*([a-zµ/]*)\s*$/.exec(text);
  if (!match)
    throw fail("write it as SCENARIO:FIGURE OPERATOR VALUE, as in 'conversations.default:p99<50ms' or '*:errors==0'.");
  const [, scenarios, metricName, operator, rawValue, unit] = match as unknown as [
    string,
    string,
    string,
    Operator,
    string,
    string,
  ];
  const chosen = scenarioNames.filter(
    (name) => scenarios === '*' || (scenarios.endsWith('.') ? name.startsWith(scenarios) : name === scenarios),
  );
  if (chosen.length === 0)
    throw fail(`${scenarios} is none of the scenarios of this run (${scenarioNames.join(', ')}).`);
  if (!(metrics as readonly string[]).includes(metricName))
    throw fail(`${metricName} is no figure; the figures are ${metrics.join(', ')}.`);
  const metric = metricName as Metric;
  const number = Number(rawValue);
  if (!Number.isFinite(number)) throw fail(`${rawValue} is not a number.`);
  let value = number;
  if (isLatency(metric)) {
    if (!(unit in unitsUs)) throw fail(`a latency needs a unit: us, ms or s (as in p99<50ms).`);
    value = number * unitsUs[unit]!;
    if (!models.includes('open'))
      throw fail('latency thresholds are read from the open model, which this run does not use (--model).');
  } else {
    if (unit !== '' && !(metric === 'rps' && unit === 'req/s'))
      throw fail(`${metric} takes a plain number, without a unit.`);
    if (metric !== 'errors' && metric !== 'timeouts' && metric !== 'non_2xx' && !models.includes('closed')) {
      throw fail('throughput thresholds are read from the closed model, which this run does not use (--model).');
    }
  }
  return { text: text.trim(), scenarios, metric, operator, value };
}

function holds(found: number, operator: Operator, limit: number): boolean {
  switch (operator) {
    case '<':
      return found < limit;
    case '<=':
      return found <= limit;
    case '>':
      return found > limit;
    case '>=':
      return found >= limit;
    case '==':
      return found === limit;
  }
}

export const formatUs = (us: number): string =>
  us >= 1_000 ? `${(us / 1_000).toFixed(us >= 100_000 ? 0 : us >= 10_000 ? 1 : 2)} ms` : `${us} µs`;

function figureOf(threshold: Threshold, scenario: ScenarioReport): { value: number; shown: string } | undefined {
  const { metric } = threshold;
  if (isLatency(metric)) {
    const open = scenario.open;
    if (!open) return undefined;
    const value = open.latency_us[metric as (typeof latencyMetrics)[number]];
    return { value, shown: `${metric} ${formatUs(value)} (open model at ${open.offered_rate} req/s)` };
  }
  if (metric === 'rps' || metric === 'bytes_per_s') {
    const closed = scenario.closed;
    if (!closed) return undefined;
    return {
      value: closed[metric],
      shown: `${metric === 'rps' ? 'throughput' : 'bytes/s'} ${closed[metric]}${metric === 'rps' ? ' req/s' : ''} (closed model, ${closed.connections} connections)`,
    };
  }
  const models = [scenario.closed, scenario.open].filter((figures): figures is ModelFigures => figures !== null);
  const value = models.reduce((sum, figures) => sum + figures[metric as (typeof countMetrics)[number]], 0);
  return { value, shown: `${metric} ${value}` };
}

export function evaluateThresholds(
  thresholds: readonly Threshold[],
  scenarios: readonly ScenarioReport[],
): GateResult[] {
  const results: GateResult[] = [];
  for (const threshold of thresholds) {
    for (const scenario of scenarios) {
      const { scenarios: chosen } = threshold;
      if (!(chosen === '*' || (chosen.endsWith('.') ? scenario.name.startsWith(chosen) : scenario.name === chosen)))
        continue;
      const gate = `${scenario.name}:${threshold.metric}${threshold.operator}${threshold.text.split(threshold.operator).at(-1)!.trim()}`;
      if (scenario.skipped !== null) {
        results.push({ gate, passed: false, detail: `not measured: ${scenario.skipped}` });
        continue;
      }
      const figure = figureOf(threshold, scenario);
      if (figure === undefined) {
        results.push({ gate, passed: false, detail: 'the figure was not measured' });
        continue;
      }
      results.push({ gate, passed: holds(figure.value, threshold.operator, threshold.value), detail: figure.shown });
    }
  }
  return results;
}
