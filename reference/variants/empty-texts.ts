// Empty texts taken where the clean server wants a non-empty one (register: input-rules; §2.2 "The
// format, length and character limits of identifiers, names ...: not shown"): name= makes a group
// named "", contacts[0][username]= a member whose username is "", and contact_id= or group_id= is
// a given id ("" names a contact of that name; as a group it names no group). A server that does
// not check for empty strings does exactly this, and §4.1/§4.2 say only that the text is a string.
//
// The clean handlers refuse or drop an empty text, so the modifier hands them a stand-in for it, a
// text no client sends (a private-use character and this server's own random tag), and writes ""
// back wherever an answer carries the stand-in: from outside, the server stores and returns "".
import { randomUUID } from 'node:crypto';
import type { ServerModifier } from '../modifiers.ts';
import type { ParamSource } from '../params/source.ts';

const TEXTS = ['name', 'contact_id', 'group_id'];

function withStandIns(source: ParamSource, standIn: string): ParamSource {
  const values: Record<string, unknown> = { ...source.values };
  for (const name of TEXTS) if (values[name] === '') values[name] = standIn;
  if (Array.isArray(values.contacts)) {
    values.contacts = values.contacts.map((contact: unknown) =>
      typeof contact === 'object' && contact !== null && (contact as Record<string, unknown>).username === ''
        ? { ...contact, username: standIn } : contact);
  }
  return { encoding: source.encoding, values };
}

/** The answer's JSON with the stand-in written as "" wherever a string holds it (an error message too). */
function withoutStandIns(value: unknown, standIn: string): unknown {
  if (typeof value === 'string') return value.replaceAll(standIn, '');
  if (Array.isArray(value)) return value.map((item) => withoutStandIns(item, standIn));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutStandIns(item, standIn)]));
  }
  return value;
}

/** One stand-in per server made of this modifier's variant (a module load makes it once). */
const standIn = `\uE000empty-${randomUUID()}`;

export const emptyTextsAccepted: ServerModifier = {
  handle: (next) => (context, route) => next({ ...context, body: async () => withStandIns(await context.body(), standIn) }, route),
  // A modifier nearer the handler may have written the body out already (response-media-type's).
  reply: (reply) => ({
    ...reply,
    ...(reply.body === undefined ? {} : { body: withoutStandIns(reply.body, standIn) }),
    ...(reply.text === undefined ? {} : { text: reply.text.replaceAll(standIn, '') }),
  }),
};
