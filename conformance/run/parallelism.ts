// How many checks run at once, and on how many of vitest's worker threads. Checks mostly wait on
// the network, so many run at once in each thread (sequence.concurrent).
// - Against one target a network away, how many checks run at once follows the target: a window in
//   the run's shared rate bucket, learnt from how fast it answers and from its 429s
//   (lib/core/client/check-window.ts); vitest only lets up to the window's ceiling start. A run in
//   lanes (lanes.ts) needs no more threads than cores: a lane never waits on a file's slowest check.
// - Against the embedded server, which answers at once and runs on the same cores, the limit is the
//   cores, not the target: one thread each (more only take turns with the server, and each costs a
//   second of CPU to start), CHECKS_AT_ONCE checks in all.
// - The matrix runs many targets at once, from suite files: CHECKS_AT_ONCE on MAX_THREADS threads,
//   where threads are what lets a slow server's checks overlap.
// - --workers N: N at most, always.
import { availableParallelism } from 'node:os';
import { defaultWindowOptions } from '../../lib/core/client/check-window.ts';
import type { CheckWindowSetting } from '../../lib/core/client/shared-rate-bucket.ts';

/** Checks in flight at most, across all threads, where the window does not decide (the embedded server, the matrix). */
export const CHECKS_AT_ONCE = 60;
/** Worker threads at most: each loads the whole harness. */
export const MAX_THREADS = 6;

export interface SuiteParallelism {
  maxWorkers: number;
  /** Per thread: vitest counts maxConcurrency per worker. */
  maxConcurrency: number;
  concurrent: boolean;
  fileParallelism: boolean;
}

/**
 * The window of checks at once of a run against one target (its rate bucket's): --workers N fixes
 * it at N; unset, it follows the target, but for the embedded server (vitest's limit holds there).
 */
export function checkWindow(embedded: boolean, workers: number | undefined): CheckWindowSetting | undefined {
  if (workers !== undefined) return { fixed: workers };
  return embedded ? undefined : 'adaptive';
}

/**
 * `workers` is --workers (checks at once at most; 1: one after another). Unset: see the top of this
 * file; `adaptive` says the run's window follows its one target, `lanes` that it runs in lanes.
 */
export function suiteParallelism(
  targets: ReadonlyArray<{ embedded: boolean }>,
  workers: number | undefined,
  cores = availableParallelism(),
  run: { adaptive?: boolean; lanes?: boolean } = {},
): SuiteParallelism {
  const coreThreads = Math.max(1, Math.min(cores, MAX_THREADS));
  if (workers !== undefined) {
    const threads = Math.min(workers, MAX_THREADS);
    return {
      maxWorkers: threads,
      maxConcurrency: Math.max(1, Math.floor(workers / threads)),
      concurrent: workers > 1,
      fileParallelism: workers > 1,
    };
  }
  if (run.adaptive) {
    const threads = run.lanes ? coreThreads : MAX_THREADS;
    return {
      maxWorkers: threads,
      maxConcurrency: Math.ceil(defaultWindowOptions.max / threads),
      concurrent: true,
      fileParallelism: true,
    };
  }
  const embedded = targets.length > 0 && targets.every((target) => target.embedded);
  const threads = embedded ? coreThreads : MAX_THREADS;
  return {
    maxWorkers: threads,
    maxConcurrency: Math.ceil(CHECKS_AT_ONCE / threads),
    concurrent: true,
    fileParallelism: true,
  };
}
