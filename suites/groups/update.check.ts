import { groups } from '../../harness/checks/resource-under-test.ts';
import type { GroupUpdateParams } from '../../lib/api/resources.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectBody, expectFields, expectSuccess } from '../../harness/checks/expect.ts';
import { createGroup } from '../../harness/checks/fixtures.ts';
import { expectMembers, expectMembersInclude } from '../../harness/checks/members.ts';
import { updateChecks } from '../both/update.ts';
import { inFileOrder } from '../both/shared-checks.ts';

/** PUT `params`; the response must be a group. */
async function update(context: CheckContext, id: string, params: GroupUpdateParams) {
  const response = await context.client.updateGroup(id, params);
  expectSuccess(context.profile, response, `PUT /v1/groups/:id with ${Object.keys(params).join(', ')}`);
  return { response, updated: expectBody(response, 'group', 'the updated group') };
}

const members = (names: readonly string[]) => names.map((username) => ({ username }));

export const checks = inFileOrder(
  updateChecks(groups, {
    othersUnchanged: {
      title: 'a PUT leaves every field it does not name unchanged, id, conversation_id and created_at included',
      steps: (context, group) => [
        // Contacts are compared as sets of usernames (§2.2 shows neither their order nor other fields).
        { name: context.names.groupName('renamed') },
        { description: `Described by ${context.names.groupName('others-unchanged')}` },
        { avatar_url: `https://example.com/msgapi/${context.target.runId}/others-unchanged.png` },
        { contacts: members([context.names.username('replacement')]) },
        { archived_at: group.created_at },
      ],
    },
    matchesRetrieve: (context) => ({
      name: context.names.groupName('matches-retrieve'),
      description: `Described by ${context.names.groupName('matches-retrieve')}`,
      contacts: members([context.names.username('member')]),
    }),
    wrongTypes: (context) => [
      { field: 'name', value: { nested: 'object' }, type: 'a string' },
      { field: 'name', value: ['a', 'b'], type: 'a string' },
      { field: 'contacts', value: context.names.username('not-an-array'), type: 'an array of contact objects' },
      {
        field: 'contacts',
        value: [{ nickname: context.names.username('no-username') }],
        type: 'an array of contact objects, each with a username',
      },
      { field: 'archived_at', value: 'yesterday', type: 'a timestamp' },
      { field: 'archived_at', value: -1.5, type: 'a timestamp' },
    ],
  }),
  (shared) => [
    defineCheck(
      {
        id: 'groups.update.name',
        title: 'PUT name alone changes the name',
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        const { group } = await createGroup(context);
        const name = context.names.groupName('renamed');
        const { response, updated } = await update(context, group.id, { name });
        expectFields(context.profile, response, updated, { name }, '§4.2: PUT name changes the name');
      },
    ),

    defineCheck(
      {
        id: 'groups.update.description',
        title: 'PUT description alone changes the description',
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        const { group } = await createGroup(context);
        const description = `Described by ${context.names.groupName('description')}`;
        const { response, updated } = await update(context, group.id, { description });
        expectFields(
          context.profile,
          response,
          updated,
          { description },
          '§4.2: PUT description changes the description',
        );
      },
    ),

    defineCheck(
      {
        id: 'groups.update.avatar-url',
        title: 'PUT avatar_url alone changes the avatar',
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        const { group } = await createGroup(context);
        const avatarUrl = `https://example.com/msgapi/${context.target.runId}/new-avatar.png`;
        const { response, updated } = await update(context, group.id, { avatar_url: avatarUrl });
        expectFields(
          context.profile,
          response,
          updated,
          { avatar_url: avatarUrl },
          '§4.2: PUT avatar_url changes the avatar',
        );
      },
    ),

    defineCheck(
      {
        id: 'groups.update.contacts-added',
        title: 'PUT contacts with new members makes them members',
        level: 'spec',
        assumes: ['contact-fields', 'group-contacts', 'success-status'],
      },
      async (context) => {
        const { group } = await createGroup(context, {
          name: context.names.groupName('contacts-added'),
          contacts: members([context.names.username('old')]),
        });
        // Only the new members are sent: whether they replace the old ones or join them is open (§4.2),
        // and either way they are members afterwards.
        const added = [context.names.username('new'), context.names.username('new')];
        const { response, updated } = await update(context, group.id, { contacts: members(added) });
        expectMembersInclude(response, updated, added, '§4.2: PUT contacts adds members through the contacts array');
      },
    ),

    defineCheck(
      {
        id: 'groups.update.contacts-semantics',
        title: 'PUT contacts replaces or merges the members, as GROUP_CONTACTS declares',
        level: 'spec',
        assumes: ['contact-fields', 'group-contacts', 'success-status', 'unique-members'],
      },
      async (context) => {
        const semantics = context.target.groupContacts;
        if (semantics !== 'replace' && semantics !== 'merge') {
          context.skip(
            'GROUP_CONTACTS is not declared: §4.2 leaves open whether contacts replaces or merges, so only groups.update.contacts-added applies',
          );
        }
        const old = [context.names.username('old'), context.names.username('old')];
        const { group } = await createGroup(context, {
          name: context.names.groupName('contacts-semantics'),
          contacts: members(old),
        });
        const sent = [context.names.username('new')];
        const { response, updated } = await update(context, group.id, { contacts: members(sent) });
        if (semantics === 'replace') {
          expectMembers(
            response,
            updated,
            sent,
            'GROUP_CONTACTS=replace: the contacts sent replace the members, so the old ones are gone',
          );
        } else {
          expectMembers(
            response,
            updated,
            [...old, ...sent],
            'GROUP_CONTACTS=merge: the contacts sent join the members, so the old ones stay',
          );
        }
      },
    ),

    shared.othersUnchanged,
    shared.matchesRetrieve,
    shared.wrongTypes,
    shared.unknownId,
  ],
);

registerWhenRunByVitest(import.meta, checks);
