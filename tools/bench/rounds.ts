// The rounds of a bench:harness run and the ratios read off each round: each generator on each
// server once per round, so that every ratio compares measurements taken side by side.
import { median } from './bench-table.ts';
import type { GeneratorName, Measurement, ServerName } from './measure.ts';

export interface Round {
  round: number;
  cells: Map<string, Measurement>;
}

export const servers = ['reference', 'bare'] as const satisfies readonly ServerName[];
export const generators = ['wrk', 'ours'] as const satisfies readonly GeneratorName[];

/** Each generator on each server; every other round in reverse, so that no cell always goes first. */
export function roundOrder(round: number): Array<[ServerName, GeneratorName]> {
  const order: Array<[ServerName, GeneratorName]> = [
    ['reference', 'wrk'],
    ['reference', 'ours'],
    ['bare', 'wrk'],
    ['bare', 'ours'],
  ];
  return round % 2 === 1 ? order : order.reverse();
}

export const cell = (round: Round, server: ServerName, generator: GeneratorName): Measurement =>
  round.cells.get(`${server}/${generator}`)!;
/** Requests per second, ours over wrk's. */
export const oursOverWrk = (round: Round, server: ServerName): number =>
  cell(round, server, 'ours').requestsPerSecond / cell(round, server, 'wrk').requestsPerSecond;
export const referenceOverBare = (round: Round, generator: GeneratorName): number =>
  cell(round, 'reference', generator).requestsPerSecond / cell(round, 'bare', generator).requestsPerSecond;
/** CPU time per response, ours over wrk's: what our generator costs for the same work. */
export const cpuPerResponseOursOverWrk = (round: Round, server: ServerName): number =>
  cell(round, server, 'ours').generatorCpuUsPerResponse / cell(round, server, 'wrk').generatorCpuUsPerResponse;

/** The median over the rounds of one figure of one cell. */
export const medianOf = (
  rounds: readonly Round[],
  server: ServerName,
  generator: GeneratorName,
  figure: (m: Measurement) => number | undefined,
): number => median(rounds.map((r) => figure(cell(r, server, generator)) ?? Number.NaN));

/** The median over the rounds of a per-round ratio. */
export const medianRatio = (rounds: readonly Round[], ratio: (round: Round) => number): number =>
  median(rounds.map(ratio));
