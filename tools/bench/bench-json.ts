// bench:harness --json: the figures as one JSON document, per round and as medians over the rounds
// (ratios are medians of the per-round ratios, never ratios of medians).
import type { GeneratorName, Measurement, ServerName } from './measure.ts';
import {
  cpuPerResponseOursOverWrk,
  generators,
  medianOf,
  medianRatio,
  oursOverWrk,
  referenceOverBare,
  roundOrder,
  servers,
  type Round,
} from './rounds.ts';

export interface BenchGoals {
  /** Ours/wrk of CPU time per response against the bare server, at most. */
  cpuPerResponseRatioMax: number;
  /** Ours/wrk of requests/s against the bare server, at least. */
  bareRateRatioMin: number;
  /** Reference/bare requests/s (by wrk), at least. */
  referenceOverBareMin: number;
}

const round3 = (value: number): number | null => (Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null);

function measurementJson(m: Measurement) {
  return {
    requests_per_s: Math.round(m.requestsPerSecond),
    responses: m.responses,
    p50_us: round3(m.p50Us),
    p99_us: round3(m.p99Us),
    generator_cpu_cores: round3(m.generatorCpu),
    generator_cpu_us_per_response: round3(m.generatorCpuUsPerResponse),
    server_cpu_cores: m.serverCpu === undefined ? null : round3(m.serverCpu),
    errors: m.errors,
    non_2xx: m.non2xx,
  };
}

/** { reference: {...}, bare: {...} } of a figure per server. */
const perServer = <T>(figure: (server: ServerName) => T) =>
  Object.fromEntries(servers.map((server) => [server, figure(server)])) as Record<ServerName, T>;
const perGenerator = <T>(figure: (generator: GeneratorName) => T) =>
  Object.fromEntries(generators.map((generator) => [generator, figure(generator)])) as Record<GeneratorName, T>;

function ratiosJson(ratio: (reader: (round: Round) => number) => number) {
  return {
    ours_over_wrk_requests_per_s: perServer((server) => round3(ratio((r) => oursOverWrk(r, server)))),
    ours_over_wrk_cpu_per_response: perServer((server) => round3(ratio((r) => cpuPerResponseOursOverWrk(r, server)))),
    reference_over_bare_requests_per_s: perGenerator((generator) =>
      round3(ratio((r) => referenceOverBare(r, generator))),
    ),
  };
}

export function benchJson(rounds: readonly Round[], context: Record<string, unknown>, goals: BenchGoals) {
  const medians = {
    ...ratiosJson((reader) => medianRatio(rounds, reader)),
    requests_per_s: perServer((server) =>
      perGenerator((generator) => round3(medianOf(rounds, server, generator, (m) => m.requestsPerSecond))),
    ),
    generator_cpu_cores: perServer((server) =>
      perGenerator((generator) => round3(medianOf(rounds, server, generator, (m) => m.generatorCpu))),
    ),
    generator_cpu_us_per_response: perServer((server) =>
      perGenerator((generator) => round3(medianOf(rounds, server, generator, (m) => m.generatorCpuUsPerResponse))),
    ),
    server_cpu_cores: perServer((server) =>
      perGenerator((generator) => round3(medianOf(rounds, server, generator, (m) => m.serverCpu))),
    ),
  };
  const cpuRatio = medians.ours_over_wrk_cpu_per_response.bare;
  const rateRatio = medians.ours_over_wrk_requests_per_s.bare;
  const referenceOverBareByWrk = medians.reference_over_bare_requests_per_s.wrk;
  return {
    ...context,
    rounds: rounds.map((r) => ({
      round: r.round,
      order: roundOrder(r.round).map(([server, generator]) => `${server}/${generator}`),
      measurements: perServer((server) =>
        perGenerator((generator) => measurementJson(r.cells.get(`${server}/${generator}`)!)),
      ),
      ratios: ratiosJson((reader) => reader(r)),
    })),
    medians,
    goals: {
      cpu_per_response_ours_over_wrk_bare: {
        at_most: goals.cpuPerResponseRatioMax,
        median: cpuRatio,
        met: cpuRatio !== null && cpuRatio <= goals.cpuPerResponseRatioMax,
      },
      requests_per_s_ours_over_wrk_bare: {
        at_least: goals.bareRateRatioMin,
        median: rateRatio,
        met: rateRatio !== null && rateRatio >= goals.bareRateRatioMin,
      },
      reference_over_bare_wrk: {
        at_least: goals.referenceOverBareMin,
        median: referenceOverBareByWrk,
        met: referenceOverBareByWrk !== null && referenceOverBareByWrk >= goals.referenceOverBareMin,
      },
    },
  };
}
