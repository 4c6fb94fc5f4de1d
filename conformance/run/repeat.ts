// --repeat N: every check runs N times, and a check whose result changed between attempts is
// reported as flaky — told apart from a plain failure, because it is a fault of a different kind
// (a race in the server, or in the suite) and the message says which attempts went which way.
import type { CheckResult } from './check-result.ts';

export function combineAttempts(attempts: ReadonlyArray<readonly CheckResult[]>): CheckResult[] {
  const ids = [...new Set(attempts.flatMap((results) => results.map((result) => result.id)))];
  return ids.map((id) => {
    const runs = attempts
      .map((results) => results.find((result) => result.id === id))
      .filter((result): result is CheckResult => result !== undefined);
    const statuses = runs.map((run) => run.status);
    const requests = runs.reduce((sum, run) => sum + run.requests, 0);
    const durationMs = runs.reduce((sum, run) => sum + run.duration_ms, 0);
    const first = runs[0]!;
    if (new Set(statuses).size === 1) return { ...first, requests, duration_ms: durationMs, attempts: statuses };
    // The first attempt that went wrong explains the flakiness best.
    const wrong = runs.find((run) => run.status === 'failed' || run.status === 'blocked') ?? first;
    const sequence = statuses.map((status, index) => `${index + 1}: ${status}`).join(', ');
    return {
      ...wrong,
      status: 'flaky',
      message: `flaky: the result changed between attempts (${sequence}); a race in the server, or in the suite. Attempt ${runs.indexOf(wrong) + 1}:\n${wrong.message ?? ''}`,
      requests,
      duration_ms: durationMs,
      attempts: statuses,
    };
  });
}
