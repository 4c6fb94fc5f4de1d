// Regressions against an earlier run. Latency is compared with a baseline report (--baseline)
// through the open model, whose figures at a fixed offered rate carry from run to run. Absolute
// throughput does not: identical runs on this kind of machine ranged from 25k to 64k req/s, so
// throughput is compared only as an A/B within one job (ab-rule.ts), never against a file.
import type { GateResult, LoadReport } from '../load-report.ts';
import { formatUs } from './thresholds.ts';

export interface LatencyTolerance {
  /** 0.25: up to 25 % slower passes. */
  relative: number;
  /** Differences below this many µs are noise whatever their ratio. */
  floorUs: number;
}

export const defaultLatencyTolerance: LatencyTolerance = { relative: 0.25, floorUs: 1_000 };

const comparedFigures = ['p50', 'p99'] as const;

export function compareWithBaseline(
  current: LoadReport,
  baseline: LoadReport,
  tolerance: LatencyTolerance,
): { gates: GateResult[]; notes: string[] } {
  const gates: GateResult[] = [];
  const notes: string[] = [];
  for (const scenario of current.scenarios) {
    const before = baseline.scenarios.find((candidate) => candidate.name === scenario.name);
    if (!scenario.open || !before?.open) {
      notes.push(
        `${scenario.name}: no open-model figures in ${before ? 'both reports' : 'the baseline'}; latency not compared`,
      );
      continue;
    }
    if (scenario.open.offered_rate !== before.open.offered_rate) {
      notes.push(
        `${scenario.name}: offered ${scenario.open.offered_rate} req/s now and ${before.open.offered_rate} in the baseline; latency at different rates is not compared (use the same --rate)`,
      );
      continue;
    }
    for (const figure of comparedFigures) {
      const now = scenario.open.latency_us[figure];
      const then = before.open.latency_us[figure];
      const limit = Math.max(then * (1 + tolerance.relative), then + tolerance.floorUs);
      gates.push({
        gate: `${scenario.name}:${figure} within ${Math.round(tolerance.relative * 100)} % of the baseline`,
        passed: now <= limit,
        detail: `${figure} ${formatUs(now)} now, ${formatUs(then)} in the baseline (limit ${formatUs(Math.round(limit))}; open model at ${scenario.open.offered_rate} req/s)`,
      });
    }
  }
  return { gates, notes };
}
