// The shape of reports/conformance.json: one entry per check, and the run around them.
import type { CheckLevel } from '../../harness/checks/define-check.ts';
import type { Leftover } from '../../lib/core/safety/created-resources.ts';
import type { ReplayScript } from '../../lib/core/client/replay-script.ts';
import type { Outcome } from '../../lib/core/verdict.ts';
import type { ServerChoice } from '../../lib/core/detect/server-choices.ts';
import type { RunTiming } from './run-timing.ts';

export type { ServerChoice };

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
  /**
   * When the failing request names an object the check made (deleted by the run since, so the curl
   * alone answers 404) or is itself a create: a sh script that makes the objects again, replays,
   * and deletes what it made (lib/core/client/replay-script.ts). Absent otherwise.
   */
  reproduction_script?: ReplayScript;
  requests: number;
  duration_ms: number;
  leftovers?: Leftover[];
  /** The entries of the server profile its verdict consulted (docs/assumptions.md), first asked first. */
  consulted?: string[];
  /** With --repeat N: the status of each attempt, in order. */
  attempts?: CheckStatus[];
  /** With --expectations: the reason the file gives for this check's known failure. */
  expected_failure?: string;
  /**
   * A failed check of a run that ran checks side by side, run again alone with no other check beside it:
   * 'passed' when the failure showed only beside other checks, 'failed' when it shows alone too.
   * Absent when it was not re-run (more than five failures, one check selected, --workers 1,
   * --repeat, --replay, or --bail having stopped the run).
   */
  serial_rerun?: 'passed' | 'failed';
  /** The failing GET sent again on a connection of its own, at once: what that showed, in a sentence. */
  fresh_connection?: string;
  /** It failed or was blocked on a request that got no answer at all (no connection, nothing in time). */
  unanswered?: true;
}

/** What a failure's serial re-run says, in a sentence (terminal and HTML). */
export function serialRerunNote(result: Pick<CheckResult, 'serial_rerun'>): string | undefined {
  if (result.serial_rerun === 'passed')
    return "Run again alone, with no other check beside it, it passed: this failure shows only beside other checks (their requests, or the server's handling of requests at the same time).";
  if (result.serial_rerun === 'failed')
    return 'Run again alone, with no other check beside it, it failed too: it needs no other check running.';
  return undefined;
}

/** With --expectations: how this run compares with the known failures the file lists. */
export interface ExpectationsOutcome {
  file: string;
  /** Listed and failed (or flaky, or blocked) as expected: these do not gate. */
  expected: string[];
  /** Failed, gating, and not listed: these fail the run. */
  new_failures: string[];
  /** Blocked (a premise failed), gating, and not listed: these fail the run too. Absent in reports of older versions. */
  new_blocked?: string[];
  /** Listed but passed: these fail the run too, so that the file is kept true (remove them). Never a generated check. */
  unexpected_passes: string[];
  /**
   * Generated checks (properties.*, model.*) listed but passed: whether one finds its failure
   * depends on the seed, so this is a notice, not a failure. Absent in reports of older versions.
   */
  not_found?: string[];
}

export type ScopeKind = 'full' | 'only' | 'read-only' | 'shard';

/** What part of the suite a run covered (conformance/run/verdict.ts decides it). */
export interface RunScope {
  kind: ScopeKind;
  /** The checks the run was asked to run (for a shard: those of its suite files that reported). */
  selected: number;
  /** Every check of the suite. */
  total: number;
  /** The options that chose the part, as typed: ["--only conversations.", "--read-only"]. */
  options: string[];
  /** "8 of 86 checks (--read-only)". */
  description: string;
}

export interface ConformanceVerdict {
  outcome: Outcome;
  /** True only when the outcome is PASSED (kept for readers of verdict.passed). */
  passed: boolean;
  scope: RunScope;
  /** Why the outcome is not PASSED, one sentence each; empty when it is. */
  reasons: string[];
  /** Said but not gating: failures that do not gate, known failures, generated checks that did not find theirs. */
  notices: string[];
}

/** A setting's value as recorded: never a token. */
export type SettingValue = string | number | boolean | string[] | null;

/**
 * How the target's rate limit paced the run (spec §8 leaves rate limits open): the 429 answers it
 * gave, and the rate the run's shared bucket ended at, in requests per second (null when the
 * target never answered 429).
 */
export interface RateLimitOutcome {
  throttled: number;
  settled_rps: number | null;
  retry_after_seen: boolean;
  /**
   * Requests that got no answer (none in time, a connection refused or reset) while the target
   * answered others, each sent again alone; absent when none. unanswered_alone: of those, the ones
   * that got no answer alone either.
   */
  congested?: number;
  unanswered_alone?: number;
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
  /**
   * The checks under way when the signal came: stopped before their end, so not run (neither passed
   * nor skipped) and not in `checks`; absent when there were none.
   */
  interrupted_checks?: string[];
  /** What the run created and could not remove (the sweep after the run verifies every delete). */
  leftovers: Leftover[];
  /** Kept only when there are leftovers: `msgapi cleanup --ledger <file>` tries again. */
  ledger_file: string | null;
  /** Written by msgapi check; absent in reports of older versions and merged ones. */
  rate_limit?: RateLimitOutcome;
  /** The same counts for each spec section; a check that cites two sections counts in both. */
  sections: Record<string, StatusCounts>;
  checks: CheckResult[];
  /**
   * Written as a run starts, in place of the previous run's report, and replaced by the run's own
   * at its end: a report that still says so was left by a run that was killed (its verdict is ERROR).
   */
  in_progress?: true;
  /** --repeat N: every check ran N times. */
  repeat?: number;
  expectations?: ExpectationsOutcome;
  /** --shard i/n: this report holds only that part of the checks (msgapi merge joins the parts). */
  shard?: { index: number; count: number };
  /** Set by msgapi merge: the shard reports this one joins. */
  merged_from?: string[];
  /** Where the checks' time went: the critical path, the requests in flight, the checks that held the run (run-timing.ts). Written by msgapi check. */
  timing?: RunTiming;
  /**
   * The outcome, the scope and the reasons, decided once (conformance/run/verdict.ts); every
   * other output reads it. Absent in reports of older versions (verdictOf() decides it then).
   */
  verdict?: ConformanceVerdict;
  /**
   * Every setting that shaped the run (seed, selection, read-only, shard, pagination, body
   * encoding, property runs ...; never a token), by option name, and the command that replays it.
   */
  settings?: Record<string, SettingValue>;
  replay?: string;
  /**
   * What this server chose where the spec leaves it open, as far as the run knows: declared,
   * detected by the probe, observed, known of the embedded server, or the default (written by
   * msgapi check; absent in reports of older versions).
   */
  server_choices?: ServerChoice[];
}
