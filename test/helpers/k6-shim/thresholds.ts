// The exported script's thresholds judged on what a run under the shim saw, as k6 judges them at
// the end of a run: http_req_failed (the share of requests whose status the responseCallback did
// not expect; k6's default expects 200–399) and checks (the share of checks that passed), each
// with `rate OP VALUE`. Any other threshold is an error here, so that a test cannot pass on one the
// shim did not judge.
import type { ShimRequest, ShimRun } from './run-exported.ts';

export interface JudgedThreshold {
  metric: string;
  expression: string;
  passed: boolean;
  /** The rate the run had. */
  rate: number;
}

const expected = (request: ShimRequest): boolean =>
  (request.expectsOnly ?? [{ min: 200, max: 399 }]).some((range) =>
    typeof range === 'number' ? request.status === range : request.status >= range.min && request.status <= range.max,
  );

const operators: Record<string, (a: number, b: number) => boolean> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '<=': (a, b) => a <= b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '>': (a, b) => a > b,
};

function rateOf(metric: string, run: ShimRun): number {
  if (metric === 'http_req_failed') {
    if (run.requests.length === 0) throw new Error('http_req_failed has no sample: the run sent no request');
    return run.requests.filter((request) => !expected(request)).length / run.requests.length;
  }
  if (metric === 'checks') {
    if (run.checks.length === 0) throw new Error('checks has no sample: the run made no check');
    return run.checks.filter((check) => check.ok).length / run.checks.length;
  }
  throw new Error(`the k6 shim does not judge the threshold on ${metric}`);
}

export function judgeThresholds(run: ShimRun): JudgedThreshold[] {
  const judged: JudgedThreshold[] = [];
  for (const [metric, expressions] of Object.entries(run.options.thresholds ?? {})) {
    for (const expression of expressions) {
      const match = /^rate\s*(==|!=|<=|>=|<|>)\s*(\d+(?:\.\d+)?)$/.exec(expression);
      if (!match) throw new Error(`the k6 shim does not judge ${metric}: ${expression}`);
      const rate = rateOf(metric, run);
      judged.push({ metric, expression, rate, passed: operators[match[1]!]!(rate, Number(match[2])) });
    }
  }
  return judged;
}
