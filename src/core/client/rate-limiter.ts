// --max-rps: requests leave no faster than the rate the user allows, each at the next free slot of
// a fixed interval. One limiter per process; the check command runs the checks in one worker when
// a rate is set, so that the limit holds for the whole run.

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class RateLimiter {
  private nextSlot = 0;
  private readonly interval: number;

  constructor(requestsPerSecond: number, private readonly clock: Clock = realClock) {
    this.interval = 1_000 / requestsPerSecond;
  }

  /** Resolves when this request may be sent. */
  async acquire(): Promise<void> {
    const now = this.clock.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.interval;
    if (slot > now) await this.clock.sleep(slot - now);
  }
}

const limiters = new Map<number, RateLimiter>();

/** The process's limiter for this rate. */
export function rateLimiterFor(requestsPerSecond: number): RateLimiter {
  let limiter = limiters.get(requestsPerSecond);
  if (!limiter) limiters.set(requestsPerSecond, (limiter = new RateLimiter(requestsPerSecond)));
  return limiter;
}
