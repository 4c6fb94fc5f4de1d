// Throughput regressions, told from noise: the candidate (BASE_URL) and the baseline server (--ab)
// are measured alternately on the same machine in the same job, round after round, and each round
// gives a ratio candidate/baseline. A regression is a median ratio below 1 - tolerance that nearly
// every round agrees on (a sign test: all rounds but one below 1), so one noisy round cannot fail
// a deployment and a real slowdown cannot hide behind one lucky round.
import type { GateResult } from '../load-report.ts';

export interface AbRound {
  candidateRps: number;
  baselineRps: number;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export function abGate(scenario: string, rounds: readonly AbRound[], tolerance: number): GateResult {
  const ratios = rounds.map((round) => (round.baselineRps === 0 ? 0 : round.candidateRps / round.baselineRps));
  const middle = median(ratios);
  const below = ratios.filter((ratio) => ratio < 1).length;
  const regressed = middle < 1 - tolerance && below >= rounds.length - 1;
  const shown = ratios.map((ratio) => ratio.toFixed(2)).join(', ');
  return {
    gate: `${scenario}:throughput against the --ab baseline (median ratio ≥ ${(1 - tolerance).toFixed(2)} or rounds disagree)`,
    passed: !regressed,
    detail: `candidate/baseline ratios ${shown}; median ${middle.toFixed(2)}, ${below} of ${rounds.length} rounds below 1`,
  };
}
