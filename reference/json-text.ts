import { deepFreeze } from './frozen.ts';

// The JSON text of an answer's body. A frozen value cannot change, so its text is made once and
// kept beside it (WeakMaps: they go when the value goes). Stored values are frozen (store.ts), so a
// list page is the concatenation of texts already made, and a page asked for again, unchanged, is
// the same frozen page with the same bytes (routes/list.ts).

const texts = new WeakMap<object, string>();
const payloads = new WeakMap<object, Buffer>();

function isFrozenObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.isFrozen(value);
}

/** JSON.stringify(value), from the kept text when the value is frozen and was serialised before. */
export function jsonText(value: unknown): string {
  if (!isFrozenObject(value)) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/**
 * Keeps `text` as the JSON text of `value`, which is frozen here, all the way down, so that the
 * text cannot go stale. The caller vouches that `text` is what JSON.stringify(value) gives.
 */
export function withJsonText<T extends object>(value: T, text: string): T {
  texts.set(deepFreeze(value), text);
  return value;
}

/** What to write for a JSON body: its text, or for a frozen body the UTF-8 bytes of it, made once. */
export function jsonPayload(body: unknown): string | Buffer {
  if (!isFrozenObject(body)) return JSON.stringify(body);
  let bytes = payloads.get(body);
  if (bytes === undefined) {
    bytes = Buffer.from(jsonText(body));
    payloads.set(body, bytes);
  }
  return bytes;
}
