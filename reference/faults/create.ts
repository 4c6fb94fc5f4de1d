// Creating (§1, §2.1, §2.2, §4.1, §4.2): parameters dropped, required ones not required, and a
// group without its one conversation.
import { defineFaults } from './fault.ts';
import { around, dropParam, encodeParam, isRecord, mapParams } from './helpers.ts';
import { spec } from './spec.ts';
import { interceptStore, storeNew, withStore } from './stores.ts';
import { ok } from '../respond.ts';

/** An empty id counts as not given (reference/README.md), as the clean handler reads it. */
const given = (value: unknown): boolean => value !== undefined && value !== '';

// Stands in for the missing contact_id so that the clean handler accepts the create; the store
// then records null in its place.
const PLACEHOLDER = '\u0000fault-no-contact';

export const createFaults = defineFaults([
  {
    name: 'conversations.create.contact-id-dropped',
    ...spec.contactIdField,
    breaks: 'a conversation is stored with contact_id null whatever contact_id it was created with',
    modifier: storeNew('conversations.create', 'conversations', (c) => ({ ...c, contact_id: null })),
  },
  {
    name: 'conversations.create.contact-or-group-not-required',
    ...spec.contactOrGroupRequired,
    breaks: 'a create with neither contact_id nor group_id is accepted (201) and makes a conversation with both null',
    modifier: around('conversations.create', async (context, route, next) => {
      const body = await context.body();
      if (given(body.values.contact_id) || given(body.values.group_id))
        return next({ ...context, body: async () => body }, route);
      const filled = { encoding: body.encoding, values: { ...body.values, contact_id: PLACEHOLDER } };
      const { conversations } = context.store;
      const store = interceptStore(context.store, {
        conversations: {
          insert: (value) =>
            conversations.insert({ ...value, contact_id: value.contact_id === PLACEHOLDER ? null : value.contact_id }),
        },
      });
      return next({ ...context, body: async () => filled, store }, route);
    }),
  },
  {
    name: 'conversations.create.second-conversation-for-group',
    ...spec.oneConversationPerGroup,
    breaks:
      'POST /v1/conversations with the group_id of a group that has its conversation makes a second one for the group',
    // The clean handler looks the group's conversation up to answer with it; it finds nothing.
    modifier: withStore('conversations.create', () => ({ conversations: { get: () => undefined } })),
  },
  {
    name: 'groups.create.name-not-required',
    ...spec.nameParam,
    breaks: 'a group created without a name is accepted and named "Untitled group"',
    modifier: mapParams('groups.create', (values, encoding) =>
      values.name === undefined ? { ...values, name: encodeParam('Untitled group', encoding) } : values,
    ),
  },
  {
    name: 'groups.create.description-ignored',
    ...spec.descriptionParam,
    breaks: 'POST /v1/groups ignores description: the group is created with description null',
    modifier: dropParam('groups.create', 'description'),
  },
  {
    name: 'groups.create.avatar-url-ignored',
    ...spec.avatarUrlParam,
    breaks: 'POST /v1/groups ignores avatar_url: the group is created with avatar_url null',
    modifier: dropParam('groups.create', 'avatar_url'),
  },
  {
    name: 'groups.create.contacts-dropped',
    ...spec.contactsParam,
    breaks: 'POST /v1/groups ignores contacts: the group is created with no members',
    modifier: dropParam('groups.create', 'contacts'),
  },
  {
    name: 'groups.create.contact-username-dropped',
    ...spec.contactUsername,
    breaks: 'the contacts of a new group are stored without their username field',
    modifier: storeNew('groups.create', 'groups', (g) => ({
      ...g,
      contacts: g.contacts.map(({ username: _dropped, ...rest }) => rest as (typeof g.contacts)[number]),
    })),
  },
  {
    // Issue 24: a create whose answer is not the group never gives the run the group's id, so only
    // the run's marker in its name finds it for the sweep.
    name: 'groups.create.answers-conversation',
    ...spec.createdGroup,
    breaks:
      "POST /v1/groups answers 201 with the new group's conversation object instead of the group (the group is stored as usual)",
    modifier: around('groups.create', async (context, route, next) => {
      const reply = await next(context, route);
      const conversationId = isRecord(reply.body) ? reply.body.conversation_id : undefined;
      const conversation =
        typeof conversationId === 'string' ? context.store.conversations.get(conversationId) : undefined;
      return reply.status === 201 && conversation !== undefined ? { ...reply, body: conversation } : reply;
    }),
  },
  {
    name: 'groups.create.no-conversation',
    ...spec.oneConversationPerGroup,
    breaks: 'POST /v1/groups answers with a conversation_id, but that conversation is never stored',
    modifier: withStore('groups.create', () => ({ conversations: { insert: (value) => structuredClone(value) } })),
  },
  {
    name: 'groups.create.conversation-without-group-id',
    ...spec.conversationIdField,
    breaks: 'the conversation created with a group does not belong to it: its group_id is null',
    modifier: storeNew('groups.create', 'conversations', (c) => ({ ...c, group_id: null })),
  },
  {
    // Found by mutation testing (docs/mutation-triage.md, conversations.ts: the group's record not updated).
    name: 'conversations.create.group-keeps-deleted-conversation',
    ...spec.conversationIdField,
    breaks:
      "a conversation created for a group whose conversation was deleted is made, but the group's conversation_id keeps naming the deleted one",
    modifier: around('conversations.create', (context, route, next) =>
      next({ ...context, store: interceptStore(context.store, { groups: { replace: (group) => group } }) }, route),
    ),
    detectedBy: ['conversations.create.group-conversation-again'],
  },
  {
    // Found by mutation testing (docs/mutation-triage.md, conversations.ts:50 under the
    // contact-conversation-create:existing variant: the one-to-one test dropped from the lookup).
    name: 'conversations.create.contact-answers-group-conversation',
    ...spec.newConversation,
    breaks:
      "POST /v1/conversations with only contact_id answers with a group's conversation that carries that contact (200) instead of a one-to-one conversation",
    modifier: around('conversations.create', async (context, route, next) => {
      const body = await context.body();
      const contact = body.values.contact_id;
      const carrier =
        given(contact) && !given(body.values.group_id)
          ? context.store.conversations
              .newestFirst()
              .find(({ value }) => value.group_id !== null && value.contact_id === contact)
          : undefined;
      return carrier === undefined ? next({ ...context, body: async () => body }, route) : ok(carrier.value);
    }),
    detectedBy: ['conversations.create.contact-only-is-one-to-one'],
  },
]);
