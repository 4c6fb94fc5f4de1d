// Undocumented extra fields in every JSON object of every answer: each envelope, conversation,
// group, contact, error body and delete confirmation. A documented field is never changed: when a
// name is taken (a contact may echo any field the client sent), the documented value wins.
import type { ServerModifier } from '../modifiers.ts';

/** Of several JSON types, null included, since a client must ignore any of them. */
export const extraFields: Readonly<Record<string, unknown>> = {
  x_note: 'not in the spec',
  x_revision: 3,
  x_beta: true,
  x_tags: ['extra'],
  x_meta: { source: 'reference-variant', nested: { depth: 2 } },
  x_removed_at: null,
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function withExtraFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtraFields);
  if (!isPlainObject(value)) return value;
  const object = Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withExtraFields(field)]));
  for (const [key, extra] of Object.entries(extraFields)) {
    if (!Object.hasOwn(object, key)) object[key] = structuredClone(extra);
  }
  return object;
}

export const extraFieldsEverywhere: ServerModifier = {
  reply(reply) {
    return reply.body === undefined ? reply : { ...reply, body: withExtraFields(reply.body) };
  },
};
