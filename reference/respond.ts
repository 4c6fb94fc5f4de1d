import type { ServerResponse } from 'node:http';
import { jsonPayload } from './json-text.ts';

/**
 * The closed vocabulary of error types. The five from the brief, plus `api_error` for a 500,
 * which only a bug in this server can produce.
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'not_found'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'conflict'
  | 'permission_error'
  | 'api_error';

export interface ErrorBody {
  error: { type: ErrorType; message: string; param?: string };
}

/** What a handler returns: a handler never writes to the socket, so a fault can wrap replies. */
export interface Reply {
  status: number;
  /** undefined: no body at all (a 204). */
  body: unknown;
  headers?: Readonly<Record<string, string>>;
  /** A body that is not JSON, written as it is (error-body variants); its Content-Type is in headers. */
  text?: string;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly param?: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { type: this.type, message: this.message };
    if (this.param !== undefined) error.param = this.param;
    return { error };
  }

  toReply(): Reply {
    return { status: this.status, body: this.toBody(), headers: this.headers };
  }
}

export function badRequest(message: string, param?: string): ApiError {
  return new ApiError(400, 'invalid_request_error', message, param);
}

export function notFound(message: string): ApiError {
  return new ApiError(404, 'not_found', message);
}

export function ok(body: unknown): Reply {
  return { status: 200, body };
}

export function created(body: unknown): Reply {
  return { status: 201, body };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const payload = jsonPayload(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': JSON_CONTENT_TYPE,
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  if (reply.text !== undefined) {
    res.writeHead(reply.status, { ...reply.headers, 'Content-Length': Buffer.byteLength(reply.text) });
    res.end(reply.text);
    return;
  }
  if (reply.body === undefined) {
    res.writeHead(reply.status, { ...reply.headers });
    res.end();
    return;
  }
  sendJson(res, reply.status, reply.body, reply.headers);
}
