// The shape of reports/load.json. Histograms are HdrHistogram compressed base64 (µs), so that
// reports of repetitions and of several generator machines merge exactly (msgapi load merge).
import type { Bottleneck } from './cpu.ts';
import type { EventLoopDelay } from './generator-limit.ts';
import type { SecondFigures } from './per-second.ts';
import type { LatencyFigures } from './histogram.ts';
import { outcomeOf, type Outcome } from '../lib/core/verdict.ts';

export const loadReportFormat = 'msgapi-load/1';

export type Model = 'closed' | 'open';

export interface ModelFigures {
  model: Model;
  /** Open model: requests per second offered; closed model: null. */
  offered_rate: number | null;
  connections: number;
  duration_s: number;
  /** Responses received. */
  requests: number;
  rps: number;
  bytes_per_s: number;
  latency_us: LatencyFigures;
  /** Responses by status code. */
  statuses: Record<string, number>;
  non_2xx: number;
  /** Requests that got no response: timeouts, connection errors and others. */
  errors: number;
  timeouts: number;
  error_kinds: Record<string, number>;
  /** Open model: requests due that could not be sent before the end. */
  unsent: number;
  /** Fractions of one core; null when not measured: a server that is not a process of this machine, a generator that ran elsewhere (an imported engine's run). */
  cpu: { generator: number | null; server: number | null };
  bottleneck: Bottleneck;
  /** Responses completed in each second of the run. */
  rps_over_time: number[];
  /** The run second by second: requests, errors, latency percentiles, and what the open model offered (absent in imported and merged reports). */
  per_second?: SecondFigures[];
  /** How late the generator's event loop ran while it measured; null when not measured here. */
  event_loop_delay_ms?: EventLoopDelay | null;
  /** Why the generating machine, not the server, limited this measurement; null when nothing says so. */
  generator_limit?: string | null;
  histogram: string;
}

export interface ScenarioReport {
  name: string;
  spec: string;
  /** What was sent (a walk: its first page). */
  request: string;
  /** Why it was not measured, when it was not. */
  skipped: string | null;
  /** Bodies fetched outside the timed loop and validated against schemas/. */
  samples: { validated: number; problems: string[] };
  closed: ModelFigures | null;
  open: ModelFigures | null;
}

export interface GateResult {
  /** What was checked, as the user wrote it or as the rule reads. */
  gate: string;
  passed: boolean;
  /** The figure found, in words with units. */
  detail: string;
}

export interface LoadReport {
  format: typeof loadReportFormat;
  version: string;
  started_at: string;
  finished_at: string;
  target: { url: string; embedded: boolean };
  config: {
    scenarios: string[];
    models: Model[];
    connections: number;
    duration_s: number;
    warmup_s: number;
    rate: number;
    /** The open model's --stages, as DURATIONs:RATE,…; absent when it offered the fixed rate. */
    stages?: string;
    open_connections: number;
    max_limit: number;
    pagination: string;
    timeout_ms: number;
    thresholds: string[];
    /** --strict: a measurement the generator limited fails the run. */
    strict?: boolean;
  };
  environment: { node: string; platform: string; arch: string; cpus: number; cpu_model: string; generator: string };
  data_set: { conversations: number; groups: number; seeded: boolean } | null;
  scenarios: ScenarioReport[];
  gates: GateResult[];
  verdict: LoadVerdict;
  /** The run was stopped by SIGINT or SIGTERM before every scenario was measured (absent otherwise). */
  interrupted?: true;
  /** What was not compared, and why (a baseline without open-model figures, another rate ...). */
  notes?: string[];
  /** Set by msgapi load merge: the reports this one adds up, and how. */
  merged_from?: { files: string[]; as: 'concurrent' | 'repeated' };
}

export interface LoadVerdict {
  /** Decided once (loadVerdict); the printed verdict, load.html and the exit code read it. Absent in reports of older versions. */
  outcome?: Outcome;
  /** True only when the outcome is PASSED. */
  passed: boolean;
  /** Why it is not PASSED, one sentence each: the interruption first, then every failed gate and problem. */
  failures: string[];
}

/** The verdict of a load run from what failed and whether it was stopped: an interrupted run never passes. */
export function loadVerdict(failures: readonly string[], interruption: string | undefined): LoadVerdict {
  const outcome = outcomeOf({ error: false, interrupted: interruption !== undefined, failed: failures.length > 0 });
  return { outcome, passed: outcome === 'PASSED', failures: [...(interruption ? [interruption] : []), ...failures] };
}

/** A report's outcome; one written before outcomes were stored is read from verdict.passed. */
export function loadOutcome(report: Pick<LoadReport, 'verdict' | 'interrupted'>): Outcome {
  return report.verdict.outcome ?? (report.interrupted ? 'INTERRUPTED' : report.verdict.passed ? 'PASSED' : 'FAILED');
}
