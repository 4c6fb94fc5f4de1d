// Rate limits and slow servers (spec §8: "any rate limits: not shown"): the verdict must not depend
// on them. The run's shared bucket (decrease on 429, pauses for Retry-After, recovery), read with an
// injected clock and no sleeps, and the two variants of the reference server. Whole runs of
// `msgapi check` against each, which must pass with default settings, run in CI:
// test/ci/rate-limited-runs.test.ts.
import { describe, expect, it } from 'vitest';
import { serverChoices } from '../../../lib/core/detect/server-choices.ts';
import type { Clock } from '../../../lib/core/client/rate-limiter.ts';
import { backoffMs, parseRetryAfter, retryDelayMs } from '../../../lib/core/client/retry-after.ts';
import {
  createRateBucketBuffer,
  defaultRateBucketOptions,
  SharedRateBucket,
} from '../../../lib/core/client/shared-rate-bucket.ts';
import { startReferenceServer } from '../../../reference/listen.ts';
import { rateLimit, rateLimited, tokenBuckets } from '../../../reference/variants/rate-limited.ts';
import { variants, variantServerOptions } from '../../../reference/variants/registry.ts';
import { slowAnswers } from '../../../reference/variants/slow.ts';
import type { ServerModifier } from '../../../reference/modifiers.ts';

/** The registered variant that makes this change (found by its modifier, whatever its name). */
function variantWith(modifier: ServerModifier) {
  const variant = [...variants.values()].find((candidate) => candidate.modifiers?.includes(modifier));
  if (!variant) throw new Error('no registered variant has this modifier');
  return variant;
}

/** A clock that only moves when told to, or when a request sleeps. */
function fakeClock(start = 1_000_000): Clock & { advance(ms: number): void; slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

describe('the shared rate bucket', () => {
  it('rate-limits.unlimited — starts unlimited: no request waits, nothing to report', async () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(), clock);
    for (let i = 0; i < 100; i++) await bucket.acquire();
    expect(clock.slept).toEqual([]);
    expect(bucket.currentRps()).toBe(Infinity);
    expect(bucket.figures()).toEqual({
      throttled: 0,
      settledRps: null,
      retryAfterSeen: false,
      congested: 0,
      unansweredAlone: 0,
    });
  });

  it('rate-limits.first-cut — the first 429 halves the rate the target let through in the last second', async () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(), clock);
    let sentAt = 0;
    for (let i = 0; i < 40; i++) {
      sentAt = await bucket.acquire();
      bucket.answered();
    }
    for (let i = 0; i < 60; i++) await bucket.acquire();
    clock.advance(500);
    bucket.throttled(sentAt, undefined);
    expect(bucket.currentRps()).toBe(20);
    expect(bucket.figures()).toEqual({
      throttled: 1,
      settledRps: 20,
      retryAfterSeen: false,
      congested: 0,
      unansweredAlone: 0,
    });
  });

  it('rate-limits.decrease-once-per-round — 429s to requests sent before the last cut count, but do not cut again', async () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(40), clock);
    const before = await bucket.acquire();
    clock.advance(10);
    bucket.throttled(before, undefined);
    expect(bucket.currentRps()).toBe(20);
    bucket.throttled(before, undefined);
    bucket.throttled(before, undefined);
    expect(bucket.currentRps()).toBe(20);
    clock.advance(10);
    const after = await bucket.acquire();
    clock.advance(10);
    bucket.throttled(after, undefined);
    expect(bucket.currentRps()).toBe(10);
    expect(bucket.figures().throttled).toBe(4);
  });

  it('rate-limits.pacing — once limited, requests leave at evenly spaced slots', async () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(4), clock);
    const sent: number[] = [];
    for (let i = 0; i < 4; i++) sent.push(await bucket.acquire());
    expect(sent.map((at) => at - sent[0]!)).toEqual([0, 250, 500, 750]);
  });

  it('rate-limits.retry-after-pause — a Retry-After holds back every request until it has passed', async () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(100), clock);
    const sentAt = await bucket.acquire();
    bucket.throttled(sentAt, 2_000);
    const next = await bucket.acquire();
    expect(next - sentAt).toBeGreaterThanOrEqual(2_000);
    expect(bucket.figures()).toEqual({
      throttled: 1,
      settledRps: 50,
      retryAfterSeen: true,
      congested: 0,
      unansweredAlone: 0,
    });
  });

  it('rate-limits.recovery — after a quiet while the rate creeps back up by a fixed step a second, never above MAX_RPS', async () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(100), clock);
    bucket.throttled(await bucket.acquire(), undefined);
    expect(bucket.currentRps()).toBe(50);
    const step = 50 * defaultRateBucketOptions.raiseFraction;
    clock.advance(defaultRateBucketOptions.quietMs - 1);
    expect(bucket.currentRps()).toBe(50);
    clock.advance(1);
    expect(bucket.currentRps()).toBeCloseTo(50 + step);
    clock.advance(9 * defaultRateBucketOptions.raiseEveryMs);
    expect(bucket.currentRps()).toBeCloseTo(50 + 10 * step);
    clock.advance(3_600_000);
    expect(bucket.currentRps()).toBe(100);
    expect(bucket.figures().settledRps).toBe(100);
  });

  it('rate-limits.floor — repeated 429s never stop the run: the rate stays at least 1 request a second', async () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(8), clock);
    for (let i = 0; i < 10; i++) {
      const sentAt = await bucket.acquire();
      clock.advance(1);
      bucket.throttled(sentAt, undefined);
    }
    expect(bucket.currentRps()).toBe(defaultRateBucketOptions.minRps);
  });

  it('rate-limits.shared — two views of one buffer (as two workers hold it) are one bucket', async () => {
    const clock = fakeClock();
    const buffer = createRateBucketBuffer();
    const first = new SharedRateBucket(buffer, clock);
    const second = new SharedRateBucket(buffer, clock);
    first.throttled(await first.acquire(), 1_000);
    expect(second.figures()).toEqual(first.figures());
    expect(second.figures().throttled).toBe(1);
    const sentAt = await second.acquire();
    expect(clock.slept.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(1_000);
    expect(sentAt).toBeGreaterThan(0);
  });

  it('rate-limits.foreign-memory — a buffer that is not a bucket is refused', () => {
    expect(() => new SharedRateBucket(new SharedArrayBuffer(8))).toThrow(/not the memory of a rate bucket/);
  });
});

