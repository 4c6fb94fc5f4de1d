// A server that passes every request on to a real one and may rewrite the JSON it answers with:
// a quick way to get a server that breaks exactly one sentence of the spec.
import { forward, listenLocally, withBody } from './test-server.ts';

export type Rewrite = (method: string, path: string, body: unknown) => unknown;
export type RewriteStatus = (method: string, path: string, status: number) => number;

export function startMutatingProxy(
  upstream: string,
  rewrite: Rewrite,
  rewriteStatus: RewriteStatus = (_m, _p, status) => status,
) {
  return listenLocally(
    withBody((req, res, body) => {
      forward(upstream, req, body)
        .then((answer) => {
          const path = new URL(req.url!, 'http://x').pathname;
          const rewritten = answer.text ? rewrite(req.method!, path, JSON.parse(answer.text)) : undefined;
          res.writeHead(rewriteStatus(req.method!, path, answer.status), { 'content-type': 'application/json' });
          res.end(rewritten === undefined ? '' : JSON.stringify(rewritten));
        })
        .catch((error: Error) => {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `proxy: ${error.message}` } }));
        });
    }),
  );
}
