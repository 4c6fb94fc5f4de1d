// What a newly created object holds besides what it was created with, written once: the create
// checks, the properties and the model all compare against these.

/**
 * §2.1: "On a newly created conversation: group_id is null when only contact_id was given,
 * pinned_message_id is null, is_pinned is false, is_muted is false, and archived_at is null."
 * The table adds last_active_at and last_opened_at: "null on a new conversation".
 */
export const newConversation = {
  pinned_message_id: null,
  is_pinned: false,
  is_muted: false,
  archived_at: null,
  last_active_at: null,
  last_opened_at: null,
} as const;

/** §2.1: "group_id is null when only contact_id was given." */
export const newContactConversation = { ...newConversation, group_id: null } as const;

/**
 * §2: "a field without a value is returned as null" (description, avatar_url not given); §2.2:
 * contacts "an empty array when none were given", archived_at "null when not archived".
 */
export const newGroup = { description: null, avatar_url: null, contacts: [], archived_at: null } as const;

/** Why each default holds, for failure messages. */
export const newObjectReasons: Readonly<Record<string, string>> = {
  group_id: '§2.1: group_id is null when only contact_id was given',
  pinned_message_id: '§2.1: pinned_message_id is null on a new conversation',
  is_pinned: '§2.1: is_pinned is false on a new conversation',
  is_muted: '§2.1: is_muted is false on a new conversation',
  archived_at: '§2.1, §2.2: archived_at is null on a new object (not archived)',
  last_active_at: '§2.1: last_active_at is null on a new conversation',
  last_opened_at: '§2.1: last_opened_at is null on a new conversation',
  description: '§2: a field without a value is returned as null',
  avatar_url: '§2: a field without a value is returned as null',
  contacts: '§2.2: contacts is an empty array when none were given',
};
