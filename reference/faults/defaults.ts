// Defaults of a new object (§2, §2.1, §2.2): each field a create does not set, stored or shown wrong.
import type { Conversation, Group } from '../../lib/api/resources.ts';
import { defineFaults } from './fault.ts';
import { mapObjects } from './helpers.ts';
import { spec } from './spec.ts';
import { storeNew } from './stores.ts';

/** A conversation made by POST /v1/conversations is stored with this change. */
const newConversation = (change: (value: Conversation) => Conversation) =>
  storeNew('conversations.create', 'conversations', change);

/** A group made by POST /v1/groups is stored with this change. */
const newGroup = (change: (value: Group) => Group) => storeNew('groups.create', 'groups', change);

export const defaultFaults = defineFaults([
  {
    name: 'conversations.create.group-id-not-null',
    ...spec.newConversation,
    breaks: 'a conversation created with only contact_id gets group_id set to the contact_id instead of null',
    modifier: newConversation((c) => (c.group_id === null ? { ...c, group_id: c.contact_id } : c)),
  },
  {
    name: 'conversations.create.pinned-message-id-set',
    ...spec.newConversation,
    breaks: 'a new conversation has pinned_message_id "msg_0" instead of null',
    modifier: newConversation((c) => ({ ...c, pinned_message_id: 'msg_0' })),
  },
  {
    name: 'conversations.create.is-pinned-true',
    ...spec.newConversation,
    breaks: 'a new conversation is pinned (is_pinned true)',
    modifier: newConversation((c) => ({ ...c, is_pinned: true })),
  },
  {
    name: 'conversations.create.is-muted-true',
    ...spec.newConversation,
    breaks: 'a new conversation is muted (is_muted true)',
    modifier: newConversation((c) => ({ ...c, is_muted: true })),
  },
  {
    name: 'conversations.create.archived-at-set',
    ...spec.newConversation,
    breaks: 'a new conversation is archived from the start: archived_at is its created_at instead of null',
    modifier: newConversation((c) => ({ ...c, archived_at: c.created_at })),
  },
  {
    name: 'conversations.create.last-active-at-set',
    ...spec.lastActiveAtField,
    breaks: 'a new conversation has last_active_at equal to its created_at instead of null',
    modifier: newConversation((c) => ({ ...c, last_active_at: c.created_at })),
  },
  {
    name: 'conversations.create.last-opened-at-set',
    ...spec.lastOpenedAtField,
    breaks: 'a new conversation has last_opened_at equal to its created_at instead of null',
    modifier: newConversation((c) => ({ ...c, last_opened_at: c.created_at })),
  },
  {
    name: 'groups.create.description-empty-string',
    ...spec.nullWithoutValue,
    breaks: 'a group created without a description has description "" instead of null',
    modifier: newGroup((g) => ({ ...g, description: g.description ?? '' })),
  },
  {
    name: 'groups.avatar-url-omitted-when-null',
    ...spec.nullWithoutValue,
    breaks: 'a group without an avatar_url is answered without the avatar_url field instead of with null',
    modifier: mapObjects('groups', (g) => {
      if (g.avatar_url !== null) return { ...g };
      const { avatar_url: _omitted, ...rest } = g;
      return rest;
    }),
  },
  {
    name: 'groups.create.contacts-null',
    ...spec.contactsField,
    breaks: 'a group without contacts is answered with contacts null instead of an empty array',
    modifier: mapObjects('groups', (g) => ({ ...g, contacts: g.contacts.length === 0 ? null : g.contacts })),
  },
  {
    name: 'groups.create.archived-at-set',
    ...spec.groupArchivedAtField,
    breaks: 'a new group is archived from the start: archived_at is its created_at instead of null',
    modifier: newGroup((g) => ({ ...g, archived_at: g.created_at })),
  },
]);
