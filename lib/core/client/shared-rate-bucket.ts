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
// The same memory holds the run's window of checks at once (check-window.ts): fixed (--workers N),
// unlimited (the embedded server, the matrix: vitest's own limit holds), or following the target,
// which the answers' times, the same 429s and congestion teach it. Congestion is a request that got
// no answer (in time, or a connection refused or reset) while the target answers others: the window
// is cut at once, as TCP cuts its window on a loss, and the request is sent again alone: every other
// request of the run waits until it is answered (alone), so that a target the run overloaded is
// judged on a request it had to itself.
import { afterRound, afterThrottle, defaultWindowOptions, type WindowOptions } from './check-window.ts';
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
  /** Requests that got no answer (in time, or a connection refused or reset) while the target answered others. */
  congested: number;
  /** Of those, sent again alone, the ones that got no answer alone either. */
  unansweredAlone: number;
}

/** How many checks the run lets go at once: `fixed` at most (--workers N), or following the target. */
export type CheckWindowSetting = { fixed: number } | 'adaptive';

/** What the report says about the window of checks at once (conformance.json timing.checks_at_once). */
export interface WindowFigures {
  adaptive: boolean;
  /** At the start, the most it reached, the least it fell to after the start, and at the end. */
  initial: number;
  peak: number;
  least: number;
  final: number;
  /** Rounds whose answers came slower than the target's own pace, each of which narrowed it. */
  slowed: number;
  /** 429s that narrowed it. */
  throttled: number;
  /** The most checks that held a place in it at once. */
  peakInUse: number;
}

// Int32 cells (Atomics) first, then Float64 cells, read and written under the lock.
const LOCK = 0,
  EPOCH = 1,
  THROTTLED = 2,
  RETRY_AFTER_SEEN = 3,
  // The window of checks: how many hold a place, a count bumped whenever places open (waiters
  // wait on it), whether it adapts, whether it still doubles each round.
  IN_USE = 4,
  PLACES_OPENED = 5,
  ADAPTIVE = 6,
  SLOW_START = 7,
  PEAK_IN_USE = 8,
  SLOWED_ROUNDS = 9,
  THROTTLE_CUTS = 10,
  // Requests sent and not yet answered; 1 while one request is sent alone; requests that got no
  // answer while the target answered others; of those sent again alone, those unanswered again.
  IN_FLIGHT = 11,
  ALONE = 12,
  CONGESTED = 13,
  UNANSWERED_ALONE = 14,
  // 1 once the run stops starting checks (--bail): a check waiting for a place never starts.
  STOPPED = 15;
// Even, so that the Float64 cells after them start on an 8-byte boundary.
const INT_CELLS = 16;
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
  QUIET_FROM = 12,
  CHECK_WINDOW = 13,
  WINDOW_INITIAL = 14,
  WINDOW_PEAK = 15,
  WINDOW_LEAST = 16,
  BASELINE_MS = 17,
  ROUND_START = 18,
  ROUND_ANSWERS = 19,
  ROUND_SUM_MS = 20,
  ROUND_FULL = 21,
  SMOOTHED_MS = 22,
  LAST_CONGESTION_CUT = 23;
const FLOAT_CELLS = 24;
const BYTES = INT_CELLS * 4 + FLOAT_CELLS * 8;
const WINDOW_MS = 1_000;

/** How many requests on the wire each place in the window of checks stands for (requestsOnTheWire). */
const requestsPerCheck = 2;

/** Atomics.waitAsync: in Node 20 (V8), though TypeScript lists it only from ES2024's library. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
      timeoutMs: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/**
 * A new bucket's memory: unlimited, or at most `maxRps` requests per second; with `window`, the
 * checks at once are `fixed` at most or follow the target from its initial window; without, the
 * bucket sets no limit of checks (vitest's own holds).
 */
export function createRateBucketBuffer(
  maxRps?: number,
  window?: CheckWindowSetting,
  windowOptions: WindowOptions = defaultWindowOptions,
): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(BYTES);
  const ints = new Int32Array(buffer, 0, INT_CELLS);
  const floats = new Float64Array(buffer, INT_CELLS * 4, FLOAT_CELLS);
  const ceiling = maxRps && maxRps > 0 ? maxRps : Infinity;
  floats[RATE] = ceiling;
  floats[CEILING] = ceiling;
  floats[LAST_CUT] = -Infinity;
  floats[QUIET_FROM] = -Infinity;
  floats[PAUSED_UNTIL] = -Infinity;
  floats[WINDOW_START] = -Infinity;
  floats[LAST_CONGESTION_CUT] = -Infinity;
  const checks = window === undefined ? Infinity : window === 'adaptive' ? windowOptions.initial : window.fixed;
  ints[ADAPTIVE] = window === 'adaptive' ? 1 : 0;
  ints[SLOW_START] = window === 'adaptive' ? 1 : 0;
  floats[CHECK_WINDOW] = floats[WINDOW_INITIAL] = floats[WINDOW_PEAK] = floats[WINDOW_LEAST] = checks;
  floats[BASELINE_MS] = Infinity;
  floats[ROUND_START] = -Infinity;
  return buffer;
}

