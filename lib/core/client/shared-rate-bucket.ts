// The pace of a whole run, shared by every vitest worker: its state lives in a SharedArrayBuffer
// that the check command creates and hands to the workers with the target (vitest's provide sends
// it with postMessage, which shares the memory instead of copying it), guarded by a lock taken
// with Atomics. The spec leaves rate limits open (§8: "any rate limits: not shown"), so the bucket
// learns the target's:
// - it starts unlimited, or at MAX_RPS when one is set, and then hands out evenly spaced slots;
// - a 429 cuts the rate in half (multiplicative decrease), once per round: a 429 to a request
//   sent before the last cut says nothing about the new rate. The first cut, from unlimited,
//   halves the rate the target let through in the last second (or, when it let nothing through,
//   the rate the run sent at);
// - a Retry-After pauses every worker until it has passed;
// - after a quiet while with no 429 the rate creeps back up by a fixed step each second
//   (additive increase), never above MAX_RPS.
import { realClock, type Clock, type RateLimiter } from './rate-limiter.ts';

export interface RateBucketOptions {
  decreaseFactor: number;
  /** The rate is never cut below this (Retry-After pauses do the rest). */
  minRps: number;
  /** No increase until this long after the last cut, or after the pause its Retry-After asked for. */
  quietMs: number;
  /** Then one step each this long. */
  raiseEveryMs: number;
  /** The step, as a share of the rate just after the last cut, and at least minStepRps. */
  raiseFraction: number;
  minStepRps: number;
}

export const defaultRateBucketOptions: RateBucketOptions = {
  decreaseFactor: 0.5,
  minRps: 1,
  quietMs: 2_000,
  raiseEveryMs: 1_000,
  raiseFraction: 0.02,
  minStepRps: 0.1,
};

/** What the report says about the run's pace (conformance.json rate_limit). */
export interface RateFigures {
  /** 429 answers received. */
  throttled: number;
  /** The rate at the end, in requests per second; null when never throttled. */
  settledRps: number | null;
  retryAfterSeen: boolean;
}

// Int32 cells (Atomics) first, then Float64 cells, read and written under the lock.
const LOCK = 0,
  EPOCH = 1,
  THROTTLED = 2,
  RETRY_AFTER_SEEN = 3;
const INT_CELLS = 4;
const RATE = 0,
  CEILING = 1,
  NEXT_SLOT = 2,
  PAUSED_UNTIL = 3,
  LAST_CUT = 4,
  RATE_AFTER_CUT = 5,
  STEP = 6,
  WINDOW_START = 7,
  WINDOW_SENT = 8,
  PREVIOUS_SENT = 9,
  WINDOW_PASSED = 10,
  PREVIOUS_PASSED = 11,
  QUIET_FROM = 12;
const FLOAT_CELLS = 13;
const BYTES = INT_CELLS * 4 + FLOAT_CELLS * 8;
const WINDOW_MS = 1_000;

/** A new bucket's memory: unlimited, or at most `maxRps` requests per second. */
export function createRateBucketBuffer(maxRps?: number): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(BYTES);
  const floats = new Float64Array(buffer, INT_CELLS * 4, FLOAT_CELLS);
  const ceiling = maxRps && maxRps > 0 ? maxRps : Infinity;
  floats[RATE] = ceiling;
  floats[CEILING] = ceiling;
  floats[LAST_CUT] = -Infinity;
  floats[QUIET_FROM] = -Infinity;
  floats[PAUSED_UNTIL] = -Infinity;
  floats[WINDOW_START] = -Infinity;
  return buffer;
}

export function isRateBucketBuffer(value: unknown): value is SharedArrayBuffer {
  return value instanceof SharedArrayBuffer && value.byteLength === BYTES;
}

type Reservation = { at: number; epoch: number; final: boolean };

export class SharedRateBucket implements RateLimiter {
  private readonly ints: Int32Array;
  private readonly floats: Float64Array;

  constructor(
    readonly buffer: SharedArrayBuffer = createRateBucketBuffer(),
    private readonly clock: Clock = realClock,
    private readonly options: RateBucketOptions = defaultRateBucketOptions,
  ) {
    if (!isRateBucketBuffer(buffer)) throw new TypeError('not the memory of a rate bucket (createRateBucketBuffer)');
    this.ints = new Int32Array(buffer, 0, INT_CELLS);
    this.floats = new Float64Array(buffer, INT_CELLS * 4, FLOAT_CELLS);
  }

  async acquire(): Promise<number> {
    for (;;) {
      const reservation = this.locked(() => this.reserve(this.clock.now()));
      const now = this.clock.now();
      if (reservation.at <= now && reservation.final) return now;
      if (reservation.at > now) await this.clock.sleep(reservation.at - now);
      // A cut or a pause while this request slept makes its slot stale: it queues again.
      if (reservation.final && Atomics.load(this.ints, EPOCH) === reservation.epoch) return this.clock.now();
    }
  }

