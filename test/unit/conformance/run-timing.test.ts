// Where a run's time went (conformance/run/run-timing.ts): the chain of a check's requests sent one
// after another, the requests in flight per second, and the bound a run cannot beat.
import { describe, expect, it } from 'vitest';
import {
  describeChecksAtOnce,
  longestChain,
  runTiming,
  withWindow,
  type Interval,
} from '../../../conformance/run/run-timing.ts';
import { createRateBucketBuffer, SharedRateBucket } from '../../../lib/core/client/shared-rate-bucket.ts';

describe('longestChain', () => {
  it('counts requests sent one after another, and only one of those sent side by side', () => {
    const oneAfterAnother: Interval[] = [
      [0, 30],
      [31, 61],
      [62, 92],
    ];
    expect(longestChain(oneAfterAnother)).toEqual({ requests: 3, ms: 90 });
    // A concurrent section of four, between two requests: the chain goes through one of them.
    const section: Interval[] = [
      [0, 30],
      [31, 61],
      [31, 70],
      [32, 62],
      [33, 63],
      [71, 101],
    ];
    expect(longestChain(section)).toEqual({ requests: 3, ms: 99 });
    expect(longestChain([])).toEqual({ requests: 0, ms: 0 });
  });

  it('takes the chain that waited longest, not the one with most requests', () => {
    const intervals: Interval[] = [
      [0, 10],
      [11, 21],
      [22, 32],
      [0, 100],
    ];
    expect(longestChain(intervals)).toEqual({ requests: 1, ms: 100 });
  });
});

describe('runTiming', () => {
  it('gives the critical path, the requests in flight per second and how far the run was from its bound', () => {
    const timing = runTiming(
      [
        {
          id: 'a.long',
          intervals: [
            [1_000, 1_500],
            [1_500, 2_000],
            [2_000, 3_000],
          ],
          duration_ms: 2_000,
        },
        { id: 'b.short', intervals: [[1_000, 1_100]], duration_ms: 100 },
      ],
      10,
    )!;
    expect(timing.checks_ms).toBe(2_000);
    expect(timing.request_ms).toBe(2_100);
    expect(timing.critical_path).toEqual({ check: 'a.long', requests: 3, ms: 2_000 });
    expect(timing.bound_ms).toBe(2_000);
    expect(timing.over_bound).toBe(1);
    expect(timing.concurrency_per_second).toEqual([1.1, 1]);
    expect(timing.dominant.map((check) => check.id)).toEqual(['a.long', 'b.short']);
  });

  it('bounds a run of many short checks by its request time over the checks allowed at once', () => {
    // A hundred checks of one 30 ms request, ten at a time.
    const checks = Array.from({ length: 100 }, (_, i) => ({
      id: `c.${i}`,
      intervals: [[Math.floor(i / 10) * 30, Math.floor(i / 10) * 30 + 30] as Interval],
      duration_ms: 30,
    }));
    const timing = runTiming(checks, 10)!;
    expect(timing.critical_path.ms).toBe(30);
    expect(timing.bound_ms).toBe(300);
    expect(timing.over_bound).toBe(1);
    expect(timing.achieved_concurrency).toBe(10);
    expect(runTiming([{ id: 'none', intervals: [], duration_ms: 0 }], 10)).toBeUndefined();
  });

  it('spreads the request time over the requests in flight when one check sends several at once', () => {
    // One check, fifteen strands of one 100 ms request each, with at most ten checks at once.
    const timing = runTiming(
      [{ id: 'model.x', intervals: Array.from({ length: 15 }, () => [0, 100] as Interval), duration_ms: 100 }],
      10,
    )!;
    expect(timing.peak_in_flight).toBe(15);
    expect(timing.bound_ms).toBe(100);
    expect(timing.over_bound).toBe(1);
  });

  it('takes a run of hundreds of thousands of requests (a spread of arguments would overflow the stack)', () => {
    const intervals = Array.from({ length: 300_000 }, (_, i) => [i, i + 1] as Interval);
    const timing = runTiming([{ id: 'many', intervals, duration_ms: 300_001 }], 60)!;
    expect(timing.checks_ms).toBe(300_000);
    expect(timing.critical_path.requests).toBe(300_000);
  });
});

describe('the window of checks at once in the timing', () => {
  const timing = runTiming([{ id: 'a.one', duration_ms: 100, intervals: [[0, 100]] }], 60)!;

  it('is left out where the run had none (the embedded server, the matrix): the checks allowed at once are said', () => {
    expect(withWindow(timing, new SharedRateBucket(createRateBucketBuffer()))).toEqual(timing);
    expect(describeChecksAtOnce(timing)).toBe('at most 60 checks at once');
  });

  it('says how a window that followed the target went, and a fixed one as its number', () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, 'adaptive'));
    bucket.throttled(0, undefined);
    const adaptive = withWindow(timing, bucket)!;
    expect(adaptive.checks_at_once).toMatchObject({ adaptive: true, initial: 4, final: 4, throttled: 1 });
    expect(describeChecksAtOnce(adaptive)).toBe(
      'checks at once followed the target: from 4 up to 4, narrowed by 1 429, 4 at the end',
    );
    const slowed = { ...adaptive, checks_at_once: { ...adaptive.checks_at_once!, slowed_rounds: 3, throttled: 2 } };
    expect(describeChecksAtOnce(slowed)).toContain('narrowed by 3 rounds of slower answers and 2 429s');
    const fixed = withWindow(timing, new SharedRateBucket(createRateBucketBuffer(undefined, { fixed: 4 })))!;
    expect(fixed.checks_at_once).toMatchObject({ adaptive: false, final: 4 });
  });
});
