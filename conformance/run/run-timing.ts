// Where a run's time went, from when each check's requests were sent and answered: the critical
// path (the longest chain of requests one check had to send one after another), how many requests
// were in flight at once over the run, and the checks that held the run longest. Against a target
// a network away, a run can take no less than the longer of two things: its critical path, and its
// request time spread over the most requests it may have in flight. The report gives both, and how
// far the run was from them (conformance.json `timing`; msgapi check --json carries it).
import type { SharedRateBucket } from '../../lib/core/client/shared-rate-bucket.ts';

/** A request's [sent, answered] times, in ms on one clock (the epoch, with fractions). */
export type Interval = readonly [number, number];

export interface Chain {
  requests: number;
  ms: number;
}

/**
 * The chain of a check's requests, each sent after the one before it was answered, that spent the
 * most time waiting on answers (weighted interval scheduling). Requests a check sent side by side
 * (a model's concurrent section) are not a chain: only one of them counts.
 */
export function longestChain(intervals: readonly Interval[]): Chain {
  const sorted = [...intervals].sort((a, b) => a[1] - b[1]);
  const ends = sorted.map((interval) => interval[1]);
  // best[i]: the longest chain among the first i intervals (by end), as ms and request count.
  const best: Chain[] = [{ requests: 0, ms: 0 }];
  for (let i = 0; i < sorted.length; i++) {
    const [start, end] = sorted[i]!;
    // The last interval that ended before this one started.
    let low = 0;
    let high = i;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ends[middle]! <= start) low = middle + 1;
      else high = middle;
    }
    const before = best[low]!;
    const taken = { requests: before.requests + 1, ms: before.ms + (end - start) };
    const skipped = best[i]!;
    best.push(taken.ms > skipped.ms ? taken : skipped);
  }
  const chain = best[sorted.length]!;
  return { requests: chain.requests, ms: Math.round(chain.ms) };
}

export interface CheckTimeline {
  id: string;
  intervals: readonly Interval[];
  duration_ms: number;
}

export interface RunTiming {
  /** From the first request of a check to the last answer of one. */
  checks_ms: number;
  /** The time every check's requests spent waiting on answers, added up. */
  request_ms: number;
  /** request_ms / checks_ms: how many requests were in flight, on average. */
  achieved_concurrency: number;
  /** Requests in flight, averaged over each second of the checks. */
  concurrency_per_second: number[];
  /** The most checks the run let run at once (--workers, or the default). */
  concurrency_limit: number;
  /** The most requests in flight at any moment (a check may send several at once). */
  peak_in_flight: number;
  /** The check whose chain of one-after-another requests took longest. */
  critical_path: { check: string; requests: number; ms: number };
  /** The least time the checks could have taken: the critical path, or request_ms spread over the limit (or the peak in flight, when larger). */
  bound_ms: number;
  /** checks_ms / bound_ms. */
  over_bound: number;
  /** The checks that took longest, with their chains. */
  dominant: Array<{ id: string; duration_ms: number; requests: number; chain_requests: number; chain_ms: number }>;
  /** The run's window of checks at once (lib/core/client/check-window.ts), when it had one. */
  checks_at_once?: {
    /** It followed the target (the default against a server a network away); else --workers fixed it. */
    adaptive: boolean;
    initial: number;
    peak: number;
    least: number;
    final: number;
    /** Rounds whose answers came slower than the target's own pace, each narrowing it by a fifth. */
    slowed_rounds: number;
    /** 429s that halved it. */
    throttled: number;
    /** The most checks that held a place at once. */
    peak_in_use: number;
  };
}

/** The timing with the run's window of checks at once, when it had one (not the embedded server's run, nor the matrix's). */
export function withWindow(timing: RunTiming | undefined, bucket: SharedRateBucket): RunTiming | undefined {
  const window = bucket.windowFigures();
  if (timing === undefined || !Number.isFinite(window.initial)) return timing;
  return {
    ...timing,
    checks_at_once: {
      adaptive: window.adaptive,
      initial: window.initial,
      peak: window.peak,
      least: window.least,
      final: window.final,
      slowed_rounds: window.slowed,
      throttled: window.throttled,
      peak_in_use: window.peakInUse,
    },
  };
}

