import type { Contact, Conversation, Group } from '../../src/api/resources.ts';
import { newId } from '../ids.ts';

// Spec §2.1: a new conversation is unpinned, unmuted, unarchived and has never been active or
// opened (this API has no messages, so last_active_at and last_opened_at stay null forever).
export function newConversation(createdAt: number, contactId: string | null, groupId: string | null): Conversation {
  return {
    id: newId('conv'),
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
  description: string | undefined;
  avatar_url: string | undefined;
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
