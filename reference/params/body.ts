import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from '../respond.ts';
import { NO_PARAMS, parseJsonObject, parseText, type ParamSource } from './source.ts';
import type { ReferenceChoices } from '../choices.ts';

// The largest body read is a choice (choices.ts: bodyLimit, 1 MiB by default; §2.2 sets no limit).

/** Thrown when the client went away mid-body: there is nobody left to answer. */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
}

function tooLarge(limit: number): ApiError {
  // Connection: close, because the rest of an oversized body is never read and must not be
  // taken for the next request on a keep-alive connection.
  return new ApiError(413, 'invalid_request_error', `The body exceeds ${limit} bytes.`, undefined, {
    Connection: 'close',
  });
}

function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', () => reject(new ClientGoneError('request stream failed')));
    req.once('close', () => {
      if (!req.complete) reject(new ClientGoneError('client closed the request'));
    });
  });
}

function decodeUtf8(raw: Buffer, bytes: ReferenceChoices['textBytes']): string {
  try {
    return new TextDecoder('utf-8', { fatal: bytes === 'utf-8-only' }).decode(raw);
  } catch {
    throw badRequest('The body is not valid UTF-8.');
  }
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Body parameters of a POST or PUT. An empty body is "no parameters" whatever its content type,
 * so a client that sets a content type on an empty update is not punished for it.
 */
export async function readBodyParams(
  req: IncomingMessage,
  choices: Pick<ReferenceChoices, 'bodies' | 'bodyLimit' | 'textBytes'>,
): Promise<ParamSource> {
  const raw = await readRaw(req, choices.bodyLimit ?? Number.POSITIVE_INFINITY); // null: no limit
  if (raw.length === 0) return NO_PARAMS;
  const type = mediaType(req.headers['content-type']);
  if (type === 'application/json') return parseJsonObject(decodeUtf8(raw, choices.textBytes));
  if (type === 'application/x-www-form-urlencoded' && choices.bodies === 'form-and-json')
    return parseText(decodeUtf8(raw, choices.textBytes));
  const accepted =
    choices.bodies === 'form-and-json' ? 'application/x-www-form-urlencoded or application/json' : 'application/json';
  throw new ApiError(
    415,
    'unsupported_media_type',
    `Unsupported Content-Type "${type || '(none)'}"; send ${accepted}.`,
  );
}
