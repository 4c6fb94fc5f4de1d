import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { ApiClient, type ApiClientOptions } from '../../../lib/core/client/api-client.ts';
import { renderCurl } from '../../../lib/core/client/curl.ts';
import { Ledger, LedgerRefusal } from '../../../lib/core/client/ledger.ts';
import { Redactor } from '../../../lib/core/client/redactor.ts';
import { tokenClient } from '../../helpers/token-client.ts';
import { parseRetryAfter } from '../../../lib/core/client/retry-after.ts';
import { createRateBucketBuffer, SharedRateBucket } from '../../../lib/core/client/shared-rate-bucket.ts';
import { TransportError } from '../../../lib/core/client/transport-error.ts';
import { listFilterViolation, responseViolation } from '../../../lib/core/client/response-invariants.ts';
import type { BodyEncoding } from '../../../lib/core/config/settings.ts';
import { startCaptureServer } from '../../helpers/capture-server.ts';
import { listenLocally, withBody } from '../../helpers/test-server.ts';

const token = 'tok_SECRET_abc123';
let server: Awaited<ReturnType<typeof startCaptureServer>>;

beforeAll(async () => {
  server = await startCaptureServer((request) =>
    request.url.includes('hang')
      ? { status: 200, body: '', hang: true }
      : request.url.includes('echo-auth')
        ? { status: 401, body: JSON.stringify({ echo: request.headers.authorization }) }
        : // As a server that creates on OPTIONS would: other-methods.ts must see it, the ledger must not take it.
          request.method === 'OPTIONS'
          ? { status: 201, body: '{"id":"grp_by_options","conversation_id":"conv_by_options"}' }
          : { status: 200, body: `{"echo":"${token}"}` },
  );
});
afterAll(() => server.close());

function client(encoding: BodyEncoding = 'form', timeoutMs = 5_000, baseUrl = server.url): ApiClient {
  return tokenClient(baseUrl, token, { encoding, timeoutMs });
}

