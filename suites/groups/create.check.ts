import { check } from '../../src/conformance/checks/define-check.ts';
import {
  expectBody, expectClientError, expectField, expectFields, expectNoServerError, expectSuccess, expectThat,
} from '../../src/conformance/checks/expect.ts';
import { createGroup, recordCreated } from '../../src/conformance/checks/fixtures.ts';
import { hasAll, walkConversations } from '../../src/conformance/checks/list-walk.ts';
import { expectMembers } from '../../src/conformance/checks/members.ts';
import { unusualTextIsRefusedOrKept } from '../../src/conformance/behaviours/unusual-text.ts';
import { groups } from '../../src/conformance/checks/resource-under-test.ts';

check('groups.create.defaults', async (context) => {
  // Through the client, not the createGroup fixture: the fixture blames this very check when a
  // create fails, so here the create itself is what is checked.
  const response = await context.client.createGroup({ name: context.names.groupName('defaults') });
  recordCreated(context, 'group', response.body);
  expectSuccess(response, 'POST /v1/groups with only a name');
  const group = expectBody(response, 'group', 'the created group');
  const field = (name: string, expected: unknown, why: string) =>
    expectField(response, group, name, expected, why, 'the created group');
  field('description', null, '§2: a field without a value is returned as null');
  field('avatar_url', null, '§2: a field without a value is returned as null');
  field('contacts', [], '§2.2: contacts is an empty array when none were given');
  field('archived_at', null, '§2.2: archived_at is null when not archived');
});

check('groups.create.echoes-fields', async (context) => {
  const name = context.names.groupName('echoes');
  const params = {
    name,
    description: `Description of ${name}`,
    avatar_url: `https://example.com/msgapi/${context.target.runId}/avatar.png`,
  };
  const response = await context.client.createGroup(params);
  recordCreated(context, 'group', response.body);
  expectSuccess(response, 'POST /v1/groups with name, description and avatar_url');
  const group = expectBody(response, 'group', 'the created group');
  expectFields(response, group, params, '§4.2: the created group carries the name, description and avatar_url it was created with');
});

check('groups.create.contacts', async (context) => {
  const members = [context.names.username('alice'), context.names.username('bob')];
  const response = await context.client.createGroup({
    name: context.names.groupName('contacts'),
    contacts: members.map((username) => ({ username })),
  });
  recordCreated(context, 'group', response.body);
  expectSuccess(response, 'POST /v1/groups with contacts');
  const group = expectBody(response, 'group', 'the created group');
  expectMembers(response, group, members, '§2.2: contacts are the members of the group, each with its username');
});

check('groups.create.conversation', async (context) => {
  const { group } = await createGroup(context);
  const response = await context.client.retrieveConversation(group.conversation_id);
  expectSuccess(response, "GET /v1/conversations/:id of the group's conversation_id");
  const conversation = expectBody(response, 'conversation', "the group's conversation");
  expectField(response, conversation, 'group_id', group.id, "§2.2: each group has one conversation, and it belongs to the group", "the group's conversation");
});

check('groups.create.conversation-listed', async (context) => {
  const { group } = await createGroup(context);
  const walk = await walkConversations(context, { group_id: group.id }, { stopWhen: hasAll([group.conversation_id]) });
  const found = walk.items.some((item) => item.id === group.conversation_id);
  if (!found && !walk.complete) context.skip(`the group's conversation was not among the pages read: ${walk.stoppedBecause}`);
  expectThat(
    found,
    walk.pages.at(-1)!,
    `the group's conversation ${group.conversation_id} listed under group_id=${group.id} (§4.1: only conversations of the given group; §2.2: the group's conversation)`,
    `not listed in ${walk.pages.length} page(s) of ${walk.items.length} conversation(s)`,
  );
});

check('groups.create.requires-name', async (context) => {
  // The description carries a recognisable name, so that a group created anyway is the suite's.
  const response = await context.client.call('createGroup', { body: { description: context.names.groupName('nameless') } });
  const id = recordCreated(context, 'group', response.body);
  expectClientError(response, 'POST /v1/groups without name (§4.2: name is required)');
  if (id !== undefined) {
    const retrieved = await context.client.retrieveGroup(id);
    expectThat(retrieved.status >= 400, retrieved, 'nothing created by a refused create', `a retrievable group ${id} (status ${retrieved.status})`);
  }
});

check('groups.create.wrong-types', async (context) => {
  const wrongValues: Array<[string, unknown]> = [
    ['name', { nested: 'object' }],
    ['name', ['a', 'b']],
    ['contacts', context.names.username('not-an-array')],
    ['contacts', [{ nickname: context.names.username('no-username') }]],
  ];
  for (const [field, value] of wrongValues) {
    // A name is sent with every attempt but the ones that are about the name, so that only one
    // parameter is wrong at a time.
    const body = field === 'name' ? { [field]: value } : { name: context.names.groupName('wrong-types'), [field]: value };
    const response = await context.client.call('createGroup', { body });
    recordCreated(context, 'group', response.body);
    expectNoServerError(response, `POST /v1/groups with ${field}=${JSON.stringify(value)}`);
    if (response.status >= 200 && response.status < 300) {
      // Accepted: then it must be a group (§2.2: name a string, contacts objects with a username).
      expectBody(response, 'group', 'the created group');
    }
  }
});

check('groups.create.unusual-text', unusualTextIsRefusedOrKept(groups, 'name'));

check('groups.create.unique-id', async (context) => {
  const { group: first } = await createGroup(context, { name: context.names.groupName('unique') });
  const response = await context.client.createGroup({ name: context.names.groupName('unique') });
  expectSuccess(response, 'POST /v1/groups');
  const second = expectBody(response, 'group', 'the second group');
  context.created.add('group', second.id);
  context.created.add('conversation', second.conversation_id);
  expectThat(first.id !== second.id, response, `§2.2: id is the unique identifier of the group, so not ${first.id} again`, `id ${second.id}`);
});
