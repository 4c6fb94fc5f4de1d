// Servers a real network puts in front of the API, for the transport tests: a gateway that wants
// a header, the same over TLS (with the test authority's certificate, and optionally asking for a
// client certificate), and an HTTP proxy that tunnels (CONNECT), each counting what passed.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { forward, withBody } from './test-server.ts';

const tls = (name: string) => readFileSync(new URL(`../fixtures/tls/${name}`, import.meta.url), 'utf8');
export const tlsFixture = (name: string) => new URL(`../fixtures/tls/${name}`, import.meta.url).pathname;

export interface Front {
  url: string;
  /** Requests passed on to the API. */
  passed: number;
  /** Requests refused for the missing header (or, over TLS, connections refused for no client certificate). */
  refused: number;
  /** With expiringTokens: the requests each token was sent with. */
  uses: Map<string, number>;
  close(): Promise<void>;
}

export interface FrontOptions {
  /** The API behind the front. */
  upstream: string;
  /** A header every request must carry, with this value; refused with 403 otherwise, as a gateway does. */
  requireHeader?: { name: string; value: string };
  /** Serve over TLS with the test authority's certificate for 127.0.0.1. */
  https?: boolean;
  /** Over TLS: ask for a client certificate signed by the test authority, and refuse a connection without. */
  requireClientCertificate?: boolean;
  /**
   * Short-lived tokens, as an identity provider issues them: any Bearer token that starts with
   * `prefix` is good for `uses` requests, then answered 401; a good one is passed on as `upstreamToken`.
   */
  expiringTokens?: { prefix: string; uses: number; upstreamToken: string };
}

export async function startFront(options: FrontOptions): Promise<Front> {
  const sockets = new Set<Socket>();
  const front: Front = { url: '', passed: 0, refused: 0, uses: new Map(), close: async () => {} };
  const handle = withBody(async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const required = options.requireHeader;
    if (required !== undefined && req.headers[required.name.toLowerCase()] !== required.value) {
      front.refused++;
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"the gateway wants its key"}');
      return;
    }
    const expiring = options.expiringTokens;
    if (expiring !== undefined) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const used = (front.uses.get(token) ?? 0) + 1;
      front.uses.set(token, used);
      if (!token.startsWith(expiring.prefix) || used > expiring.uses) {
        front.refused++;
        res
          .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' })
          .end('{"message":"token expired"}');
        return;
      }
      req.headers.authorization = `Bearer ${expiring.upstreamToken}`;
    }
    front.passed++;
    const answer = await forward(options.upstream, req, body);
    res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.text);
  });
  const server = options.https
    ? createHttpsServer(
        {
          key: tls('server-key.pem'),
          cert: tls('server.pem'),
          ...(options.requireClientCertificate
            ? { ca: tls('ca.pem'), requestCert: true, rejectUnauthorized: true }
            : {}),
        },
        handle,
      )
    : createHttpServer(handle);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => front.refused++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  front.url = `${options.https ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  front.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return front;
}

export interface Proxy {
  url: string;
  /** Tunnels opened (CONNECT), by the host:port asked for. */
  tunnels: string[];
  close(): Promise<void>;
}

/** An HTTP proxy that opens a tunnel for each CONNECT and refuses anything else. */
export async function startProxy(): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const proxy: Proxy = { url: '', tunnels: [], close: async () => {} };
  const server = createHttpServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    proxy.tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
