// A run of another engine (Artillery, k6) as our own load.json: one HDR histogram per scenario
// rebuilt from what the engine recorded, its counts, and the same verdict rules as msgapi load
// (every non-2xx and every error fails; thresholds), so that merge, baseline, load.html and the
// exit code work on it unchanged.
import { cpus } from 'node:os';
import { version } from '../../lib/core/version.ts';
import { isSuccess, runProblems } from '../figures.ts';
import { compareWithBaseline, type LatencyTolerance } from '../gates/baseline.ts';
import { evaluateThresholds, type Threshold } from '../gates/thresholds.ts';
import { encodeHistogram, latencyFigures, type LatencyHistogram } from '../histogram.ts';
import {
  loadReportFormat,
  loadVerdict,
  type LoadReport,
  type Model,
  type ModelFigures,
  type ScenarioReport,
} from '../load-report.ts';
import { scenarioSpecs } from '../scenarios.ts';

export type EngineName = 'artillery' | 'k6';

export interface ImportedCounts {
  model: Model;
  /** Open model: requests per second offered (all runners together); closed: null. */
  offeredRate: number | null;
  connections: number;
  durationS: number;
  /** One sample per response, µs. */
  histogram: LatencyHistogram;
  /** Responses by status code. */
  statuses: Record<string, number>;
  /** Requests that got no response, by kind (ETIMEDOUT, ECONNREFUSED …). */
  errorKinds: Record<string, number>;
  /** Bytes of response bodies, when the engine counts them. */
  bytes?: number;
  /** Responses completed in each second, when the engine tells. */
  perSecond?: number[];
  /** Open model: requests due that the engine could not send (k6 dropped_iterations). */
  unsent?: number;
}

/** One model's figures from an engine's counts; CPU is unknown (the engine ran elsewhere). */
export function importedFigures(counts: ImportedCounts): ModelFigures {
  const requests = Object.values(counts.statuses).reduce((sum, count) => sum + count, 0);
  const errors = Object.values(counts.errorKinds).reduce((sum, count) => sum + count, 0);
  const durationS = counts.durationS > 0 ? counts.durationS : 1;
  const sortedStatuses = Object.fromEntries(Object.entries(counts.statuses).sort(([a], [b]) => Number(a) - Number(b)));
  return {
    model: counts.model,
    offered_rate: counts.offeredRate,
    connections: counts.connections,
    duration_s: Math.round(counts.durationS * 1000) / 1000,
    requests,
    rps: Math.round((requests / durationS) * 10) / 10,
    bytes_per_s: Math.round((counts.bytes ?? 0) / durationS),
    latency_us: latencyFigures(counts.histogram),
    statuses: sortedStatuses,
    non_2xx: Object.entries(counts.statuses)
      .filter(([status]) => !isSuccess(Number(status)))
      .reduce((sum, [, count]) => sum + count, 0),
    errors,
    timeouts: Object.entries(counts.errorKinds)
      .filter(([kind]) => /timeout|timedout/i.test(kind))
      .reduce((sum, [, count]) => sum + count, 0),
    error_kinds: counts.errorKinds,
    unsent: counts.unsent ?? 0,
    // The engine's machines are not ours to read: no CPU share, so no bottleneck judged.
    cpu: { generator: null, server: null },
    bottleneck: 'unknown',
    rps_over_time: counts.perSecond ?? [],
    histogram: encodeHistogram(counts.histogram),
  };
}

export interface ImportedRun {
  engine: EngineName;
  /** The engine's version, when its output says. */
  engineVersion?: string;
  /** The files read, as given. */
  files: string[];
  /** The target, when the engine's output says (it never says the token). */
  targetUrl?: string;
  startedAt: string;
  finishedAt: string;
  model: Model;
  rate: number;
  connections: number;
  durationS: number;
  /** Runners whose outputs were added up (Artillery --count, k6-operator parallelism). */
  workers: number;
  scenarios: Array<{ name: string; figures: ModelFigures }>;
  /** Facts about how exact the figures are (bucket resolution …), shown with the report. */
  notes: string[];
  /** Why the run does not count, one sentence each (dropped iterations: the open model was not held). */
  problems: string[];
}

export interface ImportGates {
  thresholds: readonly Threshold[];
  /** --baseline: an earlier load.json whose open-model p50 and p99 this run must not exceed beyond the tolerance. */
  baseline?: { report: LoadReport; tolerance: LatencyTolerance };
}

export function importedLoadReport(run: ImportedRun, { thresholds, baseline }: ImportGates): LoadReport {
  const scenarios: ScenarioReport[] = run.scenarios.map(({ name, figures }) => {
    const known = scenarioSpecs.find((spec) => spec.name === name);
    return {
      name,
      spec: known?.spec ?? '',
      request: '',
      skipped: null,
      samples: { validated: 0, problems: [] },
      closed: figures.model === 'closed' ? figures : null,
      open: figures.model === 'open' ? figures : null,
    };
  });
  const baselineComparison = baseline
    ? compareWithBaseline({ scenarios } as LoadReport, baseline.report, baseline.tolerance)
    : undefined;
  const gates = [...evaluateThresholds(thresholds, scenarios), ...(baselineComparison?.gates ?? [])];
  const failures = [
    ...run.problems,
    ...scenarios.flatMap((scenario) =>
      [scenario.closed, scenario.open].flatMap((figures) => (figures ? runProblems(scenario.name, figures) : [])),
    ),
    ...gates.filter((gate) => !gate.passed).map((gate) => `${gate.gate}: ${gate.detail}`),
  ];
  return {
    format: loadReportFormat,
    version,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
    target: { url: run.targetUrl ?? "unknown (not in the engine's output)", embedded: false },
    config: {
      scenarios: scenarios.map((scenario) => scenario.name),
      models: [run.model],
      connections: run.model === 'closed' ? run.connections : 0,
      duration_s: run.durationS,
      warmup_s: 0,
      rate: run.model === 'open' ? run.rate : 0,
      open_connections: run.model === 'open' ? run.connections : 0,
      max_limit: 0,
      pagination: '',
      timeout_ms: 0,
      thresholds: thresholds.map((threshold) => threshold.text),
    },
    environment: {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? 'unknown',
      generator: `${run.engine}${run.engineVersion ? ` ${run.engineVersion}` : ''}, imported by msgapi load import ${run.engine} from ${run.files.join(', ')} (${run.workers} runner${run.workers === 1 ? '' : 's'})`,
    },
    data_set: null,
    scenarios,
    gates,
    verdict: loadVerdict(failures, undefined),
    notes: [...run.notes, ...(baselineComparison?.notes ?? [])],
  };
}