/** The most requests in flight at any moment. */
function peakInFlight(intervals: readonly Interval[]): number {
  // Ends before starts at the same instant: a request answered as another is sent is not beside it.
  const events = intervals
    .flatMap(([start, end]) => [
      [start, 1],
      [end, -1],
    ])
    .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let now = 0;
  let peak = 0;
  for (const [, change] of events) peak = Math.max(peak, (now += change!));
  return peak;
}

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** The run's timing from every check's requests; undefined when no check sent one. */
export function runTiming(checks: readonly CheckTimeline[], concurrencyLimit: number): RunTiming | undefined {
  const all = checks.flatMap((check) => check.intervals);
  if (all.length === 0) return undefined;
  // A loop, not Math.min(...all): a run of a hundred thousand requests would overflow the stack.
  let first = Infinity;
  let last = -Infinity;
  for (const [start, end] of all) {
    if (start < first) first = start;
    if (end > last) last = end;
  }
  const checksMs = Math.max(last - first, 1);
  const requestMs = all.reduce((sum, [start, end]) => sum + (end - start), 0);
  const perSecond = new Array<number>(Math.ceil(checksMs / 1000)).fill(0);
  for (const [start, end] of all) {
    for (let second = Math.floor((start - first) / 1000); second * 1000 < end - first; second++) {
      const from = Math.max(start - first, second * 1000);
      const to = Math.min(end - first, (second + 1) * 1000);
      if (to > from && second < perSecond.length) perSecond[second]! += (to - from) / 1000;
    }
  }
  const chains = checks.map((check) => ({ check, chain: longestChain(check.intervals) }));
  const critical = chains.reduce((longest, entry) => (entry.chain.ms > longest.chain.ms ? entry : longest));
  // A check may send several requests at once (the model's strands): the requests in flight may
  // pass the checks allowed at once, and the bound spreads the request time over the larger.
  const inFlight = Math.max(concurrencyLimit, peakInFlight(all));
  const boundMs = Math.max(critical.chain.ms, requestMs / inFlight);
  return {
    checks_ms: Math.round(checksMs),
    request_ms: Math.round(requestMs),
    achieved_concurrency: round(requestMs / checksMs),
    concurrency_per_second: perSecond.map((value) => round(value, 1)),
    concurrency_limit: concurrencyLimit,
    peak_in_flight: peakInFlight(all),
    critical_path: { check: critical.check.id, requests: critical.chain.requests, ms: critical.chain.ms },
    bound_ms: Math.round(boundMs),
    over_bound: round(checksMs / Math.max(boundMs, 1)),
    dominant: [...chains]
      .sort((a, b) => b.check.duration_ms - a.check.duration_ms)
      .slice(0, 5)
      .map(({ check, chain }) => ({
        id: check.id,
        duration_ms: check.duration_ms,
        requests: check.intervals.length,
        chain_requests: chain.requests,
        chain_ms: chain.ms,
      })),
  };
}

/** How many checks the run let go at once: a number fixed or allowed, or how the window followed the target. */
export function describeChecksAtOnce(timing: RunTiming): string {
  const window = timing.checks_at_once;
  if (window === undefined || !window.adaptive) return `at most ${timing.concurrency_limit} checks at once`;
  const counted = (count: number, one: string, many: string) =>
    count > 0 ? [`${count} ${count === 1 ? one : many}`] : [];
  const causes = [
    ...counted(window.slowed_rounds, 'round of slower answers', 'rounds of slower answers'),
    ...counted(window.throttled, '429', '429s'),
  ];
  const slower = causes.length > 0 ? `, narrowed by ${causes.join(' and ')}` : '';
  return `checks at once followed the target: from ${window.initial} up to ${Math.floor(window.peak)}${slower}, ${Math.floor(window.final)} at the end`;
}
