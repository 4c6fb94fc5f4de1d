import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectUnchanged, snapshotOwnResources } from '../../harness/checks/own-resources.ts';
import { expectRefused, isolationRule, secondUser } from './other-user.ts';

export const checks = [
  defineCheck(
    {
      id: 'isolation.update.other-user',
      title: "a second user cannot update the first user's conversation or group, and nothing changes",
      level: 'security',
      assumes: ['contact-fields', 'foreign-id-status', 'last-active-at', 'last-opened-at', 'success-status'],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      const second = await secondUser(context);
      const own = await snapshotOwnResources(context, 'isolation-update');
      const name = context.names.groupName('isolation renamed');
      const tried = {
        conversation: "the second user's PUT /v1/conversations/:id with is_muted=true on the first user's conversation",
        group: "the second user's PUT /v1/groups/:id with a new name on the first user's group",
      };
      expectRefused(
        context.profile,
        await second.updateConversation(own.conversation.id, { is_muted: true }),
        own,
        [own.conversation.id],
        tried.conversation,
      );
      expectRefused(
        context.profile,
        await second.updateGroup(own.group.id, { name }),
        own,
        [own.group.id, name],
        tried.group,
      );
      await expectUnchanged(context, own, tried, isolationRule);
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
