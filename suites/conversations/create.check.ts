import { unusualTextIsRefusedOrKept } from '../../src/conformance/behaviours/unusual-text.ts';
import { check } from '../../src/conformance/checks/define-check.ts';
import { expectBody, expectClientError, expectField, expectNoServerError, expectSuccess, expectThat } from '../../src/conformance/checks/expect.ts';
import { createGroup, recordCreated } from '../../src/conformance/checks/fixtures.ts';
import { walkConversations } from '../../src/conformance/checks/list-walk.ts';
import { conversations } from '../../src/conformance/checks/resource-under-test.ts';

check('conversations.create.defaults', async (context) => {
  const contactId = context.names.contactId('defaults');
  const response = await context.client.createConversation({ contact_id: contactId });
  expectSuccess(response, 'POST /v1/conversations with contact_id');
  const conversation = expectBody(response, 'conversation', 'the created conversation');
  context.created.add('conversation', conversation.id);
  const field = (name: string, expected: unknown, why: string) =>
    expectField(response, conversation, name, expected, why, 'the created conversation');
  field('contact_id', contactId, '§4.1: created with this contact_id');
  field('group_id', null, '§2.1: group_id is null when only contact_id was given');
  field('pinned_message_id', null, '§2.1: pinned_message_id is null on a new conversation');
  field('is_pinned', false, '§2.1: is_pinned is false on a new conversation');
  field('is_muted', false, '§2.1: is_muted is false on a new conversation');
  field('archived_at', null, '§2.1: archived_at is null on a new conversation');
  field('last_active_at', null, '§2.1: last_active_at is null on a new conversation');
  field('last_opened_at', null, '§2.1: last_opened_at is null on a new conversation');
});

check('conversations.create.with-group', async (context) => {
  const { group } = await createGroup(context);
  const response = await context.client.createConversation({ group_id: group.id });
  // The group already has its conversation (§1: each group has one); a server may answer with
  // it or make a new one. Either way, what comes back belongs to the group.
  expectSuccess(response, 'POST /v1/conversations with group_id');
  const conversation = expectBody(response, 'conversation', 'the created conversation');
  context.created.add('conversation', conversation.id);
  expectField(response, conversation, 'group_id', group.id, '§4.1: created with this group_id', 'the created conversation');
});

check('conversations.create.requires-contact-or-group', async (context) => {
  const response = await context.client.createConversation({});
  const id = (response.body as { id?: unknown } | undefined)?.id;
  if (typeof id === 'string') context.created.add('conversation', id);
  expectClientError(response, 'POST /v1/conversations with neither contact_id nor group_id (§4.1: at least one must be given)');
  if (typeof id === 'string') {
    const retrieved = await context.client.retrieveConversation(id);
    expectThat(retrieved.status >= 400, retrieved, 'nothing created by a refused create', `a retrievable conversation ${id}`);
  }
});

check('conversations.create.wrong-types', async (context) => {
  const wrongValues: Array<[string, unknown]> = [
    ['contact_id', { nested: 'object' }],
    ['contact_id', ['a', 'b']],
    ['group_id', 12345],
  ];
  for (const [field, value] of wrongValues) {
    const response = await context.client.call('createConversation', { body: { [field]: value } });
    expectNoServerError(response, `POST /v1/conversations with ${field}=${JSON.stringify(value)}`);
    if (response.status >= 200 && response.status < 300) {
      // Accepted: then it must be a conversation, and the suite's to delete.
      const conversation = expectBody(response, 'conversation', 'the created conversation');
      context.created.add('conversation', conversation.id);
    }
  }
});

check('conversations.create.unique-id', async (context) => {
  const first = await context.client.createConversation({ contact_id: context.names.contactId('unique') });
  expectSuccess(first, 'POST /v1/conversations');
  const a = expectBody(first, 'conversation', 'the first conversation');
  context.created.add('conversation', a.id);
  const second = await context.client.createConversation({ contact_id: context.names.contactId('unique') });
  expectSuccess(second, 'POST /v1/conversations');
  const b = expectBody(second, 'conversation', 'the second conversation');
  context.created.add('conversation', b.id);
  expectThat(a.id !== b.id, second, `§2.1: id is the unique identifier of the conversation, so not ${a.id} again`, `id ${b.id}`);
});

check('conversations.create.unusual-text', unusualTextIsRefusedOrKept(conversations, 'contact_id'));

check('conversations.create.one-per-group', async (context) => {
  const { group } = await createGroup(context);
  const response = await context.client.createConversation({ group_id: group.id });
  expectSuccess(response, 'POST /v1/conversations with group_id');
  recordCreated(context, 'conversation', response.body);
  const walk = await walkConversations(context, { group_id: group.id });
  const ids = walk.items.map((item) => item.id);
  expectThat(
    ids.length === 1,
    walk.pages.at(-1)!,
    `§1: "Each group has one conversation": exactly one conversation listed under group_id=${group.id}`,
    `${ids.length}: ${ids.join(', ')}`,
  );
});
