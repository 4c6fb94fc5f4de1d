// What a measured run comes to, as reports/load.json holds it.
import { bottleneck, type CpuShares } from './cpu.ts';
import { generatorLimit, type EventLoopDelay } from './generator-limit.ts';
import { encodeHistogram, latencyFigures } from './histogram.ts';
import type { Recorder } from './recorder.ts';
import type { Model, ModelFigures } from './load-report.ts';

export interface RunFacts {
  model: Model;
  offeredRate: number | null;
  connections: number;
  cpu: CpuShares;
  unsent?: number;
  /** How late the generator's event loop ran while it measured. */
  eventLoop?: EventLoopDelay;
}

/** What msgapi load counts as a success: any 2xx (every other status fails the run). */
export const isSuccess = (status: number) => status >= 200 && status < 300;

export function modelFigures(recorder: Recorder, facts: RunFacts): ModelFigures {
  const durationS = recorder.durationMs / 1000;
  const statuses = Object.fromEntries(
    [...recorder.statuses].sort(([a], [b]) => a - b).map(([status, count]) => [String(status), count]),
  );
  const errorKinds = Object.fromEntries(recorder.errors);
  const errors = [...recorder.errors.values()].reduce((sum, count) => sum + count, 0);
  const limitedBy = bottleneck(facts.cpu);
  return {
    model: facts.model,
    offered_rate: facts.offeredRate,
    connections: facts.connections,
    duration_s: Math.round(durationS * 1000) / 1000,
    requests: recorder.responses,
    rps: Math.round((recorder.responses / durationS) * 10) / 10,
    bytes_per_s: Math.round(recorder.bytes / durationS),
    latency_us: latencyFigures(recorder.histogram),
    statuses,
    non_2xx: [...recorder.statuses].filter(([status]) => !isSuccess(status)).reduce((sum, [, count]) => sum + count, 0),
    errors,
    timeouts: recorder.errors.get('timeout') ?? 0,
    error_kinds: errorKinds,
    unsent: facts.unsent ?? 0,
    cpu: { generator: facts.cpu.generator, server: facts.cpu.server ?? null },
    bottleneck: limitedBy,
    rps_over_time: [...recorder.perSecond],
    per_second: recorder.series.figures(),
    event_loop_delay_ms: facts.eventLoop ?? null,
    generator_limit: generatorLimit(facts.cpu, limitedBy, facts.eventLoop ?? null) ?? null,
    histogram: encodeHistogram(recorder.histogram),
  };
}

/** Why a model's run fails whatever the thresholds say: any error or non-2xx response. */
export function runProblems(scenario: string, figures: ModelFigures): string[] {
  const problems: string[] = [];
  const where = `${scenario} (${figures.model} model)`;
  if (figures.non_2xx > 0) {
    const statuses = Object.entries(figures.statuses)
      .filter(([status]) => !isSuccess(Number(status)))
      .map(([status, count]) => `${count} × ${status}`);
    problems.push(
      `${where}: ${figures.non_2xx} of ${figures.requests} responses were not 2xx (${statuses.join(', ')})`,
    );
  }
  if (figures.errors > 0) {
    const kinds = Object.entries(figures.error_kinds).map(([kind, count]) => `${count} ${kind}`);
    problems.push(`${where}: ${figures.errors} requests got no response (${kinds.join(', ')})`);
  }
  if (figures.requests === 0 && figures.errors === 0) problems.push(`${where}: no response at all`);
  return problems;
}

/** The measurements the generating machine limited, one sentence each, for the report's notes (and, under --strict, its failures). */
export function generatorLimits(scenario: string, figures: ModelFigures): string[] {
  if (!figures.generator_limit) return [];
  return [
    `${scenario} (${figures.model} model) was limited by the generating machine, not the server: ${figures.generator_limit}; measure from a machine with a free core (msgapi load export spreads the load over several).`,
  ];
}
