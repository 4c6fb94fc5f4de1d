import qs from 'qs';
import { ApiError, badRequest } from '../respond.ts';

/**
 * How a value is typed depends on where it came from: JSON keeps its own types, while a query
 * string or a form body carries every value as text. Readers in fields.ts check each accordingly.
 */
export type Encoding = 'json' | 'text';

export interface ParamSource {
  readonly encoding: Encoding;
  readonly values: Readonly<Record<string, unknown>>;
}

export const NO_PARAMS: ParamSource = { encoding: 'text', values: {} };

// Index-based arrays up to 1000 entries (contacts[999][username]); beyond that qs would silently
// turn the array into an object, so we make it throw and answer 400 instead.
const QS_OPTIONS: qs.IParseOptions = {
  depth: 5,
  strictDepth: true,
  arrayLimit: 1000,
  parameterLimit: 20_000,
  throwOnLimitExceeded: true,
};

/** Parses `a=1&contacts[0][username]=x` (a query string or a form body) into text values. */
export function parseText(text: string): ParamSource {
  try {
    return { encoding: 'text', values: qs.parse(text, QS_OPTIONS) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw badRequest(`Parameters could not be parsed: ${reason}`);
  }
}

/**
 * A JSON body that parses but is not an object: refused as any bad body is, but carrying the value,
 * so that a fault (faults/bodies.ts) can tell an array from null without reading the body again.
 */
export class NonObjectJsonBody extends ApiError {
  constructor(readonly value: unknown) {
    super(400, 'invalid_request_error', 'A JSON body must be an object of parameters.');
  }
}

export function parseJsonObject(text: string): ParamSource {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new NonObjectJsonBody(value);
  }
  return { encoding: 'json', values: value as Record<string, unknown> };
}
