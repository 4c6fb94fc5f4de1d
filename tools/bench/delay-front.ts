// A front that puts a network's distance between msgapi and a server on this machine: every
// request is passed on at once and its answer held back `delayMs` before it is written, as if the
// server were that many milliseconds of round trip away. It keeps as many connections open to the
// server as the client opens to it, so it limits nothing but time.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';

export interface DelayFront {
  url: string;
  close(): Promise<void>;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the framing this front writes anew. */
const notPassedOn = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

const passed = (headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !notPassedOn.has(name)));

export async function startDelayFront(upstream: string, delayMs: number): Promise<DelayFront> {
  const agent = new Agent({ connections: 512, keepAliveTimeout: 10_000 });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      request(upstream + req.url, {
        method: req.method as 'GET',
        headers: passed(req.headers) as Record<string, string>,
        body: body.length > 0 ? body : undefined,
        dispatcher: agent,
      })
        .then(async (answer) => {
          const text = await answer.body.text();
          setTimeout(() => res.writeHead(answer.statusCode, passed(answer.headers)).end(text), delayMs);
        })
        .catch(() => res.destroy());
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}
