// One parser per kind of setting value, each with its formatter beside it (value → the text that
// parses back to it). A parser returns the value or one sentence saying what is wrong.
import type { BodyEncoding, GroupContactsSemantics, PaginationStyle } from './value-types.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (problem: string): Parsed<never> => ({ ok: false, problem });

export function parseBaseUrl(raw: string): Parsed<string> {
  // Empty is never "unset" here: an unset CI secret gives BASE_URL=, and the run must not fall back
  // to the embedded server and pass.
  if (raw === '')
    return bad(
      'BASE_URL is set but empty; give the address of the server to test, or unset it and pass --embedded to test the embedded reference server.',
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad(`BASE_URL "${raw}" is not a valid URL; give one such as https://api.example.com.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return bad(`BASE_URL "${raw}" must start with http:// or https://.`);
  }
  if (url.username || url.password) {
    return bad('BASE_URL must not carry a user name or password; the token belongs in ACCESS_TOKEN.');
  }
  if (url.search || url.hash) {
    return bad(`BASE_URL "${raw}" must not have a query string or fragment.`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/.test(path)) {
    return bad(`BASE_URL "${raw}" ends with /v1; give the address without it, the suite adds /v1 (spec §9).`);
  }
  return ok(`${url.origin}${path}`);
}

// RFC 6750 §2.1 b64token: what may follow "Bearer " in an Authorization header.
const bearerToken = /^[A-Za-z0-9\-._~+/]+=*$/;

export function parseToken(name: string, raw: string): Parsed<string> {
  if (/^bearer\s/i.test(raw)) {
    return bad(`${name} starts with "Bearer "; give the token alone, the suite adds the scheme.`);
  }
  if (!bearerToken.test(raw)) {
    // The value itself is never echoed: it is a secret even when it is malformed.
    return bad(
      `${name} contains a space or another character a Bearer token cannot hold (allowed: letters, digits and - . _ ~ + /, then = padding).`,
    );
  }
  return ok(raw);
}

export function parseBodyEncoding(raw: string): Parsed<BodyEncoding> {
  if (raw === 'form' || raw === 'json') return ok(raw);
  return bad(`BODY_ENCODING "${raw}" is not known; use form or json.`);
}

const paramName = /^[A-Za-z0-9_.\-[\]]+$/;

export function parsePagination(raw: string): Parsed<PaginationStyle> {
  const [kind, ...rest] = raw.split(':');
  const usage = 'use starting_after, cursor:<param>:<field>, page:<param>, offset:<param> or none';
  const names = (count: number): string[] | undefined =>
    rest.length === count && rest.every((part) => paramName.test(part)) ? rest : undefined;
  switch (kind) {
    case 'starting_after':
    case 'none':
      if (rest.length === 0) return ok({ kind });
      break;
    case 'cursor': {
      const parts = names(2);
      if (parts) return ok({ kind, param: parts[0]!, field: parts[1]! });
      return bad(`PAGINATION "${raw}" needs a parameter and an envelope field, as in cursor:cursor:next_cursor.`);
    }
    case 'page':
    case 'offset': {
      const parts = names(1);
      if (parts) return ok({ kind, param: parts[0]! });
      return bad(`PAGINATION "${raw}" needs the name of the query parameter, as in ${kind}:${kind}.`);
    }
  }
  return bad(`PAGINATION "${raw}" is not a known style; ${usage}.`);
}

/** The text PAGINATION takes for a style: parsePagination(formatPagination(style)) is style. */
export function formatPagination(style: PaginationStyle): string {
  switch (style.kind) {
    case 'cursor':
      return `${style.kind}:${style.param}:${style.field}`;
    case 'page':
    case 'offset':
      return `${style.kind}:${style.param}`;
    default:
      return style.kind;
  }
}

export const formatBodyEncoding = (encoding: BodyEncoding): string => encoding;

export function parseInteger(name: string, raw: string, min: number, max: number): Parsed<number> {
  if (!/^-?\d+$/.test(raw)) return bad(`${name} "${raw}" must be a whole number.`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    return bad(`${name} ${raw} must be between ${min} and ${max}.`);
  }
  return ok(value);
}

export const formatInteger = (value: number): string => String(value);

/** A number from min to max; `integer`: a whole one. */
export function parseNumber(name: string, raw: string, min: number, max: number, integer: boolean): Parsed<number> {
  const value = Number(raw);
  if (
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    (integer && !Number.isInteger(value)) ||
    value < min ||
    value > max
  ) {
    return bad(`${name} ${raw} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}.`);
  }
  return ok(value);
}

export function parseBoolean(name: string, raw: string): Parsed<boolean> {
  if (/^(true|1|yes)$/i.test(raw)) return ok(true);
  if (/^(false|0|no)$/i.test(raw)) return ok(false);
  return bad(`${name} "${raw}" must be true or false.`);
}

export const formatBoolean = (value: boolean): string => String(value);

export function parseGroupContacts(raw: string): Parsed<GroupContactsSemantics> {
  if (raw === 'replace' || raw === 'merge') return ok(raw);
  return bad(`GROUP_CONTACTS "${raw}" is not known; use replace or merge.`);
}

export const formatGroupContacts = (semantics: GroupContactsSemantics): string => semantics;

/** A comma-separated list of ids (what they must name is for the command that uses them to say). */
export function parseIdList(_name: string, raw: string): Parsed<string[]> {
  return ok(
    raw
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  );
}

export const formatIdList = (ids: readonly string[]): string => ids.join(',');

/** One sentence when ids of a list are not among the known ones: `what` says what they should be. */
export function unknownIdsProblem(
  name: string,
  ids: readonly string[],
  known: (id: string) => boolean,
  what: string,
): string | undefined {
  const unknown = ids.filter((id) => !known(id));
  if (unknown.length === 0) return undefined;
  return `${name} names ${unknown.map((id) => `"${id}"`).join(', ')}, which ${unknown.length > 1 ? 'are not' : 'is not'} ${what}.`;
}

/** Any text that is not empty (file names, host names). */
export function parseText(name: string, raw: string): Parsed<string> {
  return raw === '' ? bad(`${name} needs a value.`) : ok(raw);
}

/** One of a closed list of words. */
export function parseChoice<W extends string>(name: string, raw: string, words: readonly W[]): Parsed<W> {
  return (words as readonly string[]).includes(raw)
    ? ok(raw as W)
    : bad(`${name} ${raw} is not one of ${words.join(', ')}.`);
}

/** An http or https address, without a trailing slash. */
export function parseHttpUrl(name: string, raw: string): Parsed<string> {
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return ok(raw.replace(/\/+$/, ''));
  } catch {
    // told below
  }
  return bad(`${name} ${raw} is not an http or https URL.`);
}
