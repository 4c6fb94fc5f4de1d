// The closed model's own request loop (load/closed-loop.ts), against servers that answer raw bytes,
// so that what goes on the wire is known exactly: the request it sends, the bytes and statuses it
// counts, bodies framed by length, by chunks and by the connection's end, timeouts and refusals.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runClosedLoop, type ClosedLoopOptions } from '../../../load/closed-loop.ts';
import type { ErrorKind } from '../../../load/recorder.ts';

interface RawServer {
  url: string;
  port: number;
  /** Every request head received, in order. */
  requests: string[];
  connections: number;
}

const started: Server[] = [];
const sockets = new Set<Socket>();

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(started.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

/** Answers each request head with `answer`'s bytes; `close` ends the connection after each answer. */
async function rawServer(answer: string[] | null, close = false): Promise<RawServer> {
  const state: RawServer = { url: '', port: 0, requests: [], connections: 0 };
  const server = createServer((socket) => {
    sockets.add(socket);
    state.connections++;
    let pending = '';
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        state.requests.push(pending.slice(0, end + 4));
        pending = pending.slice(end + 4);
        if (answer === null) continue;
        // Each part in a write of its own, so that a response arrives in pieces when it can.
        for (const part of answer) socket.write(part);
        if (close) socket.end();
      }
    });
  });
  started.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}`;
  return state;
}

interface Seen {
  responses: Array<{ status: number; bytes: number; latencyUs: number }>;
  bodies: string[];
  errors: ErrorKind[];
}

/**
 * Runs the loop until `until` holds for what it has seen (by default: 12 responses or errors), so
 * that what a test counts does not depend on how fast a busy machine is; the duration is only the
 * last resort.
 */
async function run(
  origin: string,
  options: Partial<ClosedLoopOptions> & { readsBodies?: boolean; until?: (seen: Seen) => boolean } = {},
): Promise<Seen> {
  const seen: Seen = { responses: [], bodies: [], errors: [] };
  const { until = (s: Seen) => s.responses.length + s.errors.length >= 12, readsBodies, ...loop } = options;
  const enough = new AbortController();
  const check = () => {
    if (until(seen)) enough.abort();
  };
  await runClosedLoop({
    origin,
    headers: { authorization: 'Bearer test-token', accept: 'application/json' },
    connections: 2,
    durationS: 20,
    timeoutMs: 5_000,
    signal: enough.signal,
    script: () => ({
      nextPath: () => '/v1/conversations?limit=2',
      ...(readsBodies ? { response: (_status: number, body: string) => void seen.bodies.push(body) } : {}),
    }),
    onResponse: (status, bytes, latencyUs) => {
      seen.responses.push({ status, bytes, latencyUs });
      check();
    },
    onError: (kind) => {
      seen.errors.push(kind);
      check();
    },
    ...loop,
  });
  return seen;
}

describe('the closed loop', () => {
  it('sends the configured GET and counts each response with all its bytes, head and body', async () => {
    const response = 'HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"data":[]}';
    const server = await rawServer([response]);
    const seen = await run(server.url);
    expect(seen.errors).toEqual([]);
    expect(seen.responses.length).toBeGreaterThan(10);
    expect(new Set(seen.responses.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(seen.responses.map((r) => r.bytes))).toEqual(new Set([Buffer.byteLength(response)]));
    expect(seen.responses.every((r) => r.latencyUs > 0)).toBe(true);
    // Keep-alive: two connections carry every request; at most one unanswered request each at the end.
    expect(server.connections).toBe(2);
    expect(server.requests.length - seen.responses.length).toBeLessThanOrEqual(2);
    expect(new Set(server.requests)).toEqual(
      new Set([
        `GET /v1/conversations?limit=2 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: keep-alive\r\nauthorization: Bearer test-token\r\naccept: application/json\r\n\r\n`,
      ]),
    );
  });

  it('hands a script that reads bodies each body whole, chunked or not', async () => {
    const server = await rawServer([
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
      '5\r\n{"dat\r\n',
      '6\r\na":[]}\r\n',
      '0\r\n\r\n',
    ]);
    const seen = await run(server.url, { readsBodies: true });
    expect(seen.errors).toEqual([]);
    expect(seen.bodies.length).toBe(seen.responses.length);
    expect(seen.bodies.length).toBeGreaterThan(10);
    expect(new Set(seen.bodies)).toEqual(new Set(['{"data":[]}']));
  });

  it('takes a body that ends with the connection, and goes on with a new connection (HTTP/1.0)', async () => {
    const server = await rawServer(['HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n', '{"data":[]}'], true);
    const seen = await run(server.url, { readsBodies: true });
    expect(seen.errors).toEqual([]);
    expect(seen.responses.length).toBeGreaterThan(2);
    expect(new Set(seen.bodies)).toEqual(new Set(['{"data":[]}']));
    // One connection per request.
    expect(server.connections).toBeGreaterThanOrEqual(seen.responses.length);
  });

  it('leaves a connection after a response that says Connection: close, without an error', async () => {
    const server = await rawServer(['HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}']);
    const seen = await run(server.url);
    expect(seen.errors).toEqual([]);
    expect(seen.responses.length).toBeGreaterThan(2);
    expect(server.connections).toBeGreaterThanOrEqual(seen.responses.length);
  });

  it('counts a request unanswered past the timeout as a timeout, on each connection', async () => {
    const server = await rawServer(null);
    const seen = await run(server.url, { timeoutMs: 50, until: (s) => s.errors.length >= 3 });
    expect(seen.responses).toEqual([]);
    expect(seen.errors.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen.errors)).toEqual(new Set(['timeout']));
    // Each timeout opened a new connection for the next request.
    expect(server.connections).toBeGreaterThan(2);
  });

  it('counts a refused connection as a connection error', async () => {
    const server = await rawServer(null);
    const url = server.url;
    await new Promise<void>((resolve) => started.pop()!.close(() => resolve()));
    const seen = await run(url, { until: (s) => s.errors.length >= 1 });
    expect(seen.responses).toEqual([]);
    expect(seen.errors.length).toBeGreaterThan(0);
    expect(new Set(seen.errors)).toEqual(new Set(['connection']));
  });

  it('counts a response it cannot parse as an error and carries on', async () => {
    const server = await rawServer(['NOT HTTP AT ALL\r\n\r\n']);
    const seen = await run(server.url, { until: (s) => s.errors.length >= 3 });
    expect(seen.responses).toEqual([]);
    expect(seen.errors.length).toBeGreaterThan(2);
    expect(new Set(seen.errors)).toEqual(new Set(['other']));
  });

  it('counts a request the server closed the connection on, unanswered, as a connection error', async () => {
    const server = await rawServer([], true);
    const seen = await run(server.url, { until: (s) => s.errors.length >= 3 });
    expect(seen.responses).toEqual([]);
    expect(new Set(seen.errors)).toEqual(new Set(['connection']));
    expect(server.requests.length).toBeGreaterThanOrEqual(seen.errors.length);
  });

  it('counts a second response to one request as an error, never as an answer (pipelining 1)', async () => {
    const response = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}';
    // Both in one write, so that they arrive in one read as often as not; the rest arrive apart.
    const server = await rawServer([response + response]);
    const seen = await run(server.url, { until: (s) => s.errors.length >= 3 });
    expect(new Set(seen.errors)).toEqual(new Set(['other']));
    // Every response counted answered a request the server got: never more answers than requests.
    expect(seen.responses.length).toBeLessThanOrEqual(server.requests.length);
    expect(new Set(seen.responses.map((r) => r.status))).toEqual(new Set([200]));
  });
});