describe('the API client', () => {
  it('sends form bodies with arrays of objects in bracket notation', async () => {
    await client('form').createGroup({ name: 'Friends & co', contacts: [{ username: 'alice' }, { username: 'bob' }] });
    const sent = server.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/groups');
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.body).toBe('name=Friends%20%26%20co&contacts[0][username]=alice&contacts[1][username]=bob');
    expect(new URLSearchParams(sent.body).get('contacts[1][username]')).toBe('bob');
  });

  it('sends an empty list as an empty form value, the only way a form can say "none"', async () => {
    await client('form').updateGroup('grp_1', { contacts: [] });
    expect(server.requests.at(-1)!.body).toBe('contacts=');
  });

  it('sends booleans and timestamps as text in form bodies', async () => {
    await client('form').updateConversation('conv_1', { is_pinned: true, archived_at: 1_700_000_000 });
    expect(server.requests.at(-1)!.body).toBe('is_pinned=true&archived_at=1700000000');
  });

  it('sends JSON bodies with their types', async () => {
    await client('json').updateGroup('grp 1', { contacts: [{ username: 'alice' }], archived_at: 5 });
    const sent = server.requests.at(-1)!;
    expect(sent.url).toBe('/v1/groups/grp%201');
    expect(sent.method).toBe('PUT');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual({ contacts: [{ username: 'alice' }], archived_at: 5 });
  });

  it('sends the Bearer token (§5) and list parameters in the query', async () => {
    await client().listConversations({ limit: 5, muted: true, group_id: 'g 1' }, { starting_after: 'conv_9' });
    const sent = server.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent.url).toBe('/v1/conversations?limit=5&muted=true&group_id=g+1&starting_after=conv_9');
  });

  it('keeps a path prefix of the base URL', async () => {
    await client('form', 5_000, `${server.url}/api`).retrieveConversation('c1');
    expect(server.requests.at(-1)!.url).toBe('/api/v1/conversations/c1');
  });

  it('sends no Authorization header when asked to act without credentials', async () => {
    await client().as({ kind: 'none' }).listGroups();
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('records every exchange with the token replaced by $ACCESS_TOKEN, even where the server echoes it', async () => {
    const api = client('json');
    const response = await api.createConversation({ contact_id: 'c1' });
    expect(response.body).toEqual({ echo: token });
    expect(api.journal).toHaveLength(1);
    const exchange = api.journal[0]!;
    expect(exchange).toMatchObject({
      operation: 'createConversation',
      method: 'POST',
      status: 200,
      requestBody: '{"contact_id":"c1"}',
    });
    expect(exchange.requestHeaders.authorization).toBe('Bearer $ACCESS_TOKEN');
    expect(exchange.responseBody).toBe('{"echo":"$ACCESS_TOKEN"}');
    expect(JSON.stringify(exchange)).not.toContain(token);
  });

  it('renders an exchange as a curl command that expands $ACCESS_TOKEN and shows no token', async () => {
    const api = client('json');
    await api.createGroup({ name: "it's $HOME" });
    const curl = renderCurl(api.journal[0]!);
    expect(curl).toBe(
      `curl -sS -i -X POST '${server.url}/v1/groups' -H 'Accept: application/json' ` +
        `-H "Authorization: Bearer $ACCESS_TOKEN" -H 'Content-Type: application/json' ` +
        `--data-raw '{"name":"it'\\''s $HOME"}'`,
    );
    expect(curl).not.toContain(token);
  });

  it('sends credentials derived from the token as they are, records them as expansions of $ACCESS_TOKEN, and renders two headers as two -H', async () => {
    const changed = `${token.slice(0, -1)}x`;
    const api = client().as({
      kind: 'derived',
      values: [`Bearer ${changed}`, 'Bearer other'],
      shown: ['Bearer ${ACCESS_TOKEN%?}x', 'Bearer other'],
      hidden: [[changed, '${ACCESS_TOKEN%?}x']],
    });
    await api.retrieveGroup('echo-auth');
    // Node keeps the first of two Authorization headers.
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${changed}`);
    const exchange = api.journal.at(-1)!;
    expect(exchange.responseBody).toBe(JSON.stringify({ echo: 'Bearer ${ACCESS_TOKEN%?}x' }));
    expect(renderCurl(exchange)).toBe(
      `curl -sS -i -X GET '${server.url}/v1/groups/echo-auth' -H 'Accept: application/json' ` +
        `-H "Authorization: Bearer \${ACCESS_TOKEN%?}x" -H 'Authorization: Bearer other'`,
    );
    expect(JSON.stringify(exchange) + renderCurl(exchange)).not.toContain(changed);
  });

  it('gives up after the request timeout with a TransportError that names it', async () => {
    // The server never answers: the test ending at all shows the client gave up (no clock bound).
    const error = await client('form', 200)
      .retrieveGroup('hang')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).failure).toBe('timeout');
    expect((error as TransportError).exchange.transportError).toBe('no complete response within 200 ms');
  });

  it('reports a refused connection as such', async () => {
    const error = await client('form', 2_000, 'http://127.0.0.1:1')
      .listGroups()
      .catch((e: unknown) => e);
    expect((error as TransportError).failure).toBe('connection-refused');
  });
});

describe('rate limits', () => {
  it('honours a 429: waits as Retry-After says, sends again, and records every attempt', async () => {
    let refusals = 2;
    const limited = await startCaptureServer(() =>
      refusals-- > 0
        ? { status: 429, body: '{"error":"slow down"}', headers: { 'retry-after': '0' } }
        : { status: 200, body: '{"ok":true}' },
    );
    try {
      const api = client('form', 5_000, limited.url);
      const response = await api.listGroups();
      expect(response.status).toBe(200);
      expect(limited.requests).toHaveLength(3);
      expect(api.journal.map((exchange) => exchange.status)).toEqual([429, 429, 200]);
    } finally {
      await limited.close();
    }
  });

  it('takes a 503 with Retry-After as throttling, as gateways send it (RFC 9110 §15.6.4); a 503 without one is an answer', async () => {
    let refusals = 1;
    const gateway = await startCaptureServer((request) =>
      request.url.includes('plain')
        ? { status: 503, body: 'down' }
        : refusals-- > 0
          ? { status: 503, body: 'busy', headers: { 'retry-after': '0' } }
          : { status: 200, body: '{"ok":true}' },
    );
    try {
      const api = client('form', 5_000, gateway.url);
      expect((await api.listGroups()).status).toBe(200);
      expect(api.journal.map((exchange) => exchange.status)).toEqual([503, 200]);
      expect((await api.retrieveGroup('plain')).status).toBe(503);
      expect(gateway.requests).toHaveLength(3);
    } finally {
      await gateway.close();
    }
  });

  it('reads Retry-After as seconds or as a date, within bounds', () => {
    expect(parseRetryAfter('2')).toBe(2_000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:05 GMT', Date.parse('Sat, 21 Nov 2026 10:00:00 GMT'))).toBe(5_000);
    expect(parseRetryAfter('3600')).toBe(30_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('gives up after five retries that all got 429: a transport failure that says so, every attempt in the journal', async () => {
    const limited = await startCaptureServer(() => ({
      status: 429,
      body: '{"error":"slow down"}',
      headers: { 'retry-after': '0' },
    }));
    try {
      const api = client('form', 5_000, limited.url);
      const error = await api.listGroups().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).message).toMatch(
        /still answered 429 after 5 retries over [\d.]+ s \(Retry-After: 0\)/,
      );
      expect(limited.requests).toHaveLength(6);
      expect(api.journal.map((exchange) => exchange.status)).toEqual([429, 429, 429, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the ledger enforced in the client', () => {
  it('refuses, before sending anything, to update or delete an id the run did not create or invent', async () => {
    const ledger = new Ledger();
    const api = tokenClient(server.url, token, { encoding: 'json', ledger });
    const sentBefore = server.requests.length;
    await expect(api.deleteConversation('somebody-elses')).rejects.toThrow(
      "refused to send DELETE /v1/conversations/:id for somebody-elses: somebody-elses is not in this run's ledger as a conversation, so it may not be the suite's to change",
    );
    await expect(api.updateGroup('somebody-elses', { name: 'x' })).rejects.toBeInstanceOf(LedgerRefusal);
    expect(server.requests.length).toBe(sentBefore);

    ledger.record('conversation', 'conv-of-the-run');
    await api.deleteConversation('conv-of-the-run');
    await api.updateConversation(ledger.invent('made-up-id'), { is_muted: true });
    await api.retrieveConversation('somebody-elses');
    expect(server.requests.length).toBe(sentBefore + 3);
  });
});

describe('what every answer must be (response-invariants.ts)', () => {
  const answer = (status: number, contentType: string | undefined, text: string) => {
    let jsonError: string | undefined;
    try {
      if (text.trim() !== '') JSON.parse(text);
    } catch (error) {
      jsonError = (error as Error).message;
    }
    return {
      status,
      headers: (contentType === undefined ? {} : { 'content-type': contentType }) as Record<string, string>,
      text,
      ...(jsonError ? { jsonError } : {}),
    };
  };

  it('takes a success labelled with any JSON type, or not labelled, and any refusal body that does not claim to be JSON', () => {
    expect(responseViolation(answer(200, 'application/json; charset=utf-8', '{"a":1}'))).toBeUndefined();
    expect(responseViolation(answer(201, 'application/vnd.example+json', '{"a":1}'))).toBeUndefined();
    expect(responseViolation(answer(200, undefined, '{"a":1}'))).toBeUndefined();
    expect(responseViolation(answer(204, undefined, ''))).toBeUndefined();
    expect(responseViolation(answer(200, 'text/plain', 'OK'))).toBeUndefined();
    expect(responseViolation(answer(404, 'text/html', '<h1>Not found</h1>'))).toBeUndefined();
    expect(responseViolation(answer(400, 'text/plain', '{"error":"x"}'))).toBeUndefined();
  });

  it('fails a 5xx, a JSON body labelled as something else, and a body labelled JSON that does not parse', () => {
    expect(responseViolation(answer(500, 'application/json', '{}'))).toMatch(/^a 500 answer/);
    expect(responseViolation(answer(503, undefined, ''))).toMatch(/^a 503 answer/);
    // Throttling, waited out and sent again: no answer to judge (RFC 9110 §15.6.4).
    expect(responseViolation({ ...answer(503, 'text/html', '<p>busy</p>'), headers: { 'retry-after': '1' } })).toBe(
      undefined,
    );
    // A 501 to a method the API has on no path (RFC 9110 §15.6.2); to GET it is a failure.
    expect(responseViolation(answer(501, 'text/html', '<p>no</p>'), 'HEAD')).toBe(undefined);
    expect(responseViolation(answer(501, 'text/html', '<p>no</p>'), 'GET')).toMatch(/^a 501 answer/);
    expect(responseViolation(answer(200, 'text/html; charset=utf-8', '{"has_more":false,"data":[]}'))).toBe(
      'a JSON body labelled text/html, which is not a JSON media type',
    );
    expect(responseViolation(answer(200, 'application/json', '{"a":'))).toMatch(
      /^a body labelled application\/json that is not JSON/,
    );
    expect(responseViolation(answer(404, 'application/json', 'Not found'))).toMatch(
      /declared as application\/json that is not JSON/,
    );
  });

  it('marks the exchange of such an answer, and only it', async () => {
    const local = await startCaptureServer((request) =>
      request.url.includes('crash')
        ? { status: 500, body: '{}' }
        : { status: 200, body: '{"has_more":false,"data":[]}' },
    );
    try {
      const api = client('json', 5_000, local.url);
      await api.retrieveGroup('fine');
      await api.retrieveGroup('crash');
      expect(api.journal.map((exchange) => exchange.violation)).toEqual([
        undefined,
        expect.stringMatching(/^a 500 answer/),
      ]);
    } finally {
      await local.close();
    }
  });

  it('fails a list that holds an item its true filters or its group_id rule out, and leaves false filters alone', () => {
    const page = (...data: object[]) => ({ has_more: false, data });
    const active = { id: 'c1', archived_at: null, is_muted: false, is_pinned: false, group_id: null };
    const archivedAtZero = { ...active, id: 'c2', archived_at: 0 };
    expect(listFilterViolation({ archived: 'true' }, page(archivedAtZero))).toBeUndefined();
    expect(listFilterViolation({ archived: true }, page(archivedAtZero, active))).toMatch(
      /^the page asked with archived=true holds "c1" with archived_at null/,
    );
    expect(listFilterViolation({ muted: 'true' }, page(active))).toMatch(/muted=true holds "c1" with is_muted false/);
    expect(listFilterViolation({ pinned: 'true' }, page({ ...active, is_pinned: true }))).toBeUndefined();
    expect(listFilterViolation({ group_id: 'g1' }, page(active))).toMatch(/group_id="g1" holds "c1" of group_id null/);
    // A false filter's meaning is open (filter-false), and a missing field is the schema's to judge.
    expect(
      listFilterViolation({ archived: 'false', muted: false }, page(archivedAtZero, { ...active, is_muted: true })),
    ).toBeUndefined();
    expect(listFilterViolation({ archived: 'true' }, page({ id: 'g1', name: 'no archived_at' }))).toBeUndefined();
  });

  it('judges the filters of list answers only, as they arrive', async () => {
    const local = await startCaptureServer(() => ({
      status: 200,
      body: '{"has_more":false,"data":[{"id":"g1","archived_at":null}]}',
    }));
    try {
      const api = client('json', 5_000, local.url);
      await api.call('listGroups', { query: { archived: true } });
      await api.call('listGroups', { query: { archived: false } });
      await api.call('retrieveGroup', { id: 'g1', query: { archived: true } });
      expect(api.journal.map((exchange) => exchange.violation)).toEqual([
        expect.stringMatching(/archived=true holds "g1"/),
        undefined,
        undefined,
      ]);
    } finally {
      await local.close();
    }
  });
});

describe('methods and paths the API does not have', () => {
  it("sends HEAD, OPTIONS, POST and PATCH on an operation's path without a body, and safe methods beside it", async () => {
    const api = client('json');
    await api.call('retrieveGroup', { id: 'g1', method: 'HEAD' });
    await api.call('listGroups', { method: 'OPTIONS' });
    await api.call('retrieveGroup', { id: 'g1', method: 'PATCH' });
    await api.call('retrieveGroup', { id: 'g1', offPath: '/extra' });
    expect(
      server.requests.slice(-4).map((sent) => `${sent.method} ${sent.url} ${sent.headers['content-type'] ?? '-'}`),
    ).toEqual(['HEAD /v1/groups/g1 -', 'OPTIONS /v1/groups -', 'PATCH /v1/groups/g1 -', 'GET /v1/groups/g1/extra -']);
    expect(renderCurl(api.journal.at(-4)!)).toMatch(/^curl -sS -i --head '/);
  });

  it("lets OPTIONS alone carry a body (RFC 9110, section 9.3.7), a create's on the collection, and records nothing from its answer", async () => {
    const ledger = new Ledger();
    const api = tokenClient(server.url, token, { redactor: new Redactor({}), ledger });
    await api.call('createGroup', { method: 'OPTIONS', body: { name: 'made by options' } });
    expect(server.requests.at(-1)).toMatchObject({
      method: 'OPTIONS',
      url: '/v1/groups',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await expect(api.call('createGroup', { method: 'PATCH', body: { name: 'x' } })).rejects.toThrow(
      /without a body, but OPTIONS/,
    );
    // Whatever the OPTIONS answered, only the check that sent it may say an object is the run's (other-methods.ts).
    expect(ledger.size).toBe(0);
  });

  it("treats a method that is not safe as a write: the ledger refuses it for an id not the run's own, --read-only refuses it, and it is never sent beside a path", async () => {
    const ledger = new Ledger();
    const api = tokenClient(server.url, token, { encoding: 'json', redactor: new Redactor({}), ledger });
    const before = server.requests.length;
    await expect(api.call('retrieveGroup', { id: 'not-ours', method: 'POST' })).rejects.toThrow(LedgerRefusal);
    await expect(api.call('retrieveGroup', { id: 'not-ours', method: 'PATCH', offPath: '/extra' })).rejects.toThrow(
      /only safe methods are/,
    );
    const readOnly = tokenClient(server.url, token, { encoding: 'json', redactor: new Redactor({}), readOnly: true });
    await expect(readOnly.call('retrieveGroup', { id: 'x', method: 'PATCH' })).rejects.toThrow(/read-only/);
    await readOnly.call('retrieveGroup', { id: 'not-ours', method: 'HEAD' });
    expect(server.requests.length).toBe(before + 1);
  });
});

describe('the rate limiter of --max-rps', () => {
  it('gives each request the next free slot of 1/rate seconds', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
      },
    };
    const limiter = new SharedRateBucket(createRateBucketBuffer(4), clock);
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(waits).toEqual([250, 500]);
    now += 2_000;
    await limiter.acquire();
    expect(waits).toEqual([250, 500]);
  });
});

describe('a safe request sent again on a connection of its own', () => {
  it("goes out on a new connection with the client's credentials; a request with a body, or of other credentials, is not sent again", async () => {
    // Answers 500 to a request on a connection that carried one before, 200 to the first on each.
    const served = new WeakMap<object, number>();
    const front = await listenLocally(
      withBody((req, res) => {
        const before = served.get(req.socket) ?? 0;
        served.set(req.socket, before + 1);
        res.writeHead(before > 0 ? 500 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ before, authorization: req.headers.authorization === `Bearer ${token}` }));
      }),
    );
    try {
      const api = client('form', 5_000, front.url);
      // undici hands a connection back to its pool a moment after the answer ends: within a few
      // GETs one goes out on a connection that carried another. That one is the premise.
      let reused = await api.retrieveConversation('conv_1');
      for (let tries = 1; tries < 5 && reused.status !== 500; tries++)
        reused = await api.retrieveConversation('conv_1');
      expect(reused.status).toBe(500);
      expect(await api.resendOnFreshConnection(reused.exchange)).toEqual({
        status: 200,
        body: '{"before":0,"authorization":true}',
        sameStatus: false,
        sameBody: false,
      });
      const put = await api.updateConversation('conv_1', { is_muted: true });
      expect(await api.resendOnFreshConnection(put.exchange)).toBeUndefined();
      const other = api.as({ kind: 'none' });
      expect(await other.resendOnFreshConnection(reused.exchange)).toBeUndefined();
      // Sent again, not recorded: the journal holds the GETs and the PUT only.
      expect(api.journal.filter((exchange) => exchange.method === 'PUT').length).toBe(1);
      expect(
        api.journal.every(
          (exchange) => exchange.method === 'PUT' || exchange.status === 200 || exchange === reused.exchange,
        ),
      ).toBe(true);
    } finally {
      await front.close();
    }
  });
});

describe('a connection the server closed while this process was busy', () => {
  // The server of this test runs in a worker thread, so that it closes an idle connection while the
  // test's own thread is blocked (as a busy vitest worker may be): the close then waits unread when
  // the next request asks for a connection (lib/core/client/connection-pool.ts). Atomics order the
  // two threads, no timer.
  const serverCode = `
    const { createServer } = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    const flags = new Int32Array(workerData);
    const sockets = new Set();
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"id":"conv_1"}'); });
    });
    server.keepAliveTimeout = 60000; // its Keep-Alive hint lets the client keep the connection
    server.on('connection', (socket) => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
    parentPort.on('message', async (message) => {
      if (message === 'stop') return server.close(() => parentPort.close());
      // Once the test's thread says it is blocked: close every idle connection, then say so.
      const waiting = Atomics.waitAsync(flags, 0, 0);
      if (waiting.async) await waiting.value;
      const closed = [...sockets].map((socket) => new Promise((resolve) => socket.once('close', resolve)));
      for (const socket of sockets) socket.destroy();
      await Promise.all(closed);
      Atomics.store(flags, 1, 1);
      Atomics.notify(flags, 1);
    });`;

  it('is not handed to the next request: it goes out on a new connection and is answered', async () => {
    const shared = new SharedArrayBuffer(8);
    const flags = new Int32Array(shared);
    const worker = new Worker(serverCode, { eval: true, workerData: shared });
    try {
      const port = await new Promise<number>((resolve) => worker.once('message', resolve));
      const api = client('json', 5_000, `http://127.0.0.1:${port}`);
      expect((await api.retrieveConversation('conv_1')).status).toBe(200);
      worker.postMessage('close-idle');
      Atomics.store(flags, 0, 1);
      Atomics.notify(flags, 0);
      // Blocked until the server has closed the connection the first request used (the premise).
      expect(Atomics.wait(flags, 1, 0, 30_000)).not.toBe('timed-out');
      const next = await api.retrieveConversation('conv_1');
      expect(next.status, next.exchange.transportError).toBe(200);
    } finally {
      worker.postMessage('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
  });
});

