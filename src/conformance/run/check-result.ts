// The shape of reports/conformance.json: one entry per check, and the run around them.
import type { CheckLevel } from '../checks/define-check.ts';
import type { Leftover } from '../../core/safety/created-resources.ts';

/**
 * blocked: a prerequisite step failed, so the check could not test its behaviour (not blamed).
 * flaky: with --repeat, the check's result changed from one attempt to another.
 */
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'blocked' | 'flaky';

export type StatusCounts = Record<CheckStatus, number>;

export interface CheckResult {
  id: string;
  title: string;
  /** The spec sections the check enforces, e.g. ["§2.1", "§4.1"]: those whose sentences cite it. */
  spec: string[];
  level: CheckLevel;
  status: CheckStatus;
  /** Whether a failure of this check fails the run (spec, security, robustness; conventions when declared or strict). */
  gating: boolean;
  /** Why it failed (Expected / Received / Exchange) or why it was skipped; null when passed. */
  message: string | null;
  /** A curl command that shows the failure again; the token appears only as $ACCESS_TOKEN. */
  reproduction: string | null;
  requests: number;
  duration_ms: number;
  leftovers?: Leftover[];
  /** With --repeat N: the status of each attempt, in order. */
  attempts?: CheckStatus[];
  /** With --expectations: the reason the file gives for this check's known failure. */
  expected_failure?: string;
}

/** With --expectations: how this run compares with the known failures the file lists. */
export interface ExpectationsOutcome {
  file: string;
  /** Listed and failed (or flaky) as expected: these do not gate. */
  expected: string[];
  /** Failed, gating, and not listed: these fail the run. */
  new_failures: string[];
  /** Listed but passed: these fail the run too, so that the file is kept true (remove them). */
  unexpected_passes: string[];
}

/**
 * How the target's rate limit paced the run (spec §8 leaves rate limits open): the 429 answers it
 * gave, and the rate the run's shared bucket ended at, in requests per second (null when the
 * target never answered 429).
 */
export interface RateLimitOutcome {
  throttled: number;
  settled_rps: number | null;
  retry_after_seen: boolean;
}

export interface ConformanceReport {
  tool: { name: 'msgapi'; version: string };
  target: { url: string; embedded: boolean };
  started_at: string;
  duration_ms: number;
  seed: number;
  run_id: string;
  requests: number;
  /** gating_blocked: gating checks whose premise failed; absent in reports of older versions. */
  summary: StatusCounts & { gating_failed: number; gating_blocked?: number };
  /** The run was stopped by SIGINT or SIGTERM before every check ran. */
  interrupted: boolean;
  /** What the run created and could not remove (the sweep after the run verifies every delete). */
  leftovers: Leftover[];
  /** Kept only when there are leftovers: `msgapi cleanup --ledger <file>` tries again. */
  ledger_file: string | null;
  /** Written by msgapi check; absent in reports of older versions and merged ones. */
  rate_limit?: RateLimitOutcome;
  /** The same counts for each spec section; a check that cites two sections counts in both. */
  sections: Record<string, StatusCounts>;
  checks: CheckResult[];
  /** --repeat N: every check ran N times. */
  repeat?: number;
  expectations?: ExpectationsOutcome;
  /** --shard i/n: this report holds only that part of the checks (msgapi merge joins the parts). */
  shard?: { index: number; count: number };
  /** Set by msgapi merge: the shard reports this one joins. */
  merged_from?: string[];
}
