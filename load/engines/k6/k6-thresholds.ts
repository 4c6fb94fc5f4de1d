// Our --threshold gates as k6 thresholds, where k6 has an equivalent. k6 evaluates thresholds in
// each runner on that runner's own samples (k6-operator runners do not pool them), so a rate is
// the runner's share and a count is the runner's own; the import evaluates ours on the sum again.
import type { Threshold } from '../../gates/thresholds.ts';
import { perWorker, type ExportPlan } from '../export-plan.ts';
import type { K6Scenario } from './k6-scenarios.ts';

export interface K6Thresholds {
  /** options.thresholds: metric (with a tag filter) → its expressions. */
  thresholds: Record<string, string[]>;
  notes: string[];
}

const aggregation: Record<string, string> = {
  p50: 'p(50)',
  p90: 'p(90)',
  p99: 'p(99)',
  'p99.9': 'p(99.9)',
  max: 'max',
  mean: 'avg',
};

const chosenBy = (threshold: Threshold, name: string) =>
  threshold.scenarios === '*' ||
  (threshold.scenarios.endsWith('.') ? name.startsWith(threshold.scenarios) : name === threshold.scenarios);

/** A number as k6's threshold parser reads it: no exponent, no float noise. */
const plain = (value: number) => String(Number(value.toFixed(3)));

/** The metric with its tag filter, and the expression; undefined where k6 has no equivalent. */
function k6Threshold(
  threshold: Threshold,
  key: string,
  workers: number,
): { metric: string; expression: string } | undefined {
  const { metric, operator, value } = threshold;
  if (metric in aggregation)
    return {
      metric: `http_req_duration{scenario:${key}}`,
      expression: `${aggregation[metric]}${operator}${plain(value / 1000)}`,
    };
  if (metric === 'rps')
    return {
      metric: `http_reqs{scenario:${key}}`,
      expression: `rate${operator}${plain(workers > 1 ? perWorker(value, workers) : value)}`,
    };
  if (metric === 'errors')
    return { metric: `http_reqs{scenario:${key},status:0}`, expression: `count${operator}${plain(value)}` };
  // error_code 1050: "The HTTP request has timed out" (k6 error codes).
  if (metric === 'timeouts')
    return { metric: `http_reqs{scenario:${key},error_code:1050}`, expression: `count${operator}${plain(value)}` };
  // The script marks only 2xx as expected (responseCallback), so expected_response:false is every
  // other status, and every request without a response too.
  if (metric === 'non_2xx')
    return {
      metric: `http_reqs{scenario:${key},expected_response:false}`,
      expression: `count${operator}${plain(value)}`,
    };
  return undefined;
}

/**
 * What every exported script gates on, as msgapi load fails a run on any of them: a request
 * without a 2xx answer (http_req_failed counts what responseCallback does not expect, and the
 * requests without an answer), and a failed check (a 2xx whose body is no list envelope). k6 then
 * exits 99 instead of 0.
 */
export const defaultK6Thresholds: Readonly<Record<string, readonly string[]>> = {
  http_req_failed: ['rate==0'],
  checks: ['rate==1'],
};

export function k6Thresholds(plan: ExportPlan, scenarios: readonly K6Scenario[]): K6Thresholds {
  const thresholds: Record<string, string[]> = Object.fromEntries(
    Object.entries(defaultK6Thresholds).map(([metric, expressions]) => [metric, [...expressions]]),
  );
  const notes: string[] = [];
  for (const threshold of plan.thresholds) {
    const chosen = scenarios.filter(({ scenario }) => chosenBy(threshold, scenario.name));
    for (const { key } of chosen) {
      const mapped = k6Threshold(threshold, key, plan.workers);
      if (!mapped) continue;
      (thresholds[mapped.metric] ??= []).push(mapped.expression);
    }
    if (threshold.metric === 'bytes_per_s') {
      notes.push(
        `--threshold '${threshold.text}' has no k6 equivalent (k6's data_received counts headers and all, not response bodies); msgapi load import checks it.`,
      );
    } else if (threshold.metric === 'non_2xx') {
      notes.push(
        `--threshold '${threshold.text}' is http_reqs{expected_response:false} in k6, which counts requests without a response too; msgapi load import checks the exact figure.`,
      );
    }
    if (plan.workers > 1 && ['rps', 'errors', 'timeouts', 'non_2xx'].includes(threshold.metric)) {
      notes.push(
        `--threshold '${threshold.text}': each of the ${plan.workers} runners checks it on its own share in k6${threshold.metric === 'rps' ? ' (rate / runners)' : ' (its own count)'}; msgapi load import checks it on all of them added up.`,
      );
    }
  }
  return { thresholds, notes };
}
