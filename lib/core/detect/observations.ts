// What the probe reports that has no setting: the unit of a new group's created_at against this
// machine's clock, and whether any of its answers was a 429 or carried rate-limit headers.
import type { Observation } from './findings.ts';

export function timestampUnit(createdAt: unknown): Observation {
  if (typeof createdAt !== 'number')
    return { topic: 'timestamp unit', seen: `created_at was ${JSON.stringify(createdAt)}, not a number` };
  const now = Date.now();
  const day = 86_400_000;
  if (Math.abs(createdAt * 1_000 - now) < day)
    return {
      topic: 'timestamp unit',
      seen: `seconds (a new group's created_at ${createdAt}; the clock here ${Math.round(now / 1_000)})`,
    };
  if (Math.abs(createdAt - now) < day)
    return {
      topic: 'timestamp unit',
      seen: `milliseconds (a new group's created_at ${createdAt}; the clock here ${now})`,
    };
  return {
    topic: 'timestamp unit',
    seen: `not seconds or milliseconds of this clock (a new group's created_at ${createdAt})`,
  };
}

export function rateLimits(
  journal: readonly { responseHeaders?: Record<string, string>; status?: number }[],
): Observation {
  const headers = new Set<string>();
  let throttled = 0;
  for (const exchange of journal) {
    if (exchange.status === 429) throttled++;
    for (const name of Object.keys(exchange.responseHeaders ?? {}))
      if (/ratelimit|rate-limit|retry-after/i.test(name)) headers.add(name);
  }
  if (headers.size === 0 && throttled === 0)
    return { topic: 'rate limits', seen: `no 429 and no rate-limit header in the probe's ${journal.length} answers` };
  return {
    topic: 'rate limits',
    seen: `${throttled} of the probe's ${journal.length} answers 429; headers ${[...headers].sort().join(', ') || 'none'}`,
  };
}
