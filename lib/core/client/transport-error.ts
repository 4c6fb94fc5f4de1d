// A request that got no HTTP response. The check that sent it reports it as the server's failure
// (a hang or a dropped connection); reaching the target before a run (reach-target.ts) turns it into exit 2.
import type { Exchange } from './exchange.ts';

export type TransportFailure =
  'timeout' | 'connection-refused' | 'connection-reset' | 'dns' | 'body-too-large' | 'other';

export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly failure: TransportFailure,
    message: string,
    readonly exchange: Exchange,
    /** Sent again alone, with no other request of the run on the wire, it got no answer either (api-client.ts). */
    readonly alone = false,
  ) {
    super(message);
  }
}

export function classifyTransportError(
  error: unknown,
  timeoutMs: number,
): { failure: TransportFailure; message: string } {
  const err = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code;
  if (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return { failure: 'timeout', message: `no complete response within ${timeoutMs} ms` };
  }
  if (code === 'MSGAPI_BODY_TOO_LARGE')
    return { failure: 'body-too-large', message: err.message ?? 'a body too large' };
  if (code === 'ECONNREFUSED') return { failure: 'connection-refused', message: 'connection refused' };
  // The low-level words stay in the message: ECONNRESET (an RST) and undici's "other side closed"
  // (a FIN before the response) have different causes on the server.
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return {
      failure: 'connection-reset',
      message: `connection reset by the server (${code}${err.message ? `: ${err.message}` : ''})`,
    };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { failure: 'dns', message: 'host name not found' };
  return { failure: 'other', message: `${code ? `${code}: ` : ''}${err.message ?? String(error)}` };
}
