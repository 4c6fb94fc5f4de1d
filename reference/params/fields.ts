import type { Contact } from '../../lib/api/resources.ts';
import { badRequest } from '../respond.ts';
import type { ParamSource } from './source.ts';

// Each reader returns undefined when the parameter is absent and throws a 400 naming the
// parameter when it is present but wrong. Only archived_at accepts null (it means "restore").

function raw(source: ParamSource, name: string): unknown {
  return Object.hasOwn(source.values, name) ? source.values[name] : undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : `a ${typeof value}`;
}

export function optionalString(source: ParamSource, name: string): string | undefined {
  const value = raw(source, name);
  if (value === undefined || typeof value === 'string') return value;
  throw badRequest(`${name} must be a string; received ${describe(value)}.`, name);
}

export function optionalNonEmptyString(source: ParamSource, name: string): string | undefined {
  const value = optionalString(source, name);
  if (value === '') throw badRequest(`${name} must not be empty.`, name);
  return value;
}

export function requiredNonEmptyString(source: ParamSource, name: string): string {
  const value = optionalNonEmptyString(source, name);
  if (value === undefined) throw badRequest(`${name} is required.`, name);
  return value;
}

export function optionalBoolean(source: ParamSource, name: string): boolean | undefined {
  const value = raw(source, name);
  if (value === undefined) return undefined;
  if (source.encoding === 'json' && typeof value === 'boolean') return value;
  if (source.encoding === 'text' && (value === 'true' || value === 'false')) return value === 'true';
  const expected = source.encoding === 'json' ? 'a JSON boolean' : '"true" or "false"';
  throw badRequest(`${name} must be ${expected}; received ${describe(value)}.`, name);
}

/** An integer >= min, or undefined when absent. Text must be decimal digits, optionally signed. */
export function optionalInteger(source: ParamSource, name: string, min: number): number | undefined {
  const value = raw(source, name);
  if (value === undefined) return undefined;
  let parsed: number | undefined;
  if (source.encoding === 'json' && typeof value === 'number') parsed = value;
  if (source.encoding === 'text' && typeof value === 'string' && /^-?\d+$/.test(value)) {
    parsed = Number(value);
  }
  if (parsed === undefined || !Number.isSafeInteger(parsed)) {
    throw badRequest(`${name} must be an integer; received ${describe(value)}.`, name);
  }
  if (parsed < min) throw badRequest(`${name} must be >= ${min}; received ${parsed}.`, name);
  return parsed;
}

/** A timestamp, or null to clear it: JSON null, or an empty value in text (`archived_at=`). */
export function optionalTimestampOrNull(source: ParamSource, name: string): number | null | undefined {
  const value = raw(source, name);
  if (value === null && source.encoding === 'json') return null;
  if (value === '' && source.encoding === 'text') return null;
  return optionalInteger(source, name, 0);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array of contact objects; `contacts=` in text is the empty array (text has no `[]`). */
export function optionalContacts(source: ParamSource, name: string): Contact[] | undefined {
  const value = raw(source, name);
  if (value === undefined) return undefined;
  if (value === '' && source.encoding === 'text') return [];
  if (!Array.isArray(value)) {
    throw badRequest(`${name} must be an array of contact objects; received ${describe(value)}.`, name);
  }
  return value.map((item: unknown, index) => {
    if (!isPlainObject(item)) {
      throw badRequest(`${name}[${index}] must be an object; received ${describe(item)}.`, name);
    }
    const { username } = item;
    if (typeof username !== 'string' || username === '') {
      throw badRequest(`${name}[${index}].username must be a non-empty string.`, name);
    }
    // Spread into an ordinary object: qs may hand us null-prototype objects.
    return { ...item, username };
  });
}
