// What the OpenAPI document says about each operation: which resource and kind of operation it is
// (from which its schemas follow) and, in the spec's words, what it does and what the spec leaves open.
import type { OperationName } from '../api/operations.ts';

export type OperationKind = 'list' | 'create' | 'retrieve' | 'update' | 'delete';
export type ResourceName = 'conversation' | 'group';

export interface OperationText {
  kind: OperationKind;
  resource: ResourceName;
  summary: string;
  description: string;
}

export const resourceTags: Record<ResourceName, { tag: string; plural: string; description: string }> = {
  conversation: {
    tag: 'conversations',
    plural: 'conversations',
    description:
      'The container for messages between the authenticated user and one contact, or between the user and a group (§1, §2.1, §4.1).',
  },
  group: {
    tag: 'groups',
    plural: 'groups',
    description: 'A collection of contacts that talk together; each group has one conversation (§1, §2.2, §4.2).',
  },
};

const nextPage =
  'How to fetch the page after one with has_more true (cursor or page parameters): not specified by the spec (§4.3), so no such parameter is documented.';

export const operationTexts: Record<OperationName, OperationText> = {
  listConversations: {
    kind: 'list',
    resource: 'conversation',
    summary: 'List conversations',
    description: `Lists conversations, a page at a time (default page size ten, §8), optionally filtered (§4.1). ${nextPage}`,
  },
  createConversation: {
    kind: 'create',
    resource: 'conversation',
    summary: 'Create a conversation',
    description:
      'Creates a conversation with a contact (contact_id) or a group (group_id); at least one of them must be given (§4.1). ' +
      'On the new conversation pinned_message_id is null, is_pinned and is_muted are false, archived_at is null, ' +
      'and group_id is null when only contact_id was given (§2.1).',
  },
  retrieveConversation: {
    kind: 'retrieve',
    resource: 'conversation',
    summary: 'Retrieve a conversation',
    description: 'Returns the conversation with the given id (§4.1).',
  },
  updateConversation: {
    kind: 'update',
    resource: 'conversation',
    summary: 'Update a conversation',
    description:
      'Sets the pinned message, pins or unpins, mutes or unmutes, or archives (archived_at) the conversation (§4.1, §3). ' +
      'Fields not given are unchanged. Restoring an archived conversation: not specified by the spec (§3).',
  },
  deleteConversation: {
    kind: 'delete',
    resource: 'conversation',
    summary: 'Delete a conversation',
    description: 'Permanently deletes the conversation and all its messages (§4.1, §3).',
  },
  listGroups: {
    kind: 'list',
    resource: 'group',
    summary: 'List groups',
    description: `Lists groups, a page at a time (default page size ten, §8), optionally filtered (§4.2). ${nextPage}`,
  },
  createGroup: {
    kind: 'create',
    resource: 'group',
    summary: 'Create a group',
    description:
      'Creates a group: name is required; description, avatar_url and contacts are optional (§4.2). ' +
      "The response includes the conversation_id of the group's conversation; contacts is an empty array when none were given (§2.2).",
  },
  retrieveGroup: {
    kind: 'retrieve',
    resource: 'group',
    summary: 'Retrieve a group',
    description: 'Returns the group with the given id (§4.2).',
  },
  updateGroup: {
    kind: 'update',
    resource: 'group',
    summary: 'Update a group',
    description:
      'Changes the name, description, avatar or contacts of the group, or archives it (archived_at) (§4.2, §3). Fields not given are unchanged. ' +
      'Whether contacts replaces the membership list or merges into it: not specified by the spec (§4.2). ' +
      'Restoring an archived group: not specified by the spec (§3).',
  },
  deleteGroup: {
    kind: 'delete',
    resource: 'group',
    summary: 'Delete a group',
    description: 'Permanently deletes the group, including its messages (§4.2, §3).',
  },
};

/** The query parameters' descriptions, from the spec's parameter tables (§4.1, §4.2); `items` is the resource's plural. */
export const queryParameterNotes: Record<string, (items: string) => string> = {
  limit: (items) =>
    `Limits the number of ${items} returned; the default page size is ten (§8). Its maximum: not specified by the spec (§8).`,
  muted: (items) => `When true, only muted ${items} are returned. What false does: not specified by the spec (§4.1).`,
  archived: (items) =>
    `When true, only archived ${items} are returned. What false does: not specified by the spec (§4.1).`,
  pinned: (items) => `When true, only pinned ${items} are returned. What false does: not specified by the spec (§4.1).`,
  group_id: (items) => `Only ${items} of the given group are returned.`,
};
