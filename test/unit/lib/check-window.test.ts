// The run's window of checks at once (issue 27): fixed by --workers, unlimited where vitest's own
// limit holds, or following the target: wider while its answers come as fast as the fastest seen
// and the window is full, narrower when they slow down or a 429 comes. Read with an injected clock
// and no sleeps; places are handed out as checks end, in this thread's order.
import { describe, expect, it } from 'vitest';
import { afterRound, afterThrottle, defaultWindowOptions } from '../../../lib/core/client/check-window.ts';
import type { Clock } from '../../../lib/core/client/rate-limiter.ts';
import { createRateBucketBuffer, SharedRateBucket } from '../../../lib/core/client/shared-rate-bucket.ts';

function fakeClock(start = 1_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/** Which of the promises have settled, after the microtasks queued so far have run. */
async function settled(promises: ReadonlyArray<Promise<unknown>>): Promise<boolean[]> {
  const done = promises.map(() => false);
  promises.forEach((promise, i) => void promise.then(() => (done[i] = true)));
  // A macrotask: every microtask queued before it has run.
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

/** `answers` answers of `latencyMs` each over one round of the window (the clock moved past it). */
function round(bucket: SharedRateBucket, clock: ReturnType<typeof fakeClock>, latencyMs: number, answers = 10): void {
  for (let i = 0; i < answers; i++) {
    clock.advance(Math.max(defaultWindowOptions.minRoundMs, latencyMs) / answers + 0.01);
    bucket.answered(latencyMs);
  }
}

const full = { answers: 10, meanMs: 30, baselineMs: 30, full: true };

describe('the window arithmetic (check-window.ts)', () => {
  it('check-window.slow-start — doubles a full window each round while answers keep their pace, then grows by an eighth', () => {
    expect(afterRound(16, true, full)).toEqual({ window: 32, slowStart: true, change: 'grew' });
    expect(afterRound(32, false, full)).toEqual({ window: 36, slowStart: false, change: 'grew' });
    expect(afterRound(200, true, full).window).toBe(defaultWindowOptions.max);
  });

  it('check-window.not-full — a round with places to spare teaches nothing: the window stays', () => {
    expect(afterRound(16, true, { ...full, full: false })).toEqual({ window: 16, slowStart: true, change: 'kept' });
    expect(afterRound(16, true, { ...full, answers: 0 })).toEqual({ window: 16, slowStart: true, change: 'kept' });
  });

  it('check-window.slowed — answers slower than twice the fastest and 10 ms narrow it by a fifth, and end the doubling', () => {
    // 70 ms is the edge at a 30 ms baseline: kept; above it, narrowed.
    expect(afterRound(20, true, { ...full, meanMs: 70 }).change).toBe('grew');
    expect(afterRound(20, true, { ...full, meanMs: 71 })).toEqual({ window: 16, slowStart: false, change: 'slowed' });
    // At a millisecond's distance the slack keeps scheduling noise from narrowing it.
    expect(afterRound(20, false, { ...full, meanMs: 11, baselineMs: 0.5 }).change).toBe('grew');
    expect(afterRound(2.2, false, { ...full, meanMs: 500 }).window).toBe(defaultWindowOptions.min);
  });

  it('check-window.throttled — a 429 halves it, never below the least window', () => {
    expect(afterThrottle(40)).toBe(20);
    expect(afterThrottle(3)).toBe(defaultWindowOptions.min);
  });
});

describe("the window in the run's shared bucket", () => {
  it('check-window.unlimited — without a window (the embedded server, the matrix) no check waits', async () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer(), fakeClock());
    const starts = Array.from({ length: 500 }, () => bucket.startCheck());
    expect(await settled(starts)).not.toContain(false);
  });

  it('check-window.fixed — --workers 3: three checks hold places, the fourth and fifth wait, in order, until one ends', async () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, { fixed: 3 }), fakeClock());
    const starts = Array.from({ length: 5 }, () => bucket.startCheck());
    expect(await settled(starts)).toEqual([true, true, true, false, false]);
    bucket.endCheck();
    expect(await settled(starts)).toEqual([true, true, true, true, false]);
    bucket.endCheck();
    expect(await settled(starts)).toEqual([true, true, true, true, true]);
    // Fixed: answers, fast or slow, change nothing.
    for (let i = 0; i < 50; i++) bucket.answered(i % 2 ? 5 : 5_000);
    expect(bucket.windowFigures()).toMatchObject({ adaptive: false, initial: 3, final: 3, peakInUse: 3 });
  });

  it('check-window.across-threads — a place given back through another view of the memory (another worker) wakes a waiting check', async () => {
    const buffer = createRateBucketBuffer(undefined, { fixed: 1 });
    const here = new SharedRateBucket(buffer, fakeClock());
    const there = new SharedRateBucket(buffer, fakeClock());
    await there.startCheck();
    const waiting = here.startCheck();
    expect(await settled([waiting])).toEqual([false]);
    there.endCheck();
    await waiting;
  });

  it('check-window.follows-the-target — grows while full and fast, narrows when answers slow down, halves on a 429', async () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, 'adaptive'), clock);
    const initial = defaultWindowOptions.initial;
    const placed = async () => (await settled(starts)).filter(Boolean).length;
    // Full: as many checks as the window allows, and more waiting.
    const starts = Array.from({ length: 1_000 }, () => bucket.startCheck());
    expect(await placed()).toBe(initial);
    // Answers at 30 ms, round after round: the window doubles (slow start), and waiting checks get their places.
    for (let i = 0; i < 3; i++) {
      round(bucket, clock, 30);
      // The waiting checks take the new places (in a run, between answers).
      await placed();
    }
    const grown = bucket.windowFigures().final;
    expect(grown).toBeGreaterThanOrEqual(initial * 4);
    expect(await placed()).toBe(Math.floor(grown));
    // The target queues the run's requests: answers at 100 ms narrow it by a fifth a round.
    round(bucket, clock, 100);
    const narrowed = bucket.windowFigures().final;
    expect(narrowed).toBeLessThan(grown);
    expect(bucket.windowFigures().slowed).toBeGreaterThanOrEqual(1);
    // A 429 halves it (once per round: the rate bucket's own rule).
    bucket.throttled(clock.now(), undefined);
    expect(bucket.windowFigures()).toMatchObject({ adaptive: true, initial, peak: grown, throttled: 1 });
    expect(bucket.windowFigures().final).toBeCloseTo(narrowed / 2, 0);
    // Checks that end give their places back; none is handed out beyond the narrower window.
    const held = await placed();
    for (let i = 0; i < held; i++) bucket.endCheck();
    const inUse = (await placed()) - held;
    expect(inUse).toBeLessThanOrEqual(bucket.windowFigures().final);
    expect(inUse).toBeGreaterThan(bucket.windowFigures().final - 1.1);
    expect(bucket.windowFigures().peakInUse).toBe(held);
  });

  it('check-window.first — one of the longest chains is placed at once in a window that adapts, never in a fixed one', async () => {
    const adaptive = new SharedRateBucket(createRateBucketBuffer(undefined, 'adaptive'), fakeClock());
    const filling = Array.from({ length: defaultWindowOptions.initial + 1 }, () => adaptive.startCheck());
    expect((await settled(filling)).filter(Boolean)).toHaveLength(defaultWindowOptions.initial);
    expect(await settled([adaptive.startCheck(true)])).toEqual([true]);
    const fixed = new SharedRateBucket(createRateBucketBuffer(undefined, { fixed: 1 }), fakeClock());
    await fixed.startCheck();
    expect(await settled([fixed.startCheck(true)])).toEqual([false]);
  });

  it('check-window.stopped — a check waiting when the run is stopped never takes a place', async () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, { fixed: 1 }), fakeClock());
    await bucket.startCheck();
    const stop = new AbortController();
    const waiting = bucket.startCheck(false, stop.signal);
    const behind = bucket.startCheck();
    stop.abort(new Error('the run was stopped'));
    await expect(waiting).rejects.toThrow('the run was stopped');
    // Its place goes to the one behind it, and none is left over for it.
    bucket.endCheck();
    expect(await settled([behind])).toEqual([true]);
    expect(bucket.windowFigures().peakInUse).toBe(1);
    await expect(bucket.startCheck(false, stop.signal)).rejects.toThrow('the run was stopped');
  });

  it('check-window.not-full-stays — a run with fewer checks than places does not widen the window', () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, 'adaptive'), clock);
    void bucket.startCheck();
    for (let i = 0; i < 5; i++) round(bucket, clock, 30);
    expect(bucket.windowFigures().final).toBe(defaultWindowOptions.initial);
  });
});