describe('Retry-After and backoff', () => {
  it('rate-limits.retry-after — seconds or an HTTP date, within 0..30 s; anything else is no answer', () => {
    const now = Date.parse('Mon, 23 Nov 2026 10:00:00 GMT');
    expect(parseRetryAfter('1', now)).toBe(1_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:03 GMT', now)).toBe(3_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('120', now)).toBe(30_000);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('later', now)).toBeUndefined();
  });

  it('rate-limits.backoff — without Retry-After: 0.5 s, 1 s, 2 s … at most 30 s, each between half and all of it', () => {
    expect([0, 1, 2, 3].map((retry) => backoffMs(retry, () => 1))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([0, 1, 2, 3].map((retry) => backoffMs(retry, () => 0))).toEqual([250, 500, 1_000, 2_000]);
    expect(backoffMs(20, () => 1)).toBe(30_000);
    expect(retryDelayMs('2', 4)).toBe(2_000);
    expect(retryDelayMs(undefined, 1)).toBeGreaterThanOrEqual(500);
  });
});

describe('the rate-limited and slow variants of the reference server', () => {
  it('rate-limited.token-bucket — 40 at once, then 20 a second, per user', () => {
    let now = 0;
    const buckets = tokenBuckets(rateLimit, () => now);
    const a = {};
    const b = {};
    const taken = Array.from({ length: 41 }, () => buckets.take(a).allowed);
    expect(taken.filter(Boolean)).toHaveLength(40);
    expect(buckets.take(a)).toEqual({ allowed: false, waitMs: 50 });
    expect(buckets.take(b).allowed).toBe(true);
    now += 1_000;
    expect(Array.from({ length: 21 }, () => buckets.take(a).allowed).filter(Boolean)).toHaveLength(20);
  });

  it('rate-limited.answer — beyond the burst: 429 with Retry-After in whole seconds', async () => {
    const server = await startReferenceServer({
      users: [{ token: 'tok-a', name: 'a' }],
      ...variantServerOptions(variantWith(rateLimited)),
    });
    try {
      const get = () => fetch(`${server.url}/v1/groups`, { headers: { authorization: 'Bearer tok-a' } });
      const round = async () => {
        const answers = await Promise.all(Array.from({ length: 45 }, get));
        await Promise.all(answers.map((answer) => answer.arrayBuffer()));
        return answers;
      };
      // The burst is answered: 40 at once.
      const first = await round();
      expect(first.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(40);
      // Then a refusal. The bucket refills 20 a second, so on a busy machine 45 at once may all fit:
      // rounds of 45 until one is refused (ten rounds outrun the refill unless they take 20 s).
      let refused = first.find((answer) => answer.status === 429);
      for (let rounds = 1; refused === undefined && rounds < 10; rounds++)
        refused = (await round()).find((answer) => answer.status === 429);
      expect(refused?.status).toBe(429);
      expect(refused!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    } finally {
      await server.close();
    }
  });

  it('slow.errors-too — a refused token still gets the clean 401, only later', async () => {
    const server = await startReferenceServer({
      users: [{ token: 'tok-a', name: 'a' }],
      ...variantServerOptions(variantWith(slowAnswers)),
    });
    try {
      const refused = await fetch(`${server.url}/v1/groups`, { headers: { authorization: 'Bearer wrong' } });
      expect([
        refused.status,
        refused.headers.get('www-authenticate'),
        ((await refused.json()) as { error: { type: string } }).error.type,
      ]).toEqual([401, 'Bearer', 'authentication_error']);
      const answered = await fetch(`${server.url}/v1/groups`, { headers: { authorization: 'Bearer tok-a' } });
      expect(answered.status).toBe(200);
      await answered.arrayBuffer();
    } finally {
      await server.close();
    }
  });
});

describe('what the report says of rate limits (issue 26, part 7)', () => {
  // The probe's few requests fit in a burst that the checks after it exceed: its "no 429" must not
  // stand in the report beside "the target answered 429 12 times".
  const facts = (seen: string) => ({
    choices: { bodyEncoding: 'json', pagination: { kind: 'starting_after' }, groupContacts: undefined, declared: {} },
    declared: { bodyEncoding: false, pagination: false, groupContacts: false },
    embedded: false,
    detection: {
      findings: [],
      observations: [{ topic: 'rate limits', seen }],
      leftovers: [],
      marker: 'm',
      requests: 40,
    },
  });
  const rateRow = (rows: ReturnType<typeof serverChoices>) => rows.find((row) => row.point === 'rate limits')!;
  const probeSawNone = "no 429 and no rate-limit header in the probe's 40 answers";

  it('says the 429s the checks met, with the probe seeing none kept as evidence', () => {
    const row = rateRow(
      serverChoices({ ...facts(probeSawNone), rateLimit: { throttled: 12, retryAfterSeen: true } } as never),
    );
    expect(row.reading).toBe('429 12 times during the checks, with Retry-After');
    expect(row.reading).not.toContain('no 429');
    expect(row.evidence).toBe(
      `429 12 times during the checks, with Retry-After; the probe before them saw ${probeSawNone}`,
    );
  });

  it("says the probe's finding, as the probe's, when the checks met no 429 either", () => {
    const row = rateRow(
      serverChoices({ ...facts(probeSawNone), rateLimit: { throttled: 0, retryAfterSeen: false } } as never),
    );
    expect(row.reading).toBe(probeSawNone);
  });
});

/** Lets the event loop go round `count` times: what can happen now, has. */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('congestion: a request unanswered while the target answers others', () => {
  it('rate-limits.congestion-cut — cuts the window at once, once for the requests sent before the cut', async () => {
    const clock = fakeClock();
    const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, 'adaptive'), clock);
    const before = bucket.windowFigures().final;
    const sentAt = await bucket.acquire();
    bucket.released();
    clock.advance(10);
    bucket.congested(sentAt);
    bucket.congested(sentAt);
    expect(bucket.windowFigures().final).toBe(Math.max(4, before / 2));
    expect(bucket.figures()).toMatchObject({ congested: 2, unansweredAlone: 0 });
  });

  it('rate-limits.alone — a request sent alone waits for those on the wire, and holds back the next ones until it has ended', async () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer());
    const order: string[] = [];
    await bucket.acquire();
    order.push('first out');
    let answerAlone!: () => void;
    const alone = bucket.alone(async () => {
      order.push('alone out');
      await new Promise<void>((resolve) => (answerAlone = resolve));
      order.push('alone answered');
    }, 60_000);
    // The first request is still on the wire: the one sent alone waits for it.
    await turns(10);
    expect(order).toEqual(['first out']);
    bucket.released();
    order.push('first answered');
    while (answerAlone === undefined) await turns(1);
    // A request asked for now waits until the one sent alone has ended.
    const next = bucket.acquire().then(() => order.push('next out'));
    await turns(10);
    answerAlone();
    await Promise.all([alone, next]);
    expect(order).toEqual(['first out', 'first answered', 'alone out', 'alone answered', 'next out']);
  });

  it('rate-limits.on-the-wire — holds requests on the wire to twice the window of checks (none while it is unlimited)', async () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, 'adaptive'));
    const window = bucket.windowFigures().final;
    for (let i = 0; i < 2 * window; i++) await bucket.acquire();
    let ninth = false;
    const next = bucket.acquire().then(() => (ninth = true));
    await turns(10);
    expect(ninth).toBe(false);
    bucket.released();
    await next;
    expect(ninth).toBe(true);
    const unlimited = new SharedRateBucket(createRateBucketBuffer());
    for (let i = 0; i < 1_000; i++) await unlimited.acquire();
  });

  it('rate-limits.stop-starting — once the run stops starting checks (--bail), one waiting for a place and any later are told so', async () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, { fixed: 1 }));
    expect(await bucket.startCheck()).toBe(true);
    const waiting = bucket.startCheck();
    await turns(5);
    bucket.stopStarting();
    expect(await waiting).toBe(false);
    bucket.endCheck();
    expect(await bucket.startCheck()).toBe(false);
  });

  it('rate-limits.alone-stopped — once the run stops, a request waiting its turn to go alone goes at once, and none is held back', async () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer());
    await bucket.acquire(); // on the wire, and never answered
    let answerFirst!: () => void;
    const first = bucket.alone(() => new Promise<string>((resolve) => (answerFirst = () => resolve('first'))), 0);
    while (answerFirst === undefined) await turns(1);
    // The premise: while one is alone, the next waits its turn, and so does any other request.
    let secondOut = false;
    const second = bucket.alone(async () => ((secondOut = true), 'second'), 60_000);
    let otherOut = false;
    const other = bucket.acquire().then(() => (otherOut = true));
    await turns(10);
    expect({ secondOut, otherOut }).toEqual({ secondOut: false, otherOut: false });
    bucket.stopStarting();
    expect(await second).toBe('second');
    await other;
    answerFirst();
    expect(await first).toBe('first');
  });

  it('rate-limits.alone-bounded — waits no longer than it is told for requests still on the wire', async () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer());
    await bucket.acquire();
    // The first request never ends (a connection the server keeps silent): 30 ms, then alone anyway.
    expect(await bucket.alone(async () => 'sent', 30)).toBe('sent');
  });

  it('rate-limits.alone-gives-up — after three requests unanswered alone too, no more are sent again alone', () => {
    const bucket = new SharedRateBucket(createRateBucketBuffer());
    for (let i = 0; i < 3; i++) {
      expect(bucket.sendsAgainAlone()).toBe(true);
      bucket.unansweredAlone();
    }
    expect(bucket.sendsAgainAlone()).toBe(false);
    expect(bucket.figures().unansweredAlone).toBe(3);
  });
});
