// What the test servers in front of the reference server share: passing a request on to it, and
// listening on a free port of 127.0.0.1 until the test closes them.
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export interface Forwarded {
  status: number;
  contentType: string;
  text: string;
}

/** Sends the request on to `upstream` as it came (its body already read into `body`). */
export async function forward(upstream: string, req: IncomingMessage, body: Buffer): Promise<Forwarded> {
  const headers = { ...req.headers };
  delete headers.host;
  delete headers.connection;
  const answer = await request(upstream + req.url!, {
    method: req.method as 'GET',
    headers,
    body: body.length > 0 ? body : undefined,
  });
  return {
    status: answer.statusCode,
    contentType: String(answer.headers['content-type'] ?? 'application/json'),
    text: await answer.body.text(),
  };
}

/** Calls `handle` with each request once its whole body has arrived. */
export function withBody(
  handle: (req: IncomingMessage, res: Parameters<RequestListener>[1], body: Buffer) => void,
): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  };
}

export async function listenLocally(listener: RequestListener, onClose: () => void = () => {}) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        onClose();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
