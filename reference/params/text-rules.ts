// What becomes of a text parameter under the choices the spec leaves open: §2.2 leaves "the
// format, length and character limits" open (textLimits, controlCharacters), and §2 says only that
// "a field without a value is returned as null" (emptyText). Texts that pass are stored exactly.
import type { Contact } from '../../lib/api/resources.ts';
import type { ReferenceChoices } from '../choices.ts';
import { badRequest } from '../respond.ts';

type TextChoices = Pick<ReferenceChoices, 'textLimits' | 'controlCharacters'>;
type MemberChoices = TextChoices & Pick<ReferenceChoices, 'contactFields' | 'memberOrder' | 'repeatedMembers'>;

// eslint-disable-next-line no-control-regex -- control characters are what the rule refuses
const CONTROL = /[\u0000-\u001f]/;

/** The text as given, or a 400 naming the parameter when the choices refuse it. */
export function acceptedText<T extends string | undefined>(
  value: T,
  name: string,
  choices: TextChoices,
  kind: 'text' | 'url' = 'text',
): T {
  if (value === undefined) return value;
  const limit = choices.textLimits?.[kind];
  if (limit !== undefined && [...(value as string)].length > limit)
    throw badRequest(`${name} must be at most ${limit} characters long.`, name);
  if (choices.controlCharacters === 'refused' && CONTROL.test(value))
    throw badRequest(`${name} must not contain control characters.`, name);
  return value;
}

/** An empty text is stored as sent, or as a field without a value (emptyText: 'null'). */
export function storedText(
  value: string | undefined,
  choices: Pick<ReferenceChoices, 'emptyText'>,
): string | null | undefined {
  return value === '' && choices.emptyText === 'null' ? null : value;
}

/**
 * Members as this server keeps them: usernames checked, a username given twice kept twice, merged
 * into its first member or refused (repeatedMembers), other fields kept or dropped, order kept or sorted.
 */
export function keptMembers(
  contacts: Contact[] | undefined,
  name: string,
  choices: MemberChoices,
): Contact[] | undefined {
  if (contacts === undefined) return undefined;
  const usernames = contacts.map((contact) => contact.username);
  const repeated = usernames.find((username, index) => usernames.indexOf(username) !== index);
  if (repeated !== undefined && choices.repeatedMembers === 'refused')
    throw badRequest(`${name} names ${JSON.stringify(repeated)} twice.`, name);
  const unique =
    choices.repeatedMembers === 'merged'
      ? contacts.filter((contact, index) => usernames.indexOf(contact.username) === index)
      : contacts;
  const kept = unique.map((contact) => {
    acceptedText(contact.username, name, choices);
    return choices.contactFields === 'username-only' ? { username: contact.username } : contact;
  });
  return choices.memberOrder === 'by-username' ? sortedMembers(kept) : kept;
}

/** Stable: members of one username keep their order. */
export function sortedMembers(contacts: readonly Contact[]): Contact[] {
  return [...contacts].sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
}
