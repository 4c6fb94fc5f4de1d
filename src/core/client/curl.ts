// Renders an exchange as a curl command a person can paste into a shell. Secrets stay variables:
// the Authorization header is double-quoted so the shell expands $ACCESS_TOKEN, never shown.
import type { Exchange } from './exchange.ts';

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const secretVariable = /\$(ACCESS_TOKEN|SECOND_ACCESS_TOKEN)\b/;

function quoteHeader(name: string, value: string): string {
  const header = `${name}: ${value}`;
  if (name.toLowerCase() === 'authorization' && secretVariable.test(value)) {
    // Only the variable may expand; anything else in the value is escaped for double quotes.
    return `"${header.replace(/["\\`]/g, '\\$&').replace(/\$(?!(ACCESS_TOKEN|SECOND_ACCESS_TOKEN)\b)/g, '\\$')}"`;
  }
  return shellQuote(header);
}

const headerNames: Record<string, string> = {
  authorization: 'Authorization',
  'content-type': 'Content-Type',
  accept: 'Accept',
};

export function renderCurl(exchange: Exchange): string {
  const parts = ['curl', '-sS', '-i', '-X', exchange.method, shellQuote(exchange.url)];
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    parts.push('-H', quoteHeader(headerNames[name] ?? name, value));
  }
  if (exchange.requestBody !== undefined) parts.push('--data-raw', shellQuote(exchange.requestBody));
  return parts.join(' ');
}