export function isRateBucketBuffer(value: unknown): value is SharedArrayBuffer {
  return value instanceof SharedArrayBuffer && value.byteLength === BYTES;
}

type Reservation = { at: number; epoch: number; final: boolean };

export class SharedRateBucket implements RateLimiter {
  private readonly ints: Int32Array;
  private readonly floats: Float64Array;

  /** This thread's checks waiting for a place in the window, first come first placed (a lane's order: longest first). */
  private readonly waiting: Array<(taken: boolean) => void> = [];
  private placing = false;

  constructor(
    readonly buffer: SharedArrayBuffer = createRateBucketBuffer(),
    private readonly clock: Clock = realClock,
    private readonly options: RateBucketOptions = defaultRateBucketOptions,
    private readonly windowOptions: WindowOptions = defaultWindowOptions,
  ) {
    if (!isRateBucketBuffer(buffer)) throw new TypeError('not the memory of a rate bucket (createRateBucketBuffer)');
    this.ints = new Int32Array(buffer, 0, INT_CELLS);
    this.floats = new Float64Array(buffer, INT_CELLS * 4, FLOAT_CELLS);
  }

  async acquire(): Promise<number> {
    await this.whileOneIsAlone();
    const at = await this.slot();
    await this.placeOnTheWire();
    return at;
  }

  /**
   * The most requests on the wire at once: twice the window of checks, so that a check's own
   * requests at once (the model's thirty strands, a Populate of twelve) do not multiply the window
   * into a flood; none while the window is unlimited. A server of one thread answering over
   * HTTP/1.0 takes a connection for every request, and its listen backlog (Python's: 5) is what a
   * flood overruns.
   */
  private requestsOnTheWire(): number {
    const window = this.floats[CHECK_WINDOW]!;
    return Number.isFinite(window)
      ? Math.max(requestsPerCheck * this.windowOptions.min, requestsPerCheck * window)
      : Infinity;
  }

  /** Counts one more request on the wire, once there is room for it (requestsOnTheWire). */
  private async placeOnTheWire(): Promise<void> {
    for (;;) {
      const inFlight = Atomics.load(this.ints, IN_FLIGHT);
      if (inFlight < this.requestsOnTheWire()) {
        if (Atomics.compareExchange(this.ints, IN_FLIGHT, inFlight, inFlight + 1) === inFlight) return;
        continue;
      }
      const wait = waitAsync(this.ints, IN_FLIGHT, inFlight, 100);
      if (wait.async) await wait.value;
    }
  }

  /** A request that acquire() let go has its answer, or has failed: it is no longer on the wire. */
  released(): void {
    Atomics.sub(this.ints, IN_FLIGHT, 1);
    Atomics.notify(this.ints, IN_FLIGHT);
  }

  /**
   * The request sent at `sentAt` got no answer while the target answers others: the window of
   * checks is cut as a 429 cuts it, once per round (a loss of a request sent before the last cut
   * says nothing of the window since).
   */
  congested(sentAt: number): void {
    this.locked(() => {
      Atomics.add(this.ints, CONGESTED, 1);
      const f = this.floats;
      if (this.ints[ADAPTIVE] !== 1 || sentAt < f[LAST_CONGESTION_CUT]!) return;
      this.setWindow(afterThrottle(f[CHECK_WINDOW]!, this.windowOptions));
      this.ints[SLOW_START] = 0;
      f[LAST_CONGESTION_CUT] = this.clock.now();
    });
  }

