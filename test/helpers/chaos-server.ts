// A target that misbehaves in every way a broken deployment can, one way per route, and passes
// everything else on to a real (reference) server: hangs, resets, garbage, truncated and huge
// bodies, slow drips, 5xx and wrong content types.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forward, listenLocally, withBody } from './test-server.ts';

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

export function startChaosServer(upstream: string, plan: ChaosPlan) {
  const timers = new Set<NodeJS.Timeout>();
  return listenLocally(
    withBody((req, res, body) => {
      const how = plan[routeOf(req)];
      if (how) return misbehave(how, req, res, timers);
      forward(upstream, req, body)
        .then((answer) => {
          res.writeHead(answer.status, { 'content-type': answer.contentType });
          res.end(answer.text);
        })
        .catch(() => req.socket.destroy());
    }),
    () => {
      for (const timer of timers) clearInterval(timer);
    },
  );
}
