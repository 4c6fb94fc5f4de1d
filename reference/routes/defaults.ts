import type { Contact, Conversation, Group } from '../../lib/api/resources.ts';
import type { ReferenceChoices } from '../choices.ts';
import { badRequest } from '../respond.ts';

// Spec §2.1: a new conversation is unpinned, unmuted, unarchived and has never been active or
// opened (this API has no messages, so last_active_at and last_opened_at stay null forever).
// The id is chosen by the caller (ids.ts, in the style of choices.ids), as for groups.
export function newConversation(
  id: string,
  createdAt: number,
  contactId: string | null,
  groupId: string | null,
): Conversation {
  return {
    id,
    contact_id: contactId,
    group_id: groupId,
    pinned_message_id: null,
    is_pinned: false,
    is_muted: false,
    last_active_at: null,
    last_opened_at: null,
    created_at: createdAt,
    archived_at: null,
  };
}

export interface NewGroupFields {
  name: string;
  description: string | null | undefined;
  avatar_url: string | null | undefined;
  contacts: Contact[] | undefined;
}

/** The id is chosen by the caller: the group's conversation must name it before the group exists. */
export function newGroup(id: string, createdAt: number, conversationId: string, fields: NewGroupFields): Group {
  return {
    id,
    name: fields.name,
    description: fields.description ?? null,
    avatar_url: fields.avatar_url ?? null,
    conversation_id: conversationId,
    contacts: fields.contacts ?? [],
    created_at: createdAt,
    archived_at: null,
  };
}

/** Applies only the changes that were given: "fields not given are unchanged" (spec §4). */
export function withChanges<T extends object>(current: T, changes: { [K in keyof T]?: T[K] | undefined }): T {
  const next = { ...current };
  for (const key of Object.keys(changes) as Array<keyof T>) {
    const value = changes[key];
    if (value !== undefined) next[key] = value as T[keyof T];
  }
  return next;
}

/**
 * PUT contacts under choices.groupContacts = 'merge': the given contacts are added to the members,
 * matched by username. A member whose username is given again takes the given object in its place
 * (so its other fields can be updated); every other member is kept, duplicates from a create
 * included; new usernames are appended in the order given, each once.
 */
export function mergeContacts(members: readonly Contact[], given: readonly Contact[]): Contact[] {
  const merged = [...members];
  for (const contact of given) {
    const at = merged.findIndex((member) => member.username === contact.username);
    if (at === -1) merged.push(contact);
    else merged[at] = contact;
  }
  return merged;
}

/**
 * archived_at as given; null restores, unless choices.restore refuses it (§3: "Restoring ...: not
 * shown"). A timestamp given to a record archived already restamps it, or (archiveArchived) keeps
 * the first one, or is refused (§3: "all other transitions: not shown").
 */
export function archivedAt(
  value: number | null | undefined,
  current: number | null,
  choices: Pick<ReferenceChoices, 'restore' | 'archiveArchived'>,
): number | null | undefined {
  if (value === null && choices.restore === 'refused')
    throw badRequest('archived_at cannot be cleared: an archived object stays archived.', 'archived_at');
  if (typeof value !== 'number' || current === null || choices.archiveArchived === 'restamped') return value;
  if (choices.archiveArchived === 'refused')
    throw badRequest('archived_at: the record is archived already.', 'archived_at');
  return current;
}
