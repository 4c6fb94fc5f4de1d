import { check } from '../../src/checks/define-check.ts';
import { expectField } from '../../src/checks/expect.ts';
import { createConversation } from '../../src/checks/fixtures.ts';

check('conversations.create.defaults', async (context) => {
  const contactId = context.names.contactId('defaults');
  const { conversation, response } = await createConversation(context, { contact_id: contactId });
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
