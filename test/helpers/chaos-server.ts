// A target that misbehaves in every way a broken deployment can, one way per route, and passes
// everything else on to a real (reference) server: hangs, resets, garbage, truncated and huge
// bodies, slow drips, 5xx and wrong content types.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export type Misbehaviour = 'hang' | 'reset' | 'garbage' | 'truncated' | 'server-error' | 'slow-drip' | 'huge' | 'html';

/** Which route misbehaves how: "GET /v1/groups", "GET /v1/groups/:id", ... (query strings ignored). */
export type ChaosPlan = Record<string, Misbehaviour>;

function routeOf(req: IncomingMessage): string {
  const path = new URL(req.url!, 'http://x').pathname.replace(/^(\/v1\/[a-z]+)\/[^/]+$/, '$1/:id');
  return `${req.method} ${path}`;
}

function misbehave(how: Misbehaviour, req: IncomingMessage, res: ServerResponse, timers: Set<NodeJS.Timeout>): void {
  switch (how) {
    case 'hang':
      return;
    case 'reset':
      req.socket.destroy();
      return;
    case 'garbage':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id": "half an object", "is_pinned": tru');
      return;
    case 'html':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Bad gateway</body></html>');
      return;
    case 'truncated':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"id":"conv_');
      setImmediate(() => req.socket.destroy());
      return;
    case 'server-error':
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"overloaded"}}');
      return;
    case 'slow-drip': {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 200);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case 'huge':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"has_more":false,"data":[],"padding":"${'x'.repeat(12 * 1024 * 1024)}"}`);
      return;
  }
}

export async function startChaosServer(upstream: string, plan: ChaosPlan) {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const how = plan[routeOf(req)];
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (how) return misbehave(how, req, res, timers);
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      request(upstream + req.url!, { method: req.method as 'GET', headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined })
        .then(async (answer) => {
          res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
          res.end(await answer.body.text());
        })
        .catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
