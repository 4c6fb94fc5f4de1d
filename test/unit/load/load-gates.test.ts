// The rules that gate deployments on load figures: thresholds as written, latency against a
// baseline report, and the A/B throughput rule that tells a regression from noise.
import { describe, expect, it } from 'vitest';
import { abGate } from '../../../load/gates/ab-rule.ts';
import { compareWithBaseline, defaultLatencyTolerance } from '../../../load/gates/baseline.ts';
import { evaluateThresholds, parseThreshold } from '../../../load/gates/thresholds.ts';
import type { LoadReport } from '../../../load/load-report.ts';
import { syntheticLoadReport } from '../../helpers/load-report-fixture.ts';

const names = ['conversations.default', 'groups.default'];

describe('thresholds', () => {
  it('reads units, prefixes and * and converts latencies to µs', () => {
    expect(parseThreshold('conversations.default:p99<50ms', names, ['closed', 'open'])).toMatchObject({
      metric: 'p99',
      operator: '<',
      value: 50_000,
    });
    expect(parseThreshold('groups.:rps>2000', names, ['closed', 'open'])).toMatchObject({
      scenarios: 'groups.',
      metric: 'rps',
      value: 2000,
    });
    expect(parseThreshold('*:errors==0', names, ['open'])).toMatchObject({
      metric: 'errors',
      operator: '==',
      value: 0,
    });
    expect(parseThreshold('groups.default:p99.9<=1.5s', names, ['open'])).toMatchObject({
      metric: 'p99.9',
      operator: '<=',
      value: 1_500_000,
    });
  });

  it('refuses what it cannot read, in one sentence naming the threshold', () => {
    const refusals: Array<[string, RegExp]> = [
      ['groups.default:p99<50', /needs a unit/],
      ['groups.default:p99<50ms', /open model, which this run does not use/],
      ['nothing:rps>1', /none of the scenarios/],
      ['groups.default:rps>1ms', /plain number/],
      ['groups.default p99 < 5ms', /write it as/],
    ];
    for (const [text, why] of refusals)
      expect(
        () => parseThreshold(text, names, text.includes('p99<50ms') ? ['closed'] : ['closed', 'open']),
        text,
      ).toThrow(why);
  });

  it('takes latency from the open model and throughput from the closed model', () => {
    const report = syntheticLoadReport();
    const scenario = report.scenarios.find((each) => each.closed && each.open)!;
    const thresholds = [
      parseThreshold(`${scenario.name}:p99<=${scenario.open!.latency_us.p99}us`, [scenario.name], ['closed', 'open']),
      parseThreshold(`${scenario.name}:p99<${scenario.open!.latency_us.p99}us`, [scenario.name], ['closed', 'open']),
      parseThreshold(`${scenario.name}:rps>=${scenario.closed!.rps}`, [scenario.name], ['closed', 'open']),
    ];
    expect(evaluateThresholds(thresholds, [scenario]).map((gate) => gate.passed)).toEqual([true, false, true]);
  });
});

describe('latency against a baseline report', () => {
  const withOpenP99 = (us: number, rate = 200): LoadReport => {
    const report = syntheticLoadReport();
    const scenario = report.scenarios.find((each) => each.open)!;
    report.scenarios = [
      {
        ...scenario,
        open: {
          ...scenario.open!,
          offered_rate: rate,
          latency_us: { ...scenario.open!.latency_us, p50: 1_000, p99: us },
        },
      },
    ];
    return report;
  };

  it('passes within the tolerance or the 1 ms floor, fails beyond both', () => {
    const gate = (now: number, then: number) =>
      compareWithBaseline(withOpenP99(now), withOpenP99(then), defaultLatencyTolerance).gates.find((each) =>
        each.gate.includes('p99'),
      )!;
    expect(gate(12_000, 10_000).passed).toBe(true);
    expect(gate(13_000, 10_000).passed).toBe(false);
    expect(gate(1_900, 1_000).passed).toBe(true);
  });

  it('does not compare latencies measured at different offered rates', () => {
    const { gates, notes } = compareWithBaseline(
      withOpenP99(50_000, 400),
      withOpenP99(1_000, 200),
      defaultLatencyTolerance,
    );
    expect(gates).toEqual([]);
    expect(notes.join()).toMatch(/different rates/);
  });
});

describe('A/B throughput rule', () => {
  const rounds = (ratios: number[]) => ratios.map((ratio) => ({ candidateRps: 1000 * ratio, baselineRps: 1000 }));

  it('fails a slowdown that nearly every round agrees on', () => {
    expect(abGate('s', rounds([0.8, 0.82, 0.85, 0.79, 0.95]), 0.1).passed).toBe(false);
    expect(abGate('s', rounds([0.8, 0.82, 1.02, 0.79, 0.85]), 0.1).passed).toBe(false);
  });

  it('passes noise: a small difference, or rounds that disagree', () => {
    expect(abGate('s', rounds([0.95, 0.97, 0.96, 0.98, 0.94]), 0.1).passed).toBe(true);
    expect(abGate('s', rounds([0.6, 1.3, 0.7, 1.2, 0.8]), 0.1).passed).toBe(true);
    expect(abGate('s', rounds([1.1, 1.2, 1.05, 1.15, 1.1]), 0.1).passed).toBe(true);
  });
});
