import { describe, expect, it } from 'vitest';
import { defaultWindowOptions } from '../../../lib/core/client/check-window.ts';
import { checkWindow, CHECKS_AT_ONCE, MAX_THREADS, suiteParallelism } from '../../../conformance/run/parallelism.ts';

const embedded = { embedded: true };
const named = { embedded: false };

describe('how many checks run at once (conformance/run/parallelism.ts)', () => {
  it('unset, runs as many checks at once whatever the target, on one thread a core against the embedded server', () => {
    expect(suiteParallelism([embedded], undefined, 2)).toEqual({
      maxWorkers: 2,
      maxConcurrency: CHECKS_AT_ONCE / 2,
      concurrent: true,
      fileParallelism: true,
    });
    expect(suiteParallelism([embedded], undefined, 64).maxWorkers).toBe(MAX_THREADS);
    // A server the user named may be slow, on this machine or not: its checks overlap on every thread.
    expect(suiteParallelism([named], undefined, 2)).toMatchObject({
      maxWorkers: MAX_THREADS,
      maxConcurrency: CHECKS_AT_ONCE / MAX_THREADS,
    });
    expect(suiteParallelism([embedded, named], undefined, 2).maxWorkers).toBe(MAX_THREADS);
  });

  it('with --workers N, runs N at most, and 1 runs them one after another', () => {
    expect(suiteParallelism([embedded], 1, 2)).toEqual({
      maxWorkers: 1,
      maxConcurrency: 1,
      concurrent: false,
      fileParallelism: false,
    });
    expect(suiteParallelism([named], 24, 2)).toEqual({
      maxWorkers: MAX_THREADS,
      maxConcurrency: 4,
      concurrent: true,
      fileParallelism: true,
    });
  });

  it('against one target a network away, its window follows the target: vitest lets up to its ceiling start, in lanes on a thread a core', () => {
    expect(checkWindow(false, undefined)).toBe('adaptive');
    // The embedded server shares the run's cores: vitest's limit holds there.
    expect(checkWindow(true, undefined)).toBeUndefined();
    expect(checkWindow(false, 8)).toEqual({ fixed: 8 });
    expect(suiteParallelism([named], undefined, 2, { adaptive: true, lanes: true })).toEqual({
      maxWorkers: 2,
      maxConcurrency: defaultWindowOptions.max / 2,
      concurrent: true,
      fileParallelism: true,
    });
    // --shard runs suite files: threads let a file's slow checks overlap another's.
    expect(suiteParallelism([named], undefined, 2, { adaptive: true }).maxWorkers).toBe(MAX_THREADS);
    expect(suiteParallelism([named], 4, 2, { adaptive: true, lanes: true }).maxWorkers).toBe(4);
  });
});
