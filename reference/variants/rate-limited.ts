// A rate limit per access token: a token bucket of 20 requests a second with a burst of 40. A
// request beyond it gets 429 with Retry-After in whole seconds and is not handled (rateLimited), or,
// as a gateway or load balancer throttles, 503 with Retry-After and a page of its own
// (throttledWith503). Requests that fail authentication are not counted (they have no token to
// count against).
import type { Handle, ServerModifier } from '../modifiers.ts';
import type { Reply } from '../respond.ts';
import type { UserStore } from '../store.ts';

export const rateLimit = { perSecond: 20, burst: 40 } as const;

interface Bucket {
  tokens: number;
  refilledAt: number;
}

/** A token bucket per user, for one server (the seam is wrapped once per server). */
export function tokenBuckets(limit: { perSecond: number; burst: number }, now: () => number = () => performance.now()) {
  const buckets = new WeakMap<object, Bucket>();
  return {
    /** Takes a token; when there is none, returns how many ms until there is one. */
    take(key: object): { allowed: true } | { allowed: false; waitMs: number } {
      const at = now();
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = { tokens: limit.burst, refilledAt: at }));
      bucket.tokens = Math.min(limit.burst, bucket.tokens + ((at - bucket.refilledAt) / 1_000) * limit.perSecond);
      bucket.refilledAt = at;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, waitMs: ((1 - bucket.tokens) / limit.perSecond) * 1_000 };
    },
  };
}

/** The answer to a request beyond the limit, told how many seconds until the next is let through. */
type Refusal = (seconds: number) => Reply;

const limitedWith = (refusal: Refusal): ServerModifier => ({
  handle(next: Handle): Handle {
    const buckets = tokenBuckets(rateLimit);
    return async (context, route) => {
      // One store per token (build.ts): the store is the access token's identity here.
      const taken = buckets.take(context.store satisfies UserStore);
      if (taken.allowed) return next(context, route);
      return refusal(Math.max(1, Math.ceil(taken.waitMs / 1_000)));
    };
  },
});

export const rateLimited: ServerModifier = limitedWith((seconds) => ({
  status: 429,
  body: {
    error: {
      type: 'rate_limit_error',
      message: `Too many requests: at most ${rateLimit.perSecond} a second (bursts of ${rateLimit.burst}) per access token.`,
    },
  },
  headers: { 'Retry-After': String(seconds) },
}));

export const throttledWith503: ServerModifier = limitedWith((seconds) => ({
  status: 503,
  body: undefined,
  text: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>\n',
  headers: { 'Retry-After': String(seconds), 'Content-Type': 'text/html' },
}));
