// The outcome of a run in one word. Each engine (conformance, load) decides it once from its
// results; the terminal line, the JSON and JUnit reports, the HTML banners and the exit code all
// read that one value, so that no output can call a run PASSED that another calls INTERRUPTED.

export type Outcome = 'PASSED' | 'FAILED' | 'INTERRUPTED' | 'ERROR';

export interface OutcomeFacts {
  /** The harness itself broke: the run says nothing about the server. */
  error: boolean;
  /** Stopped by SIGINT or SIGTERM before everything selected ran. */
  interrupted: boolean;
  /** Something that gates failed. */
  failed: boolean;
}

/**
 * In this order: a harness error first (what ran may be wrong), then an interruption (what did
 * not run proves nothing, so a stopped run never passes), then the gate.
 */
export function outcomeOf(facts: OutcomeFacts): Outcome {
  if (facts.error) return 'ERROR';
  if (facts.interrupted) return 'INTERRUPTED';
  return facts.failed ? 'FAILED' : 'PASSED';
}
