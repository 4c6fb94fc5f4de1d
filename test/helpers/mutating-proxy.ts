// A server that passes every request on to a real one and may rewrite the JSON it answers with:
// a quick way to get a server that breaks exactly one sentence of the spec.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export type Rewrite = (method: string, path: string, body: unknown) => unknown;
export type RewriteStatus = (method: string, path: string, status: number) => number;

export async function startMutatingProxy(upstream: string, rewrite: Rewrite, rewriteStatus: RewriteStatus = (_m, _p, status) => status) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void forward().catch((error: Error) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `proxy: ${error.message}` } }));
    }));
    async function forward(): Promise<void> {
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      const answer = await request(upstream + req.url!, {
        method: req.method as 'GET',
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      const text = await answer.body.text();
      const path = new URL(req.url!, 'http://x').pathname;
      const body = text ? rewrite(req.method!, path, JSON.parse(text)) : undefined;
      res.writeHead(rewriteStatus(req.method!, path, answer.statusCode), { 'content-type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
