// One exchange as an entry of a HAR 1.2 log (http://www.softwareishard.com/blog/har-12-spec/): what
// a browser's devtools import, and what two runs' records are diffed by. The exchange is already
// redacted where the client records it (URL, request headers, bodies); the response's headers are
// redacted here, since the client keeps them as they came for the checks to read.
import { STATUS_CODES } from 'node:http';
import type { Exchange } from '../client/exchange.ts';

export interface HarHeader {
  name: string;
  value: string;
}

/** Who sent an exchange: a check (its id), or a step of the run around the checks. */
export type HarSource =
  | {
      _check: string;
      /** Sent when a failed check ran again alone: not among the report's requests. */ _serialRerun?: true;
    }
  | { _step: 'reach' | 'probe' | 'snapshot' | 'sweep' };

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** Why no response came (a timeout, a refused connection): Chrome's own name for it. */
  _error?: string;
  /** What the exchange broke that every answer must keep (response-invariants.ts). */
  _violation?: string;
  _check?: string;
  _serialRerun?: true;
  _step?: string;
}

export interface ExchangeTiming {
  /** When the request was sent, in milliseconds since the epoch. */
  startedAt: number;
  /** The response body's length in bytes as it came, before redaction; unset when none came. */
  responseBytes?: number;
  /** The client's redaction: its secrets, and texts derived from its credentials. */
  redact: (text: string) => string;
}

/** Headers as HAR lists them: a value recorded one per line (two Authorization headers) is one entry each. */
function harHeaders(headers: Readonly<Record<string, string>>, redact: (text: string) => string): HarHeader[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    value.split('\n').map((each) => ({ name, value: redact(each) })),
  );
}

function queryOf(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

// msgapi's client (undici) speaks HTTP/1.1 to the target.
const httpVersion = 'HTTP/1.1';

export function harEntry(exchange: Exchange, timing: ExchangeTiming, source: HarSource): HarEntry {
  const { redact } = timing;
  const time = Math.max(0, Math.round(exchange.durationMs * 1_000) / 1_000);
  const requestBody = exchange.requestBody;
  const responseHeaders = exchange.responseHeaders ?? {};
  // A status came (a 429 still refused after its retries too); none when the connection failed or timed out.
  const answered = exchange.status !== undefined;
  const bodyText = exchange.responseBody ?? '';
  const bodySize = answered ? (timing.responseBytes ?? Buffer.byteLength(bodyText)) : 0;
  return {
    startedDateTime: new Date(timing.startedAt).toISOString(),
    time,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion,
      cookies: [],
      headers: harHeaders(exchange.requestHeaders, redact),
      queryString: queryOf(exchange.url),
      ...(requestBody === undefined
        ? {}
        : {
            postData: {
              mimeType: exchange.requestHeaders['content-type'] ?? '',
              text: requestBody,
            },
          }),
      headersSize: -1,
      bodySize: requestBody === undefined ? 0 : Buffer.byteLength(requestBody),
    },
    response: {
      // HAR's own way of saying that no response came (as browsers export a failed request).
      status: answered ? exchange.status! : 0,
      statusText: answered ? (STATUS_CODES[exchange.status!] ?? '') : '',
      httpVersion: answered ? httpVersion : '',
      cookies: [],
      headers: harHeaders(responseHeaders, redact),
      content: {
        size: bodySize,
        mimeType: responseHeaders['content-type'] ?? '',
        ...(answered ? { text: bodyText } : {}),
      },
      redirectURL: redact(responseHeaders.location ?? ''),
      headersSize: -1,
      bodySize,
    },
    cache: {},
    // The client sees the request go and the whole answer come back: the time in between is waiting.
    timings: { send: 0, wait: time, receive: 0 },
    ...(exchange.transportError === undefined ? {} : { _error: exchange.transportError }),
    ...(exchange.violation === undefined ? {} : { _violation: exchange.violation }),
    ...source,
  };
}