describe('a kept-alive connection the server closed as the request went out', () => {
  // A server that answers a connection's first request and then, on that same connection, drops
  // the next without a word (as one that closes idle connections early does, caught at the moment
  // the request went out); a connection's first request is always answered.
  // undici hands a connection back to its pool a turn of the event loop after the answer's body
  // ended: the next request, sent at once, would go out on a second connection.
  const connectionFreed = () => new Promise((resolve) => setImmediate(resolve));

  async function closesReusedConnections() {
    const requests: Array<{ method: string; reused: boolean }> = [];
    const served = new WeakSet<object>();
    const server = await listenLocally(
      withBody((req, res) => {
        const reused = served.has(req.socket);
        requests.push({ method: req.method!, reused });
        if (reused) return req.socket.destroy();
        served.add(req.socket);
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
        res.end('{"id":"grp_1","conversation_id":"conv_1"}');
      }),
    );
    return { ...server, requests };
  }

  it('sends an idempotent request once more at once on a connection of its own: no congestion, no request alone', async () => {
    const server = await closesReusedConnections();
    try {
      const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, 'adaptive'));
      const api = tokenClient(server.url, token, { timeoutMs: 5_000, rateLimiter: bucket });
      expect((await api.retrieveGroup('grp_1')).status).toBe(200);
      await connectionFreed();
      const second = await api.updateGroup('grp_1', { name: 'again' });
      expect(second.status, second.exchange.transportError).toBe(200);
      // The premise: the PUT went out on the reused connection and was dropped, then came on a new one.
      expect(server.requests, JSON.stringify(server.requests)).toEqual([
        { method: 'GET', reused: false },
        { method: 'PUT', reused: true },
        { method: 'PUT', reused: false },
      ]);
      expect(api.journal.map((exchange) => exchange.status ?? 'unanswered')).toEqual([200, 'unanswered', 200]);
      expect(bucket.figures()).toMatchObject({ congested: 0, unansweredAlone: 0 });
    } finally {
      await server.close();
    }
  });

  it('never sends a POST on a kept-alive connection: it goes out on one of its own, which no idle close can meet', async () => {
    const server = await closesReusedConnections();
    try {
      const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, 'adaptive'));
      const api = tokenClient(server.url, token, { timeoutMs: 5_000, rateLimiter: bucket });
      expect((await api.retrieveGroup('grp_1')).status).toBe(200);
      await connectionFreed();
      expect((await api.createGroup({ name: 'once' })).status).toBe(201);
      // Sent once, on a connection of its own: a POST that met a close could not be sent again (RFC 9112 §9.3.1).
      expect(server.requests).toEqual([
        { method: 'GET', reused: false },
        { method: 'POST', reused: false },
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('a request unanswered while the target answers others (congestion)', () => {
  // A target that leaves the first request of each path unanswered (as a listen backlog that
  // overflowed leaves a connection) and answers every later one.
  // Its list holds what `listed` says; a create it forgot to answer it may have applied all the same.
  async function forgetfulServer(listed: Array<{ id: string; name: string }> = [], hasMore = false) {
    const seen = new Map<string, number>();
    const server = await listenLocally(
      withBody((req, res) => {
        const times = (seen.get(`${req.method} ${req.url}`) ?? 0) + 1;
        seen.set(`${req.method} ${req.url}`, times);
        if (req.url!.startsWith('/v1/groups?')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ has_more: hasMore, data: listed }));
        }
        if (times === 1) return; // no answer: the client's timeout ends it
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
        res.end('{"id":"grp_1","conversation_id":"conv_1"}');
      }),
    );
    return { ...server, seen };
  }

  /** A client of a run whose window follows the target, as msgapi check's clients are; the run's bucket beside it. */
  const congestedClient = (url: string, options: Partial<ApiClientOptions> = {}) => {
    const bucket = new SharedRateBucket(createRateBucketBuffer(undefined, 'adaptive'));
    return { bucket, api: tokenClient(url, token, { timeoutMs: 300, rateLimiter: bucket, ...options }) };
  };
  const paged = { pagination: { kind: 'starting_after' } } as const;

  it('sends an idempotent request again alone and takes its answer; the window is cut, the run counts it', async () => {
    const server = await forgetfulServer();
    try {
      const { api, bucket } = congestedClient(server.url);
      const answer = await api.retrieveGroup('grp_1');
      expect(answer.status).toBe(200);
      expect(server.seen.get('GET /v1/groups/grp_1')).toBe(2);
      // Both are in the journal: the one that got no answer, then the one sent alone.
      expect(api.journal.map((exchange) => exchange.transportError ?? exchange.status)).toEqual([
        'no complete response within 300 ms',
        200,
      ]);
      expect(bucket.figures()).toMatchObject({ congested: 1, unansweredAlone: 0 });
    } finally {
      await server.close();
    }
  });

  it('never sends again a POST that may have been applied unless its list tells: without a pagination to read it, its failure stands', async () => {
    const server = await forgetfulServer();
    try {
      const { api, bucket } = congestedClient(server.url);
      const error = await api.createGroup({ name: 'once' }).catch((e: unknown) => e);
      expect((error as TransportError).failure).toBe('timeout');
      expect((error as TransportError).alone).toBe(false);
      expect(server.seen.get('POST /v1/groups')).toBe(1);
      expect(bucket.figures().congested).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('sends a create again once its list shows it was not applied; one the list shows applied, the ledger takes', async () => {
    for (const listed of [[], [{ id: 'grp_made', name: 'msgapi-0123abcd-once' }]]) {
      const server = await forgetfulServer(listed);
      try {
        const ledger = new Ledger();
        const { api } = congestedClient(server.url, { ...paged, ledger });
        const answer = await api.createGroup({ name: 'msgapi-0123abcd-once' });
        expect(answer.status).toBe(201);
        expect(server.seen.get('POST /v1/groups')).toBe(2);
        expect(api.journal.map((exchange) => `${exchange.method} ${exchange.status ?? 'none'}`)).toEqual([
          'POST none',
          'GET 200',
          'POST 201',
        ]);
        expect(ledger.refusal('group', 'grp_made') === undefined).toBe(listed.length > 0);
      } finally {
        await server.close();
      }
    }
  });

  it('sends again a create that carried nothing of the run to find; not one whose list cannot be read', async () => {
    const server = await forgetfulServer();
    try {
      const { api } = congestedClient(server.url, paged);
      expect((await api.createConversation({ group_id: 'grp_1' })).status).toBe(201);
      expect(server.seen.get('POST /v1/conversations')).toBe(2);
    } finally {
      await server.close();
    }
    // A list that gets no answer either tells nothing.
    const silent = await listenLocally(withBody(() => {}));
    try {
      const { api } = congestedClient(silent.url, paged);
      const error = await api.createGroup({ name: 'msgapi0123abcdgmine1' }).catch((e: unknown) => e);
      expect((error as TransportError).exchange.transportError).toBe(
        'no complete response within 300 ms; not sent again: whether it was applied cannot be told (a page of the list got no answer: no complete response within 300 ms)',
      );
      expect((error as TransportError).alone).toBe(false);
    } finally {
      await silent.close();
    }
    const unlisted = await forgetfulServer([{ id: 'grp_other', name: 'other' }], true);
    try {
      // No page the client can read: pagination none, and a list that says more follow.
      const { api } = congestedClient(unlisted.url, { pagination: { kind: 'none' } });
      const error = await api.createGroup({ name: 'msgapi0123abcdgmine1' }).catch((e: unknown) => e);
      expect((error as TransportError).exchange.transportError).toMatch(
        /^no complete response within 300 ms; not sent again: whether it was applied cannot be told/,
      );
      expect(unlisted.seen.get('POST /v1/groups')).toBe(1);
    } finally {
      await unlisted.close();
    }
  });

  it('fails a request unanswered alone too, saying so, and marks it', async () => {
    // The capture server never answers a path with "hang" in it.
    const { api, bucket } = congestedClient(server.url);
    const error = await api.retrieveGroup('hang').catch((e: unknown) => e);
    expect((error as TransportError).alone).toBe(true);
    expect((error as TransportError).exchange.transportError).toBe(
      'no complete response within 300 ms, even sent again alone (no other request of the run on the wire)',
    );
    expect(bucket.figures()).toMatchObject({ congested: 1, unansweredAlone: 1 });
  });

  it('sends nothing again without a run to pace it (the sweep, the probe): the failure is told as it came', async () => {
    const server2 = await forgetfulServer();
    try {
      const error = await tokenClient(server2.url, token, { timeoutMs: 300 })
        .retrieveGroup('grp_1')
        .catch((e: unknown) => e);
      expect((error as TransportError).failure).toBe('timeout');
      expect(server2.seen.get('GET /v1/groups/grp_1')).toBe(1);
    } finally {
      await server2.close();
    }
  });
});
