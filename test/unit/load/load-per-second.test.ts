// The run second by second (load/per-second.ts) and the generator's own limits
// (load/generator-limit.ts): each second its own counts and percentiles; a busy event loop, a
// saturated generator core, or neither.
import { describe, expect, it } from 'vitest';
import { generatorLimit, lateLoopMs, watchEventLoop } from '../../../load/generator-limit.ts';
import { SecondSeries } from '../../../load/per-second.ts';

describe('the per-second series', () => {
  it('gives each second its answers, errors, non-2xx and latency percentiles, and the open model what fell due', () => {
    const series = new SecondSeries('offered');
    for (let n = 0; n < 3; n++) series.offered(0);
    for (let n = 0; n < 5; n++) series.offered(2);
    series.response(0, 200, 1000);
    series.response(0, 200, 3000);
    series.error(0);
    // Nothing answered in second 1; second 2 holds a 404 among its answers.
    series.response(2, 200, 2000);
    series.response(2, 404, 500);
    const figures = series.figures();
    expect(
      figures.map(({ second, requests, errors, non_2xx, offered }) => [second, requests, errors, non_2xx, offered]),
    ).toEqual([
      [0, 2, 1, 0, 3],
      [1, 0, 0, 0, 0],
      [2, 2, 0, 1, 5],
    ]);
    expect(figures[0]).toMatchObject({ p50_us: 1000, max_us: 3000 });
    expect(figures[1]).toMatchObject({ p50_us: null, p99_us: null, max_us: null });
    expect(figures[2]).toMatchObject({ p50_us: 500, max_us: 2000 });
    // A percentile never reads above the largest latency recorded in its second.
    for (const second of figures.filter((row) => row.max_us !== null))
      expect(second.p99_us!).toBeLessThanOrEqual(second.max_us!);
  });

  it('the closed model offers nothing: offered is null', () => {
    const series = new SecondSeries();
    series.response(0, 200, 10);
    expect(series.figures()[0]!.offered).toBeNull();
  });
});

describe("the generator's own limits", () => {
  it('an event loop blocked for 120 ms at a time reads late by more than the limit', async () => {
    const stop = watchEventLoop();
    for (let round = 0; round < 3; round++) {
      const until = performance.now() + 120;
      while (performance.now() < until);
      // Let the loop turn, so that its timer fires (late) and is counted.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const delay = stop();
    expect(delay.p99_ms).toBeGreaterThanOrEqual(lateLoopMs);
    expect(delay.max_ms).toBeGreaterThanOrEqual(delay.p99_ms);
    expect(generatorLimit({ generator: 0.3, server: 0.2 }, 'neither', delay)).toMatch(
      /^its event loop ran up to [\d.]+ ms late \(99th percentile; worst [\d.]+ ms\)$/,
    );
  });

  it('a saturated generator beside an idle server, or beside a server it cannot see; nothing otherwise', () => {
    const calm = { p99_ms: 3, max_ms: 9 };
    expect(generatorLimit({ generator: 0.97, server: 0.4 }, 'generator', calm)).toBe(
      'it used 0.97 of its core while the server used 0.4',
    );
    expect(generatorLimit({ generator: 0.9, server: null }, 'unknown', calm)).toBe(
      "it used 0.9 of its core (the server's share cannot be seen from here)",
    );
    expect(generatorLimit({ generator: 0.95, server: 0.95 }, 'server', calm)).toBeUndefined();
    expect(generatorLimit({ generator: 0.2, server: null }, 'neither', calm)).toBeUndefined();
    expect(generatorLimit({ generator: 0.2, server: null }, 'neither', null)).toBeUndefined();
    expect(generatorLimit({ generator: 0.97, server: 0.4 }, 'generator', { p99_ms: 80, max_ms: 120 })).toBe(
      'its event loop ran up to 80 ms late (99th percentile; worst 120 ms), and it used 0.97 of its core while the server used 0.4',
    );
  });
});
