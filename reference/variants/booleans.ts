// Booleans spelt otherwise read as booleans (register: malformed-boolean; §4 shows no spelling of
// a boolean in a form, and §7 no answer to a bad one): yes, on, 1 and any letter case of true are
// true; no, off, 0 and any letter case of false are false; in a form as in a JSON string. Anything
// else is still refused. The values are rewritten before the clean handler reads them.
import type { ServerModifier } from '../modifiers.ts';
import type { ParamSource } from '../params/source.ts';

/** The boolean parameters: the update's flags and the list filters. */
const BOOLEAN_PARAMS = ['is_muted', 'is_pinned', 'muted', 'archived', 'pinned'];

const TRUE = new Set(['true', 'yes', 'on', '1']);
const FALSE = new Set(['false', 'no', 'off', '0']);

function readBooleans(source: ParamSource): ParamSource {
  const values: Record<string, unknown> = { ...source.values };
  let changed = false;
  for (const name of BOOLEAN_PARAMS) {
    const value = values[name];
    if (typeof value !== 'string') continue;
    const word = value.trim().toLowerCase();
    if (!TRUE.has(word) && !FALSE.has(word)) continue;
    // What the clean reader takes: the words of a form, a boolean of JSON.
    values[name] = source.encoding === 'json' ? TRUE.has(word) : String(TRUE.has(word));
    changed = true;
  }
  return changed ? { encoding: source.encoding, values } : source;
}

export const malformedBooleansRead: ServerModifier = {
  handle: (next) => (context, route) =>
    next(
      {
        ...context,
        query: () => readBooleans(context.query()),
        body: async () => readBooleans(await context.body()),
      },
      route,
    ),
};
