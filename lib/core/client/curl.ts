// Renders an exchange as a curl command a person can paste into a shell. Secrets stay variables:
// the Authorization header is double-quoted so the shell expands $ACCESS_TOKEN, never shown.
import type { Exchange } from './exchange.ts';

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Part of a shell word: text written as it is, or a shell variable the word takes at that place
 * (the replay script puts a freshly created id where the run's, now deleted, id was).
 */
export type WordPiece = string | { variable: string };

/** One shell word from pieces: text single-quoted, variables double-quoted so they expand whole. */
export function shellWord(pieces: readonly WordPiece[]): string {
  const merged: WordPiece[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (typeof piece === 'string' && typeof last === 'string') merged[merged.length - 1] = last + piece;
    else if (piece !== '') merged.push(piece);
  }
  if (merged.length === 0) return "''";
  return merged.map((piece) => (typeof piece === 'string' ? shellQuote(piece) : `"$${piece.variable}"`)).join('');
}

// $ACCESS_TOKEN, or a parameter expansion of it that the auth checks' variants are written with
// (${ACCESS_TOKEN%?}x: its last character changed; ${ACCESS_TOKEN~~}: its letter case swapped, bash).
const secretVariable = /\$\{?(ACCESS_TOKEN|SECOND_ACCESS_TOKEN)\b/;

/** A header value that is a secret's variable alone ($API_KEY, from --header 'X-Api-Key: $API_KEY'). */
const secretHeaderValue = /^\$[A-Za-z_][A-Za-z0-9_]*$/;

function quoteHeader(name: string, value: string): string {
  const header = `${name}: ${value}`;
  if (name.toLowerCase() !== 'authorization' && secretHeaderValue.test(value))
    return `"${name.replace(/["\\`$]/g, '\\$&')}: ${value}"`;
  if (name.toLowerCase() === 'authorization' && secretVariable.test(value)) {
    // Only the variable may expand; anything else in the value is escaped for double quotes.
    return `"${header.replace(/["\\`]/g, '\\$&').replace(/\$(?!\{?(ACCESS_TOKEN|SECOND_ACCESS_TOKEN)\b)/g, '\\$')}"`;
  }
  return shellQuote(header);
}

const headerNames: Record<string, string> = {
  authorization: 'Authorization',
  'content-type': 'Content-Type',
  accept: 'Accept',
};

/** The secret variables a request's headers name ($ACCESS_TOKEN, $SECOND_ACCESS_TOKEN): what a script must have set. */
export function secretsNamed(exchange: Pick<Exchange, 'requestHeaders'>): string[] {
  return Object.entries(exchange.requestHeaders).flatMap(([name, value]) => [
    ...[...value.matchAll(/\$\{?(ACCESS_TOKEN|SECOND_ACCESS_TOKEN)\b/g)].map((match) => match[1]!),
    ...(name !== 'authorization' && secretHeaderValue.test(value) ? [value.slice(1)] : []),
  ]);
}

export interface CurlParts {
  method: string;
  url: readonly WordPiece[];
  requestHeaders: Record<string, string>;
  body?: readonly WordPiece[];
  /** curl's own flags; the default shows the status line and headers (-i), errors but no progress (-sS). */
  flags?: readonly string[];
}

/** A curl command from parts whose URL and body may take shell variables (the replay script). */
export function renderCurlParts({ method, url, requestHeaders, body, flags = ['-sS', '-i'] }: CurlParts): string {
  // curl -X HEAD would wait for a body that never comes: --head asks for the headers alone.
  const parts = ['curl', ...flags, ...(method === 'HEAD' ? ['--head'] : ['-X', method]), shellWord(url)];
  for (const [name, value] of Object.entries(requestHeaders)) {
    // A header sent twice is recorded one value per line (credentials.ts): one -H each.
    for (const each of value.split('\n')) parts.push('-H', quoteHeader(headerNames[name] ?? name, each));
  }
  if (body !== undefined) parts.push('--data-raw', shellWord(body));
  return parts.join(' ');
}

export function renderCurl(exchange: Exchange): string {
  return renderCurlParts({
    ...(exchange.transportFlags === undefined
      ? {}
      : { flags: ['-sS', '-i', ...exchange.transportFlags.map(shellQuote)] }),
    method: exchange.method,
    url: [exchange.url],
    requestHeaders: exchange.requestHeaders,
    ...(exchange.requestBody !== undefined ? { body: [exchange.requestBody] } : {}),
  });
}
