// Request bodies in the two encodings: named form parameters, as in the spec's examples (§4), with
// arrays of objects in bracket notation (contacts[0][username]=alice), or JSON.
import qs from 'qs';
import type { BodyEncoding } from '../config/settings.ts';

export interface EncodedBody {
  contentType: string;
  text: string;
}

/**
 * How a form writes a space: %20 (RFC 3986) or + (the HTML form encoding, which every form reader
 * must take). JSON has one way.
 */
export type FormSpaces = 'percent' | 'plus';

export function encodeBody(
  encoding: BodyEncoding,
  body: Record<string, unknown>,
  spaces: FormSpaces = 'percent',
): EncodedBody {
  if (encoding === 'json') {
    return { contentType: 'application/json', text: JSON.stringify(body) };
  }
  // qs writes null as an empty value (archived_at=), which is also how a form clears a field, but
  // leaves an empty array out altogether: a form has no other way to say "no contacts" than
  // contacts= (the reference server's reading; a server that reads it otherwise needs JSON;
  // profile: form-encoding).
  const withEmptyLists = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, Array.isArray(value) && value.length === 0 ? '' : value]),
  );
  const text = qs.stringify(withEmptyLists, {
    encodeValuesOnly: true,
    arrayFormat: 'indices',
    format: spaces === 'plus' ? 'RFC1738' : 'RFC3986',
  });
  return { contentType: 'application/x-www-form-urlencoded', text };
}
