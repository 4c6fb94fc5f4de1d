// A 429 is the target asking the suite to slow down, not a failure, and so is a 503 with a
// Retry-After, as gateways and load balancers throttle (RFC 9110 §15.6.4: the server "MAY send a
// Retry-After header field to suggest an appropriate amount of time for the client to wait before
// retrying the request"): the request is sent again, a few times at most, after the time Retry-After names (seconds or an HTTP date) or, when the
// answer names none, after an exponential backoff with jitter. The whole run slows down as well
// (shared-rate-bucket.ts).

import { everyReading } from '../profile/server-profile.ts';

export const maxRateLimitRetries = 5;

/**
 * Whether an answer asks the client to slow down and send again: a 429 (profile: rate-limits), or
 * a 503 that says when to come back (a Retry-After the client can read). A 503 without one is a
 * server error as any other 5xx.
 */
export function asksToSlowDown(status: number | undefined, headers: Readonly<Record<string, string>> = {}): boolean {
  if (status === undefined) return false;
  return (
    everyReading.isTooManyRequests(status) || (status === 503 && parseRetryAfter(headers['retry-after']) !== undefined)
  );
}
/** No single wait is longer, whatever Retry-After says. */
export const longestWaitMs = 30_000;
const firstBackoffMs = 500;

/**
 * How long Retry-After asks to wait, in ms, bounded to 0..30 s; undefined when the header is
 * absent or is neither a number of seconds nor an HTTP date.
 */
export function parseRetryAfter(header: string | undefined, now = Date.now()): number | undefined {
  const text = header?.trim();
  if (text === undefined || text === '') return undefined;
  // delay-seconds, or an HTTP-date, which starts with the day's name (RFC 9110 §10.2.3).
  const wait = /^\d+(\.\d+)?$/.test(text) ? Number(text) * 1_000 : /^[a-z]/i.test(text) ? Date.parse(text) - now : NaN;
  if (!Number.isFinite(wait)) return undefined;
  return Math.min(Math.max(wait, 0), longestWaitMs);
}

/**
 * The wait before retry number `retry` (0 for the first) when the answer named none: 0.5 s, 1 s,
 * 2 s … (at most 30 s), each drawn between half and all of it, so that requests refused together
 * do not come back together. `random` is injectable for tests; timing need not replay by seed.
 */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(longestWaitMs, firstBackoffMs * 2 ** retry);
  return ceiling / 2 + (ceiling / 2) * random();
}

/** How long to wait before sending again: what Retry-After says, or the backoff of this retry. */
export function retryDelayMs(header: string | undefined, retry: number, now = Date.now()): number {
  return parseRetryAfter(header, now) ?? backoffMs(retry);
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
