// The run's view of whether its target still answers (lib/core/client/target-health.ts) and its
// watch (lib/core/target/target-watch.ts): a streak of requests that got no connection, across
// every worker, makes the target a suspect; only a request of the run's own that gets no answer
// either makes it gone; and the sweep's wait for it to answer again ends at its first answer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTargetHealthBuffer,
  suspectAfter,
  TargetHealth,
  type TargetGone,
} from '../../../lib/core/client/target-health.ts';
import { answersAgain, goneSentence, watchTarget } from '../../../lib/core/target/target-watch.ts';
import type { Target } from '../../../lib/core/target/target.ts';
import { directTransport } from '../../../lib/core/client/transport.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A server that drops the first `drops` connections without an answer, then answers every request 200 with an empty list. */
async function comingBack(drops: number): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests += 1;
    if (requests <= drops) return req.socket.destroy();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"has_more":false}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

const targetAt = (url: string) =>
  ({
    url,
    embedded: false,
    users: { accessToken: 'watch-token', secondAccessToken: undefined },
    choices: { bodyEncoding: 'form', pagination: 'starting_after' },
    transport: directTransport,
  }) as unknown as Target;

describe('TargetHealth', () => {
  it('is a suspect only after enough failed connections in a row; an answer between them, or a body too large, ends the streak', () => {
    const health = new TargetHealth(createTargetHealthBuffer());
    for (let i = 1; i < suspectAfter; i++) health.failed('connection-refused');
    expect(health.suspect()).toBe(false);
    health.answered();
    health.failed('connection-reset');
    expect(health.suspect()).toBe(false);
    for (let i = 0; i < suspectAfter; i++) health.failed('body-too-large');
    expect(health.suspect()).toBe(false);
    for (let i = 1; i < suspectAfter; i++) health.failed('timeout');
    expect(health.suspect()).toBe(true);
    expect(health.isGone()).toBe(false);
  });

  it('measures a stretch of answers that only ask to slow down; any other answer ends it', () => {
    const health = new TargetHealth(createTargetHealthBuffer());
    expect(health.throttledFor()).toBe(0);
    health.answered(1_000, 429);
    health.answered(2_000, 429);
    expect(health.throttledFor()).toBe(1_000);
    // A request with no answer says nothing of it: the stretch neither grows nor ends.
    health.failed('timeout', 4_500);
    expect(health.throttledFor()).toBe(1_000);
    health.answered(5_000, 429);
    expect(health.throttledFor()).toBe(4_000);
    health.answered(6_000);
    expect(health.throttledFor()).toBe(0);
    health.answered(8_000, 503);
    expect(health.markRefusing(9_000)).toBe(true);
    expect(health.isGone()).toBe(true);
    expect(health.gone()?.throttled).toEqual({ from: 8_000, status: 503 });
    // The first way to stop is the one kept: a look that then found no answer does not overwrite it.
    expect(health.markGone(9_500)).toBe(false);
    expect(health.gone()).toMatchObject({ goneAt: 9_000, throttled: { from: 8_000, status: 503 } });
  });

  it('is shared through its memory: what one view records, another over the same buffer reads', () => {
    const buffer = createTargetHealthBuffer();
    const worker = new TargetHealth(buffer);
    worker.answered(1_000);
    for (let i = 0; i < suspectAfter; i++) worker.failed('connection-refused', 2_000 + i);
    const run = new TargetHealth(buffer);
    expect(run.suspect()).toBe(true);
    run.markGone(3_000);
    expect(worker.isGone()).toBe(true);
    expect(worker.gone()).toEqual({
      goneAt: 3_000,
      lastAnswerAt: 1_000,
      streakFrom: 2_000,
      failure: 'connection-refused',
    });
  });
});

