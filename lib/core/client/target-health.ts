// Whether the target still answers, as every worker of a run sees it: a SharedArrayBuffer handed to
// the workers with the target (as the rate bucket is), where each request of every check counts.
// An HTTP answer, whatever its status, ends a streak; a request that got no connection (refused,
// reset, a name not found, no answer in time) lengthens it. A long streak makes the target a
// suspect, which the run confirms with a request of its own on a fresh connection
// (lib/core/target/target-watch.ts) before it calls the target gone: a server that resets the
// connection of a few odd requests on purpose is a failure of those checks, not a target gone.
// Once gone, the clients send nothing more: every check still running ends at once.
// A target that answers, but only to say "slow down" (429, or 503 with Retry-After), for longer than
// the run waits (--throttle-limit) is refused for good: the run stops the same way (target-watch.ts).
import type { TransportFailure } from './transport-error.ts';

/** The failures that say nothing answered at all; a body too large had an answer. */
const noConnection: ReadonlySet<TransportFailure> = new Set([
  'connection-refused',
  'connection-reset',
  'dns',
  'timeout',
  'other',
]);

const failureCodes: readonly TransportFailure[] = [
  'connection-refused',
  'connection-reset',
  'dns',
  'timeout',
  'other',
  'body-too-large',
];

// Int32 cells (Atomics) first, then Float64 cells.
const STREAK = 0,
  STATE = 1,
  LAST_FAILURE = 2,
  THROTTLE_STATUS = 3;
const INT_CELLS = 4;
const LAST_ANSWER_AT = 0,
  STREAK_FROM = 1,
  GONE_AT = 2,
  THROTTLED_FROM = 3,
  THROTTLED_LAST = 4;
const FLOAT_CELLS = 5;
const BYTES = INT_CELLS * 4 + FLOAT_CELLS * 8;
/** STATE is 0 while the target answers (a new buffer's zeroes), then one of these. */
const GONE = 1,
  REFUSING = 2;

/** Failed connections in a row, across every worker, that make the target a suspect. */
export const suspectAfter = 5;

export const createTargetHealthBuffer = (): SharedArrayBuffer => new SharedArrayBuffer(BYTES);

export const isTargetHealthBuffer = (value: unknown): value is SharedArrayBuffer =>
  value instanceof SharedArrayBuffer && value.byteLength === BYTES;

export interface TargetGone {
  /** When the run called it gone (epoch ms). */
  goneAt: number;
  /** When it last gave an HTTP answer (epoch ms); undefined: never during the run. */
  lastAnswerAt: number | undefined;
  /** When the streak of failed connections began (epoch ms). */
  streakFrom: number;
  /** The last failure of the streak: connection-refused, timeout ... */
  failure: TransportFailure;
  /** It answered, but every answer since `from` (epoch ms) asked to slow down, the last with `status`. */
  throttled?: { from: number; status: number };
}

export class TargetHealth {
  readonly #ints: Int32Array;
  readonly #floats: Float64Array;

  constructor(readonly buffer: SharedArrayBuffer) {
    this.#ints = new Int32Array(buffer, 0, INT_CELLS);
    this.#floats = new Float64Array(buffer, INT_CELLS * 4, FLOAT_CELLS);
  }

