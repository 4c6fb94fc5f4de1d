import type { Group } from '../../lib/api/resources.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { createGroup } from '../../harness/checks/fixtures.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { readAfterWriteChecks } from '../both/read-after-write.ts';
import { inFileOrder } from '../both/shared-checks.ts';

const avatar = (context: CheckContext, name: string) =>
  `https://example.com/msgapi/${context.target.runId}/${name}.png`;

/** The members as sent back: usernames only (§2.2 shows no other field of a contact). */
const members = (group: Group) => group.contacts.map(({ username }) => ({ username }));

/** A group whose every updatable field holds a value: a PUT that resets one it does not name shows. */
async function fullGroup(context: CheckContext, label: string) {
  const { group } = await createGroup(context, {
    name: context.names.groupName(label),
    description: `Described by ${context.names.groupName(label)}`,
    avatar_url: avatar(context, label),
    contacts: [{ username: context.names.username(label) }, { username: context.names.username(label) }],
  });
  return group;
}

export const checks = inFileOrder(
  readAfterWriteChecks(groups, {
    updateSeenEverywhere: {
      title:
        'after each PUT (name, description, avatar, contacts, archive) the retrieve and the unfiltered list show the group as the PUT left it, and archived=true lists it once archived',
      plan: {
        subject: async (context) => ({ item: await fullGroup(context, 'read-after-write'), always: [] }),
        views: [
          {
            filters: { archived: true },
            rule: '§4.2: archived=true, "only archived groups are returned"',
            holds: (g) => g.archived_at !== null,
          },
        ],
        steps: (context, group) => [
          { name: context.names.groupName('renamed') },
          { description: `Described again by ${context.names.groupName('read-after-write')}` },
          { avatar_url: avatar(context, 'seen-everywhere') },
          // The members held and one more: merge or replace (§4.2 leaves it open), they are the members after.
          { contacts: [...members(group), { username: context.names.username('joined') }] },
          // A timestamp in the server's own unit (profile: timestamp-unit): the group's own created_at.
          { archived_at: group.created_at },
        ],
      },
    },

    deleteSeenEverywhere: {
      title: 'an archived group once deleted is neither retrievable nor listed unfiltered or under archived=true',
      views: [
        {
          filters: { archived: true },
          rule: '§4.2: archived=true, "only archived groups are returned"',
          holds: (g) => g.archived_at !== null,
          check: 'groups.list.archived-filter',
        },
      ],
    },

    relatedFieldsKept: {
      title:
        'on a group whose fields all hold values, a PUT of name, description, avatar_url, contacts or archived_at keeps every other, in the answer and in a retrieve',
      create: (context) => fullGroup(context, 'related-fields'),
      steps: (context, group) => [
        { name: context.names.groupName('related-renamed') },
        { description: `Described again by ${context.names.groupName('related-fields')}` },
        { avatar_url: avatar(context, 'related-again') },
        // The members it has: the same set under merge and replace alike (§4.2).
        { contacts: members(group) },
        { archived_at: group.created_at },
        { name: group.name },
      ],
    },
  }),
);

registerWhenRunByVitest(import.meta, checks);
