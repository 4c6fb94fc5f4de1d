// A 429 is the target asking the suite to slow down, not a failure: the request is sent again
// after the time Retry-After names (seconds or an HTTP date), a few times at most.

export const maxRateLimitRetries = 5;
const defaultWaitMs = 1_000;
const longestWaitMs = 30_000;

/** How long to wait before sending again, from a Retry-After header. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number {
  if (header === undefined || header.trim() === '') return defaultWaitMs;
  const seconds = Number(header);
  const wait = Number.isFinite(seconds) ? seconds * 1_000 : Date.parse(header) - now;
  if (!Number.isFinite(wait)) return defaultWaitMs;
  return Math.min(Math.max(wait, 0), longestWaitMs);
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
