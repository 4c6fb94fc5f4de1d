// Stored values are frozen, all the way down: a list page hands out the stored values themselves
// (no copy per item per request), so nothing may change them in place, and their JSON text,
// made once (json-text.ts), stays right for as long as the value lives.

type Plain = Record<string, unknown> | unknown[];

function isObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null;
}

export function deepFreeze<T>(value: T): T {
  if (!isObject(value) || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const field of Object.values(value)) deepFreeze(field);
  return value;
}
