// One parser per kind of setting value. Each returns the value or one sentence saying what is wrong.
import type { BodyEncoding, GroupContactsSemantics, PaginationStyle } from './settings.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (problem: string): Parsed<never> => ({ ok: false, problem });

export function parseBaseUrl(raw: string): Parsed<string> {
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
    return bad(`${name} contains a space or another character a Bearer token cannot hold (allowed: letters, digits and - . _ ~ + /, then = padding).`);
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

export function parseInteger(name: string, raw: string, min: number, max: number): Parsed<number> {
  if (!/^-?\d+$/.test(raw)) return bad(`${name} "${raw}" must be a whole number.`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    return bad(`${name} ${raw} must be between ${min} and ${max}.`);
  }
  return ok(value);
}

export function parseBoolean(name: string, raw: string): Parsed<boolean> {
  if (/^(true|1|yes)$/i.test(raw)) return ok(true);
  if (/^(false|0|no)$/i.test(raw)) return ok(false);
  return bad(`${name} "${raw}" must be true or false.`);
}

export function parseGroupContacts(raw: string): Parsed<GroupContactsSemantics> {
  if (raw === 'replace' || raw === 'merge') return ok(raw);
  return bad(`GROUP_CONTACTS "${raw}" is not known; use replace or merge.`);
}

/** A comma-separated list of ids, each of which `known` must accept. */
export function parseIdList(name: string, raw: string, known: (id: string) => boolean, what: string): Parsed<string[]> {
  const ids = raw.split(',').map((id) => id.trim()).filter((id) => id !== '');
  const unknown = ids.filter((id) => !known(id));
  if (unknown.length > 0) return bad(`${name} names ${unknown.map((id) => `"${id}"`).join(', ')}, which ${unknown.length > 1 ? 'are not' : 'is not'} ${what}.`);
  return ok(ids);
}
