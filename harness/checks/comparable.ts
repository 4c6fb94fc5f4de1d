// What two copies of one object must agree on, wherever the suite compares them (retrieve against
// create, a PUT's answer against a later retrieve, the model against the server).
import type { Conversation, Group } from '../../lib/api/resources.ts';
import { usernames } from './members.ts';

/** The fields §2.1 shows; others a server adds (profile: extra-fields) are never compared. */
const conversationFields = [
  'id',
  'contact_id',
  'group_id',
  'pinned_message_id',
  'is_pinned',
  'is_muted',
  'created_at',
  'archived_at',
] as const;

/** The fields §2.2 shows. */
const groupFields = [
  'id',
  'name',
  'description',
  'avatar_url',
  'conversation_id',
  'created_at',
  'archived_at',
] as const;

const pickFields = (object: object, fields: readonly string[]) =>
  Object.fromEntries(
    fields.filter((field) => field in object).map((field) => [field, (object as Record<string, unknown>)[field]]),
  );

/**
 * §2.1: last_opened_at is "when the authenticated user last opened the conversation" and
 * last_active_at "when the conversation was last active"; what counts as opening it or as activity
 * is not shown (profile: last-opened-at, last-active-at), so both may move between two copies.
 */
export function comparableConversation(conversation: Conversation): Record<string, unknown> {
  return pickFields(conversation, conversationFields);
}

/** §2.2 shows neither the order of contacts nor their other fields: members compare as sets of usernames. */
export function comparableGroup(group: Group): Record<string, unknown> {
  return { ...pickFields(group, groupFields), contacts: usernames(group.contacts) };
}
