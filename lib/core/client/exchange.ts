// The record of one request and its response: what a failure report shows and what a curl
// reproduction is rendered from. Secrets are already redacted when a record is made.
import type { OperationName } from '../../api/operations.ts';

export interface Exchange {
  operation: OperationName;
  method: string;
  /** What was appended to the operation's path (a path the API does not have, beside one it has). */
  offPath?: string;
  url: string;
  /** Header names in lower case; Authorization already shows $ACCESS_TOKEN, never the token. */
  requestHeaders: Record<string, string>;
  requestBody?: string;
  /** curl's flags for the transport the request went through (--cacert FILE, --insecure ...), when any. */
  transportFlags?: readonly string[];
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  durationMs: number;
  /** When it was sent, in ms since the epoch (with fractions): where a run's time went (conformance/run/run-timing.ts). */
  sentAt?: number;
  /** Set when no response came: timeout, connection refused or reset, ... */
  transportError?: string;
  /** Set when the answer breaks what every answer must be (response-invariants.ts): a 5xx, a mislabelled body. */
  violation?: string;
}

const shownBodyLimit = 4_000;

/** A short account of an exchange for a failure message. */
export function describeExchange(exchange: Exchange): string {
  const lines = [`${exchange.method} ${exchange.url}`];
  if (exchange.requestBody) lines.push(`  sent: ${exchange.requestBody}`);
  if (exchange.transportError) {
    lines.push(`  no response: ${exchange.transportError} (after ${Math.round(exchange.durationMs)} ms)`);
  } else {
    const body = exchange.responseBody ?? '';
    const shown =
      body.length > shownBodyLimit ? `${body.slice(0, shownBodyLimit)}... (${body.length} characters)` : body;
    lines.push(`  answered: ${exchange.status} ${shown}`);
  }
  return lines.join('\n');
}
