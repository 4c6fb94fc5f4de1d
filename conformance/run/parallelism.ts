// How many checks run at once, and on how many of vitest's worker threads. Checks mostly wait on
// the network, so many run at once in each thread (sequence.concurrent), and the threads are only
// for the client's own CPU work: when the target runs on this machine (the embedded server, or any
// loopback address), the server needs the same cores, and threads beyond them only take turns.
import { availableParallelism } from 'node:os';

/** Checks in flight at most, across all threads, when --workers is not given. */
export const CHECKS_AT_ONCE = 60;
/** Worker threads at most: each loads the whole harness, about a second of CPU. */
export const MAX_THREADS = 6;

export interface SuiteParallelism {
  maxWorkers: number;
  /** Per thread: vitest counts maxConcurrency per worker. */
  maxConcurrency: number;
  concurrent: boolean;
  fileParallelism: boolean;
}

/** Whether a URL's host is this machine: a server there shares its CPU with the checks. */
export function isLoopback(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * `workers` is --workers (checks at once at most; 1: one after another). Unset: CHECKS_AT_ONCE
 * checks, on MAX_THREADS threads, or on as many as there are cores when every target is local.
 */
export function suiteParallelism(baseUrls: readonly string[], workers: number | undefined, cores = availableParallelism()): SuiteParallelism {
  if (workers !== undefined) {
    const threads = Math.min(workers, MAX_THREADS);
    return { maxWorkers: threads, maxConcurrency: Math.max(1, Math.floor(workers / threads)), concurrent: workers > 1, fileParallelism: workers > 1 };
  }
  const local = baseUrls.length > 0 && baseUrls.every(isLoopback);
  const threads = local ? Math.max(1, Math.min(cores, MAX_THREADS)) : MAX_THREADS;
  return { maxWorkers: threads, maxConcurrency: Math.ceil(CHECKS_AT_ONCE / threads), concurrent: true, fileParallelism: true };
}