  /**
   * An HTTP answer came: the streak is over. `throttleStatus`: it only asked to slow down (429, or
   * 503 with Retry-After), which begins or lengthens a stretch of such answers; any other ends it.
   */
  answered(now = Date.now(), throttleStatus?: number): void {
    Atomics.store(this.#ints, STREAK, 0);
    this.#floats[LAST_ANSWER_AT] = now;
    if (throttleStatus === undefined) {
      this.#floats[THROTTLED_FROM] = 0;
      return;
    }
    Atomics.store(this.#ints, THROTTLE_STATUS, throttleStatus);
    if (this.#floats[THROTTLED_FROM] === 0) this.#floats[THROTTLED_FROM] = now;
    this.#floats[THROTTLED_LAST] = now;
  }

  /**
   * How long every answer has asked to slow down, in ms: from the first such answer to the last
   * (requests with no answer between them say nothing of it); 0 when the last answer did not.
   */
  throttledFor(): number {
    const from = this.#floats[THROTTLED_FROM]!;
    return from === 0 ? 0 : this.#floats[THROTTLED_LAST]! - from;
  }

  /** A request got no answer; only a failure to connect or to be answered at all counts. */
  failed(failure: TransportFailure, now = Date.now()): void {
    if (!noConnection.has(failure)) return;
    if (Atomics.add(this.#ints, STREAK, 1) === 0) this.#floats[STREAK_FROM] = now;
    Atomics.store(this.#ints, LAST_FAILURE, failureCodes.indexOf(failure));
  }

  /**
   * A request got no connection even sent alone: the target may be gone, and the run's watch is to
   * look now, not after four more such requests (a run of one check has no four more).
   */
  suspectNow(failure: TransportFailure, now = Date.now()): void {
    if (!noConnection.has(failure)) return;
    if (Atomics.load(this.#ints, STREAK) === 0) this.#floats[STREAK_FROM] = now;
    Atomics.store(this.#ints, LAST_FAILURE, failureCodes.indexOf(failure));
    Atomics.store(this.#ints, STREAK, Math.max(Atomics.load(this.#ints, STREAK), suspectAfter));
  }

  /** Enough failed connections in a row, with no answer between them, to look again. */
  suspect(): boolean {
    return Atomics.load(this.#ints, STREAK) >= suspectAfter;
  }

  /** The run's own look found it answering: the streak was the checks' own business. */
  clearSuspicion(now = Date.now()): void {
    // Only the streak: whether that look was asked to slow down too is not known here.
    Atomics.store(this.#ints, STREAK, 0);
    this.#floats[LAST_ANSWER_AT] = now;
  }

  /** The run's own look found no answer either: nothing more is sent. False when the run had stopped on the target already. */
  markGone(now = Date.now()): boolean {
    return this.stop(GONE, now);
  }

  /** It asked to slow down for longer than the run waits: nothing more is sent, as when it is gone. */
  markRefusing(now = Date.now()): boolean {
    return this.stop(REFUSING, now);
  }

  /** The first of the two ways to stop on the target is the one kept. */
  private stop(state: number, now: number): boolean {
    if (Atomics.compareExchange(this.#ints, STATE, 0, state) !== 0) return false;
    this.#floats[GONE_AT] = now;
    return true;
  }

  isGone(): boolean {
    return Atomics.load(this.#ints, STATE) !== 0;
  }

  /** The facts of a target gone, or undefined while it answers. */
  gone(): TargetGone | undefined {
    if (!this.isGone()) return undefined;
    const lastAnswerAt = this.#floats[LAST_ANSWER_AT]!;
    return {
      goneAt: this.#floats[GONE_AT]!,
      lastAnswerAt: lastAnswerAt === 0 ? undefined : lastAnswerAt,
      streakFrom: this.#floats[STREAK_FROM]!,
      failure: failureCodes[Atomics.load(this.#ints, LAST_FAILURE)] ?? 'other',
      ...(Atomics.load(this.#ints, STATE) === REFUSING
        ? { throttled: { from: this.#floats[THROTTLED_FROM]!, status: Atomics.load(this.#ints, THROTTLE_STATUS) } }
        : {}),
    };
  }
}

const healths = new WeakMap<SharedArrayBuffer, TargetHealth>();

/** The run's shared health as a check's client gets it; undefined when the run keeps none (the matrix). */
export function runTargetHealth(holder: { targetHealth?: SharedArrayBuffer | undefined }): TargetHealth | undefined {
  const shared = holder.targetHealth;
  if (!isTargetHealthBuffer(shared)) return undefined;
  let health = healths.get(shared);
  if (!health) healths.set(shared, (health = new TargetHealth(shared)));
  return health;
}
