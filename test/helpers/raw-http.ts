// Plain HTTP for the reference server's own tests: they test the server apart from the project's
// typed client, so they say exactly what goes on the wire.
import { request } from 'undici';

export interface RawResponse<T = unknown> {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed JSON body; undefined when the body is empty. */
  body: T;
}

export interface RawRequest {
  /** The Bearer token to send; null: no Authorization header at all. */
  token: string | null;
  /** The raw Authorization header, overriding token. */
  authorization?: string;
  json?: unknown;
  form?: string;
  raw?: string | Buffer;
  contentType?: string;
}

export async function sendRaw<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: RawRequest,
): Promise<RawResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (options.token !== null) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined = options.raw;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  if (options.form !== undefined) {
    body = options.form;
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  if (options.contentType !== undefined) headers['content-type'] = options.contentType;
  const res = await request(`${base}${path}`, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path}: expected a JSON body, received ${JSON.stringify(text.slice(0, 200))}`);
  }
  return { status: res.statusCode, headers: res.headers, text, body: parsed as T };
}
