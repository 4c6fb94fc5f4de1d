// What two copies of one object must agree on, wherever the suite compares them (retrieve against
// create, a PUT's answer against a later retrieve, the model against the server).
import type { Conversation, Group } from '../../api/resources.ts';
import { usernames } from './members.ts';

/**
 * §2.1: last_opened_at is "when the authenticated user last opened the conversation"; whether a
 * retrieve counts as opening it is not shown, so it may move between two copies.
 */
export function comparableConversation(conversation: Conversation): Record<string, unknown> {
  const { last_opened_at: _mayMove, ...rest } = conversation;
  return rest;
}

/** §2.2 shows neither the order of contacts nor their other fields: members compare as sets of usernames. */
export function comparableGroup(group: Group): Record<string, unknown> {
  return { ...group, contacts: usernames(group.contacts) };
}