  /**
   * Sends a request alone: once no other request of the run is on the wire (waiting at most
   * `drainMs` for those that are), with every other held back in acquire() until it has ended.
   * Requests sent alone go one after another. `send` must not itself go through acquire().
   * Once the run stops (stopStarting: a signal, --bail), it is sent at once: the checks under way
   * then end as fast as they can, their cleanup included, instead of queueing one after another,
   * each up to twice the request timeout, on a target that a loaded machine answers slowly.
   */
  async alone<T>(send: () => Promise<T>, drainMs: number): Promise<T> {
    while (Atomics.compareExchange(this.ints, ALONE, 0, 1) !== 0) {
      if (this.stopped()) return send();
      const wait = waitAsync(this.ints, ALONE, 1, 100);
      if (wait.async) await wait.value;
    }
    try {
      const until = this.clock.now() + drainMs;
      for (
        let inFlight;
        (inFlight = Atomics.load(this.ints, IN_FLIGHT)) > 0 && this.clock.now() < until && !this.stopped();
      ) {
        const wait = waitAsync(this.ints, IN_FLIGHT, inFlight, Math.min(100, until - this.clock.now()));
        if (wait.async) await wait.value;
      }
      return await send();
    } finally {
      Atomics.store(this.ints, ALONE, 0);
      Atomics.notify(this.ints, ALONE);
    }
  }

  /** A request sent alone got no answer either: the target is not congested, it does not answer that request. */
  unansweredAlone(): void {
    Atomics.add(this.ints, UNANSWERED_ALONE, 1);
  }

  /**
   * Whether requests that got no answer are still worth sending again alone: not once three sent
   * alone got none either (a target that hangs on some requests, not one the run overloads; each
   * costs up to twice the request timeout, with the run held back).
   */
  sendsAgainAlone(): boolean {
    return Atomics.load(this.ints, UNANSWERED_ALONE) < 3;
  }

  private async whileOneIsAlone(): Promise<void> {
    while (Atomics.load(this.ints, ALONE) === 1 && !this.stopped()) {
      const wait = waitAsync(this.ints, ALONE, 1, 100);
      if (wait.async) await wait.value;
    }
  }

