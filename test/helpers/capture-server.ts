// A server that records every request it gets and answers with what the test tells it to: for
// seeing exactly what the client puts on the wire.
import type { IncomingHttpHeaders } from 'node:http';
import { listenLocally, withBody } from './test-server.ts';

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
  const server = await listenLocally(
    withBody((req, res, body) => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body: body.toString() };
      requests.push(request);
      const response = answer(request);
      if (response.hang) return;
      res.writeHead(response.status, { 'content-type': 'application/json', ...response.headers });
      res.end(response.body);
    }),
  );
  return { ...server, requests };
}
