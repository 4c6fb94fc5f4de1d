import { check } from '../../src/checks/define-check.ts';
import { expectBody, expectField, expectSuccess } from '../../src/checks/expect.ts';
import { createGroup } from '../../src/checks/fixtures.ts';

check('groups.create.defaults', async (context) => {
  const { group, response } = await createGroup(context, { name: context.names.groupName('defaults') });
  const field = (name: string, expected: unknown, why: string) =>
    expectField(response, group, name, expected, why, 'the created group');
  field('description', null, '§2: a field without a value is returned as null');
  field('avatar_url', null, '§2: a field without a value is returned as null');
  field('contacts', [], '§2.2: contacts is an empty array when none were given');
  field('archived_at', null, '§2.2: archived_at is null when not archived');
});

check('groups.create.conversation', async (context) => {
  const { group } = await createGroup(context);
  const response = await context.client.retrieveConversation(group.conversation_id);
  expectSuccess(response, "GET /v1/conversations/:id of the group's conversation_id");
  const conversation = expectBody(response, 'conversation', "the group's conversation");
  expectField(response, conversation, 'group_id', group.id, "§2.2: each group has one conversation, and it belongs to the group", "the group's conversation");
});