  private async slot(): Promise<number> {
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
        if (this.ints[ADAPTIVE] === 1) {
          this.setWindow(afterThrottle(f[CHECK_WINDOW]!, this.windowOptions));
          this.ints[SLOW_START] = 0;
          this.ints[THROTTLE_CUTS]! += 1;
        }
      }
      if (changed) {
        f[NEXT_SLOT] = Math.max(now, f[PAUSED_UNTIL]!);
        Atomics.add(this.ints, EPOCH, 1);
      }
    });
  }

  /** A request got an answer other than 429, after `latencyMs` (when the caller timed it). */
  answered(latencyMs?: number): void {
    const learningRate = !Number.isFinite(this.floats[RATE]!);
    const learningWindow = latencyMs !== undefined && this.ints[ADAPTIVE] === 1;
    if (!learningRate && !learningWindow) return;
    const grew = this.locked(() => {
      const now = this.clock.now();
      if (learningRate) this.count(now, WINDOW_PASSED);
      return learningWindow && this.measure(now, latencyMs);
    });
    if (grew) this.placesOpened();
  }

  /**
   * Resolves when the run's window has a place for one more check (true; endCheck gives it back),
   * or once the run stops starting checks (false: --bail, stopStarting). A check
   * holds its place for its whole life, so that once started it runs its chain at full speed.
   * `first`: one of the run's longest chains, placed at once in a window that follows the target
   * (a fixed one, --workers N, is kept to the letter). `signal`: the check's; once it aborts (the
   * run is stopped) the check never takes a place, and the promise rejects with its reason.
   */
  async startCheck(first = false, signal?: AbortSignal): Promise<boolean> {
    signal?.throwIfAborted();
    if (this.stopped()) return false;
    if ((first || this.waiting.length === 0) && this.locked(() => this.take(first))) return true;
    return new Promise<boolean>((resolve, reject) => {
      const placed = (taken: boolean) => {
        signal?.removeEventListener('abort', stopped);
        resolve(taken);
      };
      const stopped = () => {
        const at = this.waiting.indexOf(placed);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', stopped, { once: true });
      this.waiting.push(placed);
      void this.placeWaiting();
    });
  }

  /** No check starts from now on, in any worker (--bail, a signal): those waiting for a place are told so. */
  stopStarting(): void {
    Atomics.store(this.ints, STOPPED, 1);
    this.placesOpened();
  }

  stopped(): boolean {
    return Atomics.load(this.ints, STOPPED) === 1;
  }

  endCheck(): void {
    this.locked(() => {
      this.ints[IN_USE]! -= 1;
    });
    this.placesOpened();
  }

  /** The window of checks as the report gives it. */
  windowFigures(): WindowFigures {
    return this.locked(() => {
      const f = this.floats;
      const i = this.ints;
      const round = (value: number) => Math.round(value * 10) / 10;
      return {
        adaptive: i[ADAPTIVE] === 1,
        initial: round(f[WINDOW_INITIAL]!),
        peak: round(f[WINDOW_PEAK]!),
        least: round(f[WINDOW_LEAST]!),
        final: round(f[CHECK_WINDOW]!),
        slowed: i[SLOWED_ROUNDS]!,
        throttled: i[THROTTLE_CUTS]!,
        peakInUse: i[PEAK_IN_USE]!,
      };
    });
  }

  /** Under the lock: a place for one check, if the window has one (`first`, in a window that adapts: whether it has or not). */
  private take(first = false): boolean {
    const i = this.ints;
    const places = Math.max(1, Math.floor(this.floats[CHECK_WINDOW]!));
    if (i[IN_USE]! >= places && !(first && i[ADAPTIVE] === 1)) {
      // A check waits: the run had more to give than the window let through.
      this.floats[ROUND_FULL] = 1;
      return false;
    }
    i[IN_USE]! += 1;
    if (i[IN_USE]! > i[PEAK_IN_USE]!) i[PEAK_IN_USE] = i[IN_USE]!;
    if (i[IN_USE]! >= places) this.floats[ROUND_FULL] = 1;
    return true;
  }

  /**
   * Places this thread's waiting checks, in order, as places open in any thread (a check ends, the
   * window grows). The wait is bounded, so that a wake-up missed between the look and the wait
   * costs a moment, not the run.
   */
  private async placeWaiting(): Promise<void> {
    if (this.placing) return;
    this.placing = true;
    try {
      while (this.waiting.length > 0) {
        const opened = Atomics.load(this.ints, PLACES_OPENED);
        if (this.stopped()) {
          this.waiting.shift()!(false);
          continue;
        }
        if (this.locked(() => this.take())) {
          this.waiting.shift()!(true);
          continue;
        }
        const wait = waitAsync(this.ints, PLACES_OPENED, opened, 100);
        if (wait.async) await wait.value;
      }
    } finally {
      this.placing = false;
    }
  }

  private placesOpened(): void {
    Atomics.add(this.ints, PLACES_OPENED, 1);
    Atomics.notify(this.ints, PLACES_OPENED);
  }

  /** Under the lock: one answer's time into the round; at the round's end, the window it earned. Returns whether it grew. */
  private measure(now: number, latencyMs: number): boolean {
    const f = this.floats;
    if (!Number.isFinite(f[ROUND_START]!)) f[ROUND_START] = now;
    f[ROUND_ANSWERS]! += 1;
    f[ROUND_SUM_MS]! += latencyMs;
    const roundMs = Math.max(this.windowOptions.minRoundMs, f[SMOOTHED_MS]!);
    if (now - f[ROUND_START]! < roundMs) return false;
    const meanMs = f[ROUND_SUM_MS]! / f[ROUND_ANSWERS]!;
    f[BASELINE_MS] = Math.min(f[BASELINE_MS]!, meanMs);
    f[SMOOTHED_MS] = f[SMOOTHED_MS]! === 0 ? meanMs : 0.75 * f[SMOOTHED_MS]! + 0.25 * meanMs;
    const next = afterRound(
      f[CHECK_WINDOW]!,
      this.ints[SLOW_START] === 1,
      { answers: f[ROUND_ANSWERS]!, meanMs, baselineMs: f[BASELINE_MS]!, full: f[ROUND_FULL] === 1 },
      this.windowOptions,
    );
    this.setWindow(next.window);
    this.ints[SLOW_START] = next.slowStart ? 1 : 0;
    if (next.change === 'slowed') this.ints[SLOWED_ROUNDS]! += 1;
    f[ROUND_START] = now;
    f[ROUND_ANSWERS] = 0;
    f[ROUND_SUM_MS] = 0;
    f[ROUND_FULL] = this.ints[IN_USE]! >= Math.floor(f[CHECK_WINDOW]!) ? 1 : 0;
    return next.change === 'grew';
  }

  /** Under the lock. */
  private setWindow(window: number): void {
    const f = this.floats;
    f[CHECK_WINDOW] = window;
    f[WINDOW_PEAK] = Math.max(f[WINDOW_PEAK]!, window);
    f[WINDOW_LEAST] = Math.min(f[WINDOW_LEAST]!, window);
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
        congested: Atomics.load(this.ints, CONGESTED),
        unansweredAlone: Atomics.load(this.ints, UNANSWERED_ALONE),
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