describe('watchTarget', () => {
  it('clears a suspicion when the run’s own request is answered: a few dropped connections are the checks’ business', async () => {
    const server = await comingBack(0);
    const health = new TargetHealth(createTargetHealthBuffer());
    for (let i = 0; i < suspectAfter; i++) health.failed('connection-reset');
    let gone = false;
    const watch = watchTarget(targetAt(server.url), health, {
      timeoutMs: 5_000,
      throttleLimitMs: 120_000,
      onGone: () => (gone = true),
    });
    try {
      await expect.poll(() => server.requests(), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => health.suspect(), { timeout: 30_000 }).toBe(false);
    } finally {
      watch.stop();
    }
    expect(gone).toBe(false);
    expect(health.isGone()).toBe(false);
  });

  it('calls the target gone when its own request gets no answer either', async () => {
    const server = await comingBack(1_000);
    const health = new TargetHealth(createTargetHealthBuffer());
    for (let i = 0; i < suspectAfter; i++) health.failed('connection-refused');
    const told = new Promise<string>((resolve) => {
      const watch = watchTarget(targetAt(server.url), health, {
        timeoutMs: 5_000,
        throttleLimitMs: 120_000,
        onGone: (gone) => {
          watch.stop();
          resolve(gone.failure);
        },
      });
    });
    // The sentence tells the checks' failure; the run's own look was the one request the server saw.
    expect(await told).toBe('connection-refused');
    expect(server.requests()).toBe(1);
    expect(health.isGone()).toBe(true);
  });

  it('stops the run once every answer has asked to slow down for longer than the limit, without a request of its own', async () => {
    const health = new TargetHealth(createTargetHealthBuffer());
    health.answered(Date.now() - 1_000, 429);
    health.answered(Date.now(), 429);
    const told = new Promise<TargetGone>((resolve) => {
      const watch = watchTarget(targetAt('http://127.0.0.1:9'), health, {
        timeoutMs: 5_000,
        throttleLimitMs: 500,
        onGone: (gone) => {
          watch.stop();
          resolve(gone);
        },
      });
    });
    const gone = await told;
    expect(gone.throttled?.status).toBe(429);
    expect(health.isGone()).toBe(true);
  });
});

describe('answersAgain', () => {
  it('looks again until the target answers, and says so', async () => {
    const server = await comingBack(2);
    const again = await answersAgain(targetAt(server.url), 5_000, 60_000);
    expect(again.back).toBe(true);
    expect(server.requests()).toBe(3);
  });
});

describe('goneSentence', () => {
  it('says when the target last answered, and how far into the run', () => {
    const startedAt = new Date('2026-11-28T10:00:00.000Z');
    const sentence = goneSentence(
      'http://staging.example',
      {
        goneAt: Date.parse('2026-11-28T10:00:05.300Z'),
        lastAnswerAt: Date.parse('2026-11-28T10:00:04.100Z'),
        streakFrom: Date.parse('2026-11-28T10:00:04.200Z'),
        failure: 'connection-refused',
      },
      startedAt,
      40,
      152,
    );
    expect(sentence).toBe(
      "The target at http://staging.example stopped answering during the run: from 10:00:04.200 UTC the checks' requests got no connection (connection refused), nor did one of the run's own on a fresh connection at 10:00:05.300 UTC; it last answered at 10:00:04.100 UTC, 4.1 s into the run. The run stopped with 40 of 152 checks reported; what failed from then on is not judged.",
    );
  });

  it('says how long a target asked to slow down, what it answered, and which setting bounds the wait', () => {
    const sentence = goneSentence(
      'http://staging.example',
      {
        goneAt: Date.parse('2026-11-28T10:02:01.000Z'),
        lastAnswerAt: Date.parse('2026-11-28T10:02:00.900Z'),
        streakFrom: 0,
        failure: 'other',
        throttled: { from: Date.parse('2026-11-28T10:00:00.500Z'), status: 503 },
      },
      new Date('2026-11-28T10:00:00.000Z'),
      12,
      152,
    );
    expect(sentence).toBe(
      'The target at http://staging.example answered every request with 503 and Retry-After from 10:00:00.500 UTC for 120.5 s, longer than the run waits on a target that asks it to slow down (THROTTLE_LIMIT_SECONDS, --throttle-limit). The run stopped with 12 of 152 checks reported; what failed from then on is not judged. A target that limits its rate takes --max-rps N.',
    );
  });
});
