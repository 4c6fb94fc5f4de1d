// Assembles reports/conformance.json from the checks' results and the run around them.
import { gatingLevels } from '../checks/catalogue.ts';
import type { CheckResult, ConformanceReport } from './check-result.ts';

export interface RunInfo {
  targetUrl: string;
  embedded: boolean;
  startedAt: Date;
  durationMs: number;
  seed: number;
  runId: string;
  /** Requests made outside the checks (the reachability probe). */
  extraRequests: number;
  version: string;
}

export function isGatingFailure(result: CheckResult): boolean {
  return result.status === 'failed' && gatingLevels.has(result.level);
}

export function buildReport(run: RunInfo, results: CheckResult[]): ConformanceReport {
  const checks = [...results].sort((a, b) => a.id.localeCompare(b.id));
  const count = (status: CheckResult['status']) => checks.filter((check) => check.status === status).length;
  return {
    tool: { name: 'msgapi', version: run.version },
    target: { url: run.targetUrl, embedded: run.embedded },
    started_at: run.startedAt.toISOString(),
    duration_ms: Math.round(run.durationMs),
    seed: run.seed,
    run_id: run.runId,
    requests: run.extraRequests + checks.reduce((sum, check) => sum + check.requests, 0),
    summary: {
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      gating_failed: checks.filter(isGatingFailure).length,
    },
    checks,
  };
}
