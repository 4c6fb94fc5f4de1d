// Assembles reports/conformance.json from the checks' results and the run around them.
import type { Leftover } from '../../lib/core/safety/created-resources.ts';
import type { CheckResult, CheckStatus, ConformanceReport, RateLimitOutcome, StatusCounts } from './check-result.ts';
import { isGatingBlock, isGatingFailure } from './verdict.ts';

// Where the gate is decided now (the verdict); re-exported for the report's own readers.
export { isGatingBlock, isGatingFailure };

export interface RunInfo {
  targetUrl: string;
  embedded: boolean;
  startedAt: Date;
  durationMs: number;
  seed: number;
  runId: string;
  /** Requests made outside the checks (reaching the target first, the detection, the sweep). */
  extraRequests: number;
  version: string;
  interrupted: boolean;
  /** The checks under way when a signal stopped the run (no result of theirs is reported). */
  interruptedChecks?: readonly string[];
  leftovers: Leftover[];
  ledgerFile: string | null;
  /** What the run's rate bucket saw: the 429s, and the rate it settled at. */
  rateLimit?: {
    throttled: number;
    settledRps: number | null;
    retryAfterSeen: boolean;
    congested?: number;
    unansweredAlone?: number;
  };
}

const emptyCounts = (): StatusCounts => ({ passed: 0, failed: 0, skipped: 0, blocked: 0, flaky: 0 });

function countBySection(checks: CheckResult[]): Record<string, StatusCounts> {
  const sections: Record<string, StatusCounts> = {};
  for (const check of checks) {
    for (const section of check.spec) (sections[section] ??= emptyCounts())[check.status]++;
  }
  const bySectionNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  return Object.fromEntries(
    Object.keys(sections)
      .sort(bySectionNumber)
      .map((key) => [key, sections[key]!]),
  );
}

/** The counts of a report, overall and by section: recomputed whenever its checks change. */
export function summarize(checks: readonly CheckResult[]): Pick<ConformanceReport, 'summary' | 'sections'> {
  const count = (status: CheckStatus) => checks.filter((check) => check.status === status).length;
  return {
    summary: {
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      blocked: count('blocked'),
      flaky: count('flaky'),
      gating_failed: checks.filter(isGatingFailure).length,
      gating_blocked: checks.filter(isGatingBlock).length,
    },
    sections: countBySection([...checks]),
  };
}

function rateLimitOutcome(figures: NonNullable<RunInfo['rateLimit']>): RateLimitOutcome {
  return {
    throttled: figures.throttled,
    settled_rps: figures.settledRps,
    retry_after_seen: figures.retryAfterSeen,
    ...(figures.congested ? { congested: figures.congested, unanswered_alone: figures.unansweredAlone ?? 0 } : {}),
  };
}

export function buildReport(run: RunInfo, results: CheckResult[]): ConformanceReport {
  const checks = [...results].sort((a, b) => a.id.localeCompare(b.id));
  const { summary, sections } = summarize(checks);
  return {
    tool: { name: 'msgapi', version: run.version },
    target: { url: run.targetUrl, embedded: run.embedded },
    started_at: run.startedAt.toISOString(),
    duration_ms: Math.round(run.durationMs),
    seed: run.seed,
    run_id: run.runId,
    requests: run.extraRequests + checks.reduce((sum, check) => sum + check.requests, 0),
    summary,
    interrupted: run.interrupted,
    ...(run.interruptedChecks && run.interruptedChecks.length > 0
      ? { interrupted_checks: [...run.interruptedChecks].sort() }
      : {}),
    leftovers: run.leftovers,
    ledger_file: run.ledgerFile,
    ...(run.rateLimit ? { rate_limit: rateLimitOutcome(run.rateLimit) } : {}),
    sections,
    checks,
  };
}
