// What the client asks of whatever paces its requests: a slot to send in, and word of every 429.
// The implementation is the run's shared adaptive bucket (shared-rate-bucket.ts): one for every
// worker of a run, so that a 429 slows the whole run down, and --max-rps holds for the whole run.

export interface RateLimiter {
  /** Resolves when a request may be sent; returns the time it leaves (Clock.now). */
  acquire(): Promise<number>;
  /**
   * The request sent at `sentAt` was answered 429; `retryAfterMs` is what its Retry-After asked
   * for (undefined when it gave none).
   */
  throttled(sentAt: number, retryAfterMs: number | undefined): void;
  /**
   * A request got an answer other than 429 (what the target lets through sets the first cut),
   * after `latencyMs`: how fast the target answers teaches the run how many checks it takes at once.
   */
  answered(latencyMs?: number): void;
  /** The request acquire() let go has an answer, or has failed: it is off the wire. */
  released(): void;
  /** The request sent at `sentAt` got no answer while the target answers others (shared-rate-bucket.ts). */
  congested(sentAt: number): void;
  /** Sends a request with no other of the run on the wire (shared-rate-bucket.ts). */
  alone<T>(send: () => Promise<T>, drainMs: number): Promise<T>;
  /** A request sent alone got no answer either. */
  unansweredAlone(): void;
  /** Whether a request that got no answer is still sent again alone. */
  sendsAgainAlone(): boolean;
  /** The run stops starting checks (a signal, --bail): alone() then sends at once, not alone. */
  stopped(): boolean;
}

export interface Clock {
  /** Milliseconds on a clock that every thread of the process reads alike. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * performance.now() counts from each thread's own start; timeOrigin puts the workers' readings on
 * one scale (Date.now() would do too, but in whole milliseconds).
 */
export const realClock: Clock = {
  now: () => performance.timeOrigin + performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
