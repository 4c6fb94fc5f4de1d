// Empty texts taken where the clean server wants a non-empty one (register: input-rules; §2.2 "The
// format, length and character limits of identifiers, names ...: not shown"): name= makes a group
// named "", contacts[0][username]= a member whose username is "", and contact_id= or group_id= is
// a given id ("" names a contact of that name; as a group it names no group). A server that does
// not check for empty strings does exactly this, and §4.1/§4.2 say only that the text is a string.
//
// The clean handlers refuse or drop an empty text, so the modifier hands them a stand-in for it, a
// text no client sends (a private-use character and a random tag of this process), and writes ""
// back wherever an answer carries the stand-in: from outside, the server stores and returns "".
import { randomUUID } from 'node:crypto';
import type { ServerModifier } from '../modifiers.ts';
import type { ParamSource } from '../params/source.ts';
import { sortedMembers } from '../params/text-rules.ts';
import type { Reply } from '../respond.ts';
import type { Contact } from '../../lib/api/resources.ts';

const TEXTS = ['name', 'contact_id', 'group_id'];

function withStandIns(source: ParamSource, standIn: string): ParamSource {
  const values: Record<string, unknown> = { ...source.values };
  for (const name of TEXTS) if (values[name] === '') values[name] = standIn;
  if (Array.isArray(values.contacts)) {
    values.contacts = values.contacts.map((contact: unknown) =>
      typeof contact === 'object' && contact !== null && (contact as Record<string, unknown>).username === ''
        ? { ...contact, username: standIn }
        : contact,
    );
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

/** One stand-in for every server of this process: random, so that no client sends it. */
const standIn = `\uE000empty-${randomUUID()}`;

/**
 * Members kept sorted by username (contact-fields:sorted-by-username) were sorted with the stand-in
 * where "" stands, which sorts after every other username; "" sorts first, so they are sorted again.
 */
function sortedAgain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedAgain);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [
    key,
    key === 'contacts' && Array.isArray(item) ? sortedMembers(item as Contact[]) : sortedAgain(item),
  ]);
  return Object.fromEntries(entries);
}

export const emptyTextsAccepted: ServerModifier = {
  handle: (next) => async (context, route) => {
    const reply: Reply = await next(
      { ...context, body: async () => withStandIns(await context.body(), standIn) },
      route,
    );
    if (context.choices.memberOrder !== 'by-username' || reply.body === undefined) return reply;
    return { ...reply, body: sortedAgain(withoutStandIns(reply.body, standIn)) };
  },
  // A modifier nearer the handler may have written the body out already (response-media-type's).
  reply: (reply) => ({
    ...reply,
    ...(reply.body === undefined ? {} : { body: withoutStandIns(reply.body, standIn) }),
    ...(reply.text === undefined ? {} : { text: reply.text.replaceAll(standIn, '') }),
  }),
};
