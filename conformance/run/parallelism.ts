// How many checks run at once, and on how many of vitest's worker threads. Checks mostly wait on
// the network, so many run at once in each thread (sequence.concurrent). A run against one target
// gives each thread one lane of checks (lanes.ts), so a thread's checks follow each other without
// waiting on a file's slowest; the matrix and --shard run suite files, where threads are what lets
// a slow server's checks overlap. Against the embedded server, which answers at once and runs on
// the same cores, threads beyond the cores only take turns with it, and each costs a second of CPU
// to start.
import { availableParallelism } from 'node:os';

/** Checks in flight at most, across all threads, when --workers is not given. */
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
 * `workers` is --workers (checks at once at most; 1: one after another). Unset: CHECKS_AT_ONCE
 * checks on MAX_THREADS threads, or on one thread per core when every target is the embedded server.
 */
export function suiteParallelism(
  targets: ReadonlyArray<{ embedded: boolean }>,
  workers: number | undefined,
  cores = availableParallelism(),
): SuiteParallelism {
  if (workers !== undefined) {
    const threads = Math.min(workers, MAX_THREADS);
    return {
      maxWorkers: threads,
      maxConcurrency: Math.max(1, Math.floor(workers / threads)),
      concurrent: workers > 1,
      fileParallelism: workers > 1,
    };
  }
  const embedded = targets.length > 0 && targets.every((target) => target.embedded);
  const threads = embedded ? Math.max(1, Math.min(cores, MAX_THREADS)) : MAX_THREADS;
  return {
    maxWorkers: threads,
    maxConcurrency: Math.ceil(CHECKS_AT_ONCE / threads),
    concurrent: true,
    fileParallelism: true,
  };
}
