// Text normalised before it is stored (register: text-storage; §2.2 "The format ... of
// identifiers, names, descriptions and URLs ...: not shown"): a name, a description and a
// contact_id are trimmed, every run of white space in them made one space, and put in Unicode NFC.
// An empty text stays empty (empty-text decides what it becomes). The values are rewritten
// before the clean handler reads them, so what is refused is what the clean server refuses.
import type { ServerModifier } from '../modifiers.ts';
import type { ParamSource } from '../params/source.ts';

const TEXT_PARAMS = ['name', 'description', 'contact_id'];

export const normalisedText = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ').trim();

function normalised(source: ParamSource): ParamSource {
  const values: Record<string, unknown> = { ...source.values };
  let changed = false;
  for (const name of TEXT_PARAMS) {
    const value = values[name];
    if (typeof value !== 'string' || normalisedText(value) === value) continue;
    values[name] = normalisedText(value);
    changed = true;
  }
  return changed ? { encoding: source.encoding, values } : source;
}

/** Bodies only: a list's query names no text that is stored. */
export const textNormalised: ServerModifier = {
  handle: (next) => (context, route) => next({ ...context, body: async () => normalised(await context.body()) }, route),
};
