// How the group checks compare members (profile: contact-fields, group-contacts, unique-members): §2.2 shows only a contact's username, and neither the
// order of contacts nor their other fields, so members are compared as sets of usernames; a
// username given twice may be kept twice or once.
import type { Contact, Group } from '../../lib/api/resources.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import { expectThat } from './expect.ts';

/** The usernames of a member list, without repeats, sorted so that two lists compare and print alike. */
export function usernames(contacts: readonly Contact[]): string[] {
  return [...new Set(contacts.map((contact) => contact.username))].sort();
}

/** The group's members are exactly these usernames (as a set). */
export function expectMembers(response: ApiResponse, group: Group, expected: readonly string[], why: string): void {
  const wanted = [...new Set(expected)].sort();
  const actual = usernames(group.contacts);
  expectThat(
    actual.length === wanted.length && actual.every((name, index) => name === wanted[index]),
    response,
    `contacts with exactly the usernames ${JSON.stringify(wanted)}, in any order (${why})`,
    `contacts with the usernames ${JSON.stringify(actual)}`,
  );
}

/** Each of these usernames is among the group's members; others may be there too. */
export function expectMembersInclude(
  response: ApiResponse,
  group: Group,
  expected: readonly string[],
  why: string,
): void {
  const actual = usernames(group.contacts);
  const missing = expected.filter((name) => !actual.includes(name));
  expectThat(
    missing.length === 0,
    response,
    `contacts that include the usernames ${JSON.stringify([...expected].sort())} (${why})`,
    `contacts with the usernames ${JSON.stringify(actual)}, without ${JSON.stringify(missing)}`,
  );
}
