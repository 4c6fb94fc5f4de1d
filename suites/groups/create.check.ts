import { newGroup } from '../../lib/api/new-objects.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import {
  expectBody,
  expectClientError,
  expectField,
  expectFields,
  expectNewObject,
  expectSuccess,
  expectThat,
} from '../../harness/checks/expect.ts';
import { createGroup, createGroupUnderTest, recordCreated } from '../../harness/checks/fixtures.ts';
import { hasAll, walkConversations } from '../../harness/checks/list-walk.ts';
import { expectMembers } from '../../harness/checks/members.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { createChecks } from '../both/create.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(
  createChecks(groups, {
    wrongTypes: (context) => {
      // A name goes with every attempt but the ones about the name: one parameter wrong at a time.
      const named = (field: string, value: unknown) => ({
        field,
        value,
        body: { name: context.names.groupName('wrong-types'), [field]: value },
      });
      return [
        { field: 'name', value: { nested: 'object' }, body: { name: { nested: 'object' } } },
        { field: 'name', value: ['a', 'b'], body: { name: ['a', 'b'] } },
        named('contacts', context.names.username('not-an-array')),
        named('contacts', [{ nickname: context.names.username('no-username') }]),
        // Members that are no contact object at all: null, a bare username, a list (§2.2 "A contact
        // object carries a username field").
        named('contacts', [null]),
        named('contacts', [context.names.username('bare-string')]),
        named('contacts', [[context.names.username('in-a-list')]]),
      ];
    },
    unusualText: {
      title:
        'empty, very long and non-ASCII text is refused with a 4xx or returned as sent (or as a normalisation of it, unless TEXT_STORAGE=exact), never a 5xx',
      field: 'name',
    },
  }),
  (shared) => [
    defineCheck(
      {
        id: 'groups.create.defaults',
        title: 'a group created with only a name has null description and avatar_url and no contacts',
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        // Not the createGroup fixture: it blames this very check when a create fails; here the create
        // itself is what is checked.
        const name = context.names.groupName('defaults');
        const { response, group } = await createGroupUnderTest(context, { name }, 'POST /v1/groups with only a name');
        expectNewObject(
          context.profile,
          response,
          group,
          'the created group',
          { name: [name, '§4.2: "Response: the created group object", with the name given'] },
          newGroup,
        );
      },
    ),

    defineCheck(
      {
        id: 'groups.create.echoes-fields',
        title: 'a group created with name, description and avatar_url returns them as given',
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        const name = context.names.groupName('echoes');
        const params = {
          name,
          description: `Description of ${name}`,
          avatar_url: `https://example.com/msgapi/${context.target.runId}/avatar.png`,
        };
        const { response, group } = await createGroupUnderTest(
          context,
          params,
          'POST /v1/groups with name, description and avatar_url',
        );
        expectFields(
          context.profile,
          response,
          group,
          params,
          '§4.2: the created group carries the name, description and avatar_url it was created with',
        );
      },
    ),

    defineCheck(
      {
        id: 'groups.create.contacts',
        title: 'a group created with contacts returns their usernames',
        level: 'spec',
        assumes: ['contact-fields', 'success-status'],
      },
      async (context) => {
        const members = [context.names.username('alice'), context.names.username('bob')];
        const { response, group } = await createGroupUnderTest(
          context,
          { name: context.names.groupName('contacts'), contacts: members.map((username) => ({ username })) },
          'POST /v1/groups with contacts',
        );
        expectMembers(response, group, members, '§2.2: contacts are the members of the group, each with its username');
      },
    ),

    defineCheck(
      {
        id: 'groups.create.conversation',
        title: "a created group names its conversation, which is retrievable and carries the group's id",
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        const { group } = await createGroup(context);
        const response = await context.client.retrieveConversation(group.conversation_id);
        expectSuccess(context.profile, response, "GET /v1/conversations/:id of the group's conversation_id");
        const conversation = expectBody(response, 'conversation', "the group's conversation");
        expectField(
          context.profile,
          response,
          conversation,
          'group_id',
          group.id,
          '§2.2: each group has one conversation, and it belongs to the group',
          "the group's conversation",
        );
      },
    ),

    defineCheck(
      {
        id: 'groups.create.conversation-listed',
        title: "a created group's conversation is found by GET /v1/conversations?group_id=",
        level: 'spec',
        assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status'],
      },
      async (context) => {
        const { group } = await createGroup(context);
        const walk = await walkConversations(
          context,
          { group_id: group.id },
          { stopWhen: hasAll([group.conversation_id]), expect: { listed: [{ id: group.conversation_id }] } },
        );
        const found = walk.items.some((item) => item.id === group.conversation_id);
        if (!found && !walk.complete)
          context.skip(`the group's conversation was not among the pages read: ${walk.stoppedBecause}`);
        expectThat(
          found,
          walk.pages.at(-1)!,
          `the group's conversation ${group.conversation_id} listed under group_id=${group.id} (§4.1: only conversations of the given group; §2.2: the group's conversation)`,
          `not listed in ${walk.pages.length} page(s) of ${walk.items.length} conversation(s)`,
        );
      },
    ),

    defineCheck(
      {
        id: 'groups.create.requires-name',
        title: 'a create without a name is refused with a 4xx and creates nothing',
        level: 'spec',
        assumes: ['refusal-status'],
      },
      async (context) => {
        // The description carries a recognisable name, so that a group created anyway is the suite's.
        const response = await context.client.call('createGroup', {
          body: { description: context.names.groupName('nameless') },
        });
        const id = recordCreated(context, 'group', response.body);
        expectClientError(context.profile, response, 'POST /v1/groups without name (§4.2: name is required)');
        if (id !== undefined) {
          const retrieved = await context.client.retrieveGroup(id);
          expectThat(
            context.profile.isUnknownIdAnswer(retrieved.status),
            retrieved,
            'nothing created by a refused create (profile: refusal-status; a refused request makes nothing)',
            `a retrievable group ${id} (status ${retrieved.status})`,
          );
        }
      },
    ),

    shared.wrongTypes,
    shared.unusualText,
    shared.uniqueId,
  ],
);

registerWhenRunByVitest(import.meta, checks);