  throttled(sentAt: number, retryAfterMs: number | undefined): void {
    const f = this.floats;
    this.locked(() => {
      const now = this.clock.now();
      Atomics.add(this.ints, THROTTLED, 1);
      let changed = false;
      if (retryAfterMs !== undefined) {
        this.ints[RETRY_AFTER_SEEN] = 1;
        if (now + retryAfterMs > f[PAUSED_UNTIL]!) {
          f[PAUSED_UNTIL] = now + retryAfterMs;
          changed = true;
        }
      }
      if (sentAt >= f[LAST_CUT]!) {
        const current = Number.isFinite(f[RATE]!) ? this.rateAt(now) : this.unlimitedRate(now);
        const rate = Math.min(f[CEILING]!, Math.max(this.options.minRps, current * this.options.decreaseFactor));
        f[RATE] = f[RATE_AFTER_CUT] = rate;
        f[STEP] = Math.max(this.options.minStepRps, rate * this.options.raiseFraction);
        f[LAST_CUT] = now;
        f[QUIET_FROM] = Math.max(now, f[PAUSED_UNTIL]!);
        changed = true;
      }
      if (changed) {
        f[NEXT_SLOT] = Math.max(now, f[PAUSED_UNTIL]!);
        Atomics.add(this.ints, EPOCH, 1);
      }
    });
  }

  /** A request got an answer other than 429. */
  answered(): void {
    if (Number.isFinite(this.floats[RATE]!)) return;
    this.locked(() => this.count(this.clock.now(), WINDOW_PASSED));
  }

  /** The figures for the report: how often the target said 429, and the rate the run ended at. */
  figures(): RateFigures {
    return this.locked(() => {
      const throttled = this.ints[THROTTLED]!;
      const rate = this.rateAt(this.clock.now());
      return {
        throttled,
        settledRps: throttled > 0 && Number.isFinite(rate) ? Math.round(rate * 10) / 10 : null,
        retryAfterSeen: this.ints[RETRY_AFTER_SEEN] === 1,
      };
    });
  }

  /** The rate now, in requests per second (Infinity: unlimited). */
  currentRps(): number {
    return this.locked(() => this.rateAt(this.clock.now()));
  }

  /** Under the lock: a slot for one request, or, while paused, the end of the pause to wait for. */
  private reserve(now: number): Reservation {
    const f = this.floats;
    const epoch = Atomics.load(this.ints, EPOCH);
    if (now < f[PAUSED_UNTIL]!) return { at: f[PAUSED_UNTIL]!, epoch, final: false };
    const rate = this.rateAt(now);
    if (!Number.isFinite(rate)) {
      this.count(now, WINDOW_SENT);
      return { at: now, epoch, final: true };
    }
    const at = Math.max(now, f[NEXT_SLOT]!);
    f[NEXT_SLOT] = at + 1_000 / rate;
    return { at, epoch, final: true };
  }

  /** Under the lock: the rate after the additive increases due since the last cut (and its pause). */
  private rateAt(now: number): number {
    const f = this.floats;
    const quiet = now - f[QUIET_FROM]!;
    if (!Number.isFinite(quiet) || quiet < this.options.quietMs) return f[RATE]!;
    const steps = Math.floor((quiet - this.options.quietMs) / this.options.raiseEveryMs) + 1;
    f[RATE] = Math.min(f[CEILING]!, f[RATE_AFTER_CUT]! + steps * f[STEP]!);
    return f[RATE]!;
  }

  /**
   * Under the lock, while unlimited: the requests per second the target let through in the last
   * second, or when it let none through, those the run sent.
   */
  private unlimitedRate(now: number): number {
    this.rollWindow(now);
    const f = this.floats;
    const elapsed = Math.min(1, (now - f[WINDOW_START]!) / WINDOW_MS);
    const passed = f[PREVIOUS_PASSED]! * (1 - elapsed) + f[WINDOW_PASSED]!;
    return passed >= 1 ? passed : f[PREVIOUS_SENT]! * (1 - elapsed) + f[WINDOW_SENT]!;
  }

  /** Counts one in the current window: WINDOW_SENT or WINDOW_PASSED. */
  private count(now: number, cell: number): void {
    this.rollWindow(now);
    this.floats[cell]! += 1;
  }

  private rollWindow(now: number): void {
    const f = this.floats;
    const elapsed = now - f[WINDOW_START]!;
    if (elapsed < WINDOW_MS) return;
    const adjacent = elapsed < 2 * WINDOW_MS;
    for (const [cell, previous] of [
      [WINDOW_SENT, PREVIOUS_SENT],
      [WINDOW_PASSED, PREVIOUS_PASSED],
    ] as const) {
      f[previous] = adjacent ? f[cell]! : 0;
      f[cell] = 0;
    }
    f[WINDOW_START] = adjacent ? f[WINDOW_START]! + WINDOW_MS : now;
  }

  /**
   * Runs `section` holding the lock. Sections are a few arithmetic steps and never await, so a
   * waiter spins briefly; a holder that vanished mid-section (a worker terminated) is overruled
   * after a second rather than stopping the run.
   */
  private locked<T>(section: () => T): T {
    const started = Date.now();
    for (let spins = 0; Atomics.compareExchange(this.ints, LOCK, 0, 1) !== 0; spins++) {
      if (spins > 1_000) Atomics.wait(this.ints, LOCK, 1, 1);
      if (Date.now() - started > 1_000) {
        Atomics.store(this.ints, LOCK, 1);
        break;
      }
    }
    try {
      return section();
    } finally {
      Atomics.store(this.ints, LOCK, 0);
      Atomics.notify(this.ints, LOCK, 1);
    }
  }
}
