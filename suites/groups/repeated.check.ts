import { newGroup } from '../../lib/api/new-objects.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { createGroup } from '../../harness/checks/fixtures.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { repeatedChecks } from '../both/repeated.ts';
import { inFileOrder } from '../both/shared-checks.ts';

const avatar = (context: CheckContext, name: string) =>
  `https://example.com/msgapi/${context.target.runId}/${name}.png`;

export const checks = inFileOrder(
  repeatedChecks(groups, {
    setResetSame: {
      title:
        'name, description and avatar_url each set, set again to the value it has and reset; the members sent as they are; archived_at sent twice: every answer and a last retrieve hold what was given',
      create: async (context) =>
        (
          await createGroup(context, {
            name: context.names.groupName('repeated'),
            description: `Described by ${context.names.groupName('repeated')}`,
            avatar_url: avatar(context, 'repeated'),
            contacts: [{ username: context.names.username('repeated') }],
          })
        ).group,
      steps: (context, group) => {
        const name = context.names.groupName('repeated-renamed');
        const description = `Described again by ${context.names.groupName('repeated')}`;
        const avatarUrl = avatar(context, 'repeated-again');
        return [
          { params: { name }, what: 'set', firstSent: 'groups.update.name' },
          { params: { name }, what: 'the value it already has' },
          { params: { name: group.name }, what: 'reset to its previous value' },
          { params: { description }, what: 'set', firstSent: 'groups.update.description' },
          { params: { description }, what: 'the value it already has' },
          { params: { description: group.description }, what: 'reset to its previous value' },
          { params: { avatar_url: avatarUrl }, what: 'set', firstSent: 'groups.update.avatar-url' },
          { params: { avatar_url: avatarUrl }, what: 'the value it already has' },
          { params: { avatar_url: group.avatar_url }, what: 'reset to its previous value' },
          // The members it has: the same set under merge and replace alike (§4.2 leaves which open).
          {
            params: { contacts: group.contacts.map(({ username }) => ({ username })) },
            what: 'the members it already has',
          },
          // A timestamp in the server's own unit (profile: timestamp-unit): the group's own created_at.
          { params: { archived_at: group.created_at }, what: 'archive', firstSent: 'groups.archive.sets-timestamp' },
          {
            params: { archived_at: group.created_at },
            what: 'the timestamp it already holds',
            // Restamped and kept read alike for the same timestamp; a refusal only if ARCHIVE_ARCHIVED allows it.
            ...(context.profile.allows('archive-archived', 'refused')
              ? {
                  mayRefuse:
                    '§3: archiving an archived group is among "all other transitions: not shown" (profile: archive-archived)',
                }
              : {}),
          },
          // An empty text (profile: empty-text): kept as "" or returned as null, or refused as a text (profile: input-rules).
          {
            params: { description: '' },
            what: 'an empty text',
            mayRefuse: '§2.2 leaves the format of descriptions open (profile: input-rules)',
          },
        ];
      },
    },

    updateAfterDelete: (group) => ({ archived_at: group.created_at }),

    createAfterDelete: {
      title:
        'a create with the name of a deleted (described, archived) group makes a new group with the defaults of a new one',
      extras: (context) => ({
        description: `Described by ${context.names.groupName('deleted')}`,
        avatar_url: avatar(context, 'deleted'),
        contacts: [{ username: context.names.username('deleted') }],
      }),
      defaults: newGroup,
    },
  }),
);

registerWhenRunByVitest(import.meta, checks);
