// How many checks a run lets go at once against a target a network away, and how that number
// follows the target (issue 27). The spec says nothing of how much a server takes at once, so the
// run learns it as TCP learns a path (Vegas-style congestion avoidance), a round at a time, a
// round being about one answer's time:
// - while the answers come as fast as in the run's fastest round (within a tolerance) and the
//   window was full, it grows: doubling each round at first (slow start), then by an eighth. A
//   round's mean, not the fastest single answer: one cheap answer (a 404) is not the target's pace;
// - answers slower than that (the target queueing the run's requests) shrink it by a fifth;
// - a 429 halves it (shared-rate-bucket.ts halves the rate too, once per round).
// The window is of checks, not requests: a check that starts runs its own chain at full speed, and
// checks start in the lanes' order, the longest chains first (conformance/run/lanes.ts).
// This module is the arithmetic; the run's shared memory and its lock are the rate bucket's.

export interface WindowOptions {
  /** The window a run starts with. */
  initial: number;
  min: number;
  max: number;
  /** Answers slower on average than baseline × tolerance + slackMs are the target queueing. */
  latencyTolerance: number;
  /** Absolute slack: at a millisecond's distance, scheduling noise alone doubles an answer's time. */
  latencySlackMs: number;
  /** A round lasts one smoothed answer time, and at least this long. */
  minRoundMs: number;
  /** The share a slow round takes off the window. */
  slowdownFactor: number;
  /** The share a 429 leaves of the window. */
  throttleFactor: number;
}

export const defaultWindowOptions: WindowOptions = {
  // With twice as many requests on the wire at most (shared-rate-bucket.ts), what a server of one
  // thread and a listen backlog of 5 takes (Python's http.server): a run starts gentle and earns
  // more, a round at a time, while the answers keep their pace. (Started at 16, a run against it
  // overran its backlog at once: 70 requests unanswered, against none.)
  initial: 4,
  // Not below: a busy machine running the suite slows every answer too, and must not bring a run
  // to a crawl; a target that cannot take four checks at once says so with 429s (the rate bucket)
  // or with requests it leaves unanswered, each then sent again alone (shared-rate-bucket.ts).
  min: 4,
  max: 256,
  latencyTolerance: 2,
  latencySlackMs: 10,
  minRoundMs: 20,
  slowdownFactor: 0.8,
  throttleFactor: 0.5,
};

/** What a round saw. */
export interface Round {
  answers: number;
  /** Mean answer time of the round, ms. */
  meanMs: number;
  /** The run's fastest round so far, by its mean answer time, ms (this one included). */
  baselineMs: number;
  /** The run held as many checks as the window allowed at some time in the round. */
  full: boolean;
}

export type WindowChange = 'grew' | 'slowed' | 'kept';

/** The window after a round without a 429. */
export function afterRound(
  window: number,
  slowStart: boolean,
  round: Round,
  options: WindowOptions = defaultWindowOptions,
): { window: number; slowStart: boolean; change: WindowChange } {
  if (round.answers === 0) return { window, slowStart, change: 'kept' };
  if (round.meanMs > round.baselineMs * options.latencyTolerance + options.latencySlackMs)
    return { window: Math.max(options.min, window * options.slowdownFactor), slowStart: false, change: 'slowed' };
  // Not full: the run had fewer checks to give than it was allowed, and learnt nothing of the target's capacity.
  if (!round.full) return { window, slowStart, change: 'kept' };
  const grown = slowStart ? window * 2 : window + Math.max(1, window / 8);
  return { window: Math.min(options.max, grown), slowStart, change: 'grew' };
}

/** The window after a 429 (once per round: the rate bucket decides when one counts). */
export function afterThrottle(window: number, options: WindowOptions = defaultWindowOptions): number {
  return Math.max(options.min, window * options.throttleFactor);
}
