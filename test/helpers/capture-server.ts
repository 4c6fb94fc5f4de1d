// A server that records every request it gets and answers with what the test tells it to: for
// seeing exactly what the client puts on the wire.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CannedResponse {
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** Never answer: for timeouts. */
  hang?: boolean;
}

export async function startCaptureServer(answer: (request: CapturedRequest) => CannedResponse) {
  const requests: CapturedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() };
      requests.push(request);
      const response = answer(request);
      if (response.hang) return;
      res.writeHead(response.status, { 'content-type': 'application/json', ...response.headers });
      res.end(response.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
