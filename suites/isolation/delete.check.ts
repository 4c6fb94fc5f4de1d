import { defineCheck } from '../../src/conformance/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../src/conformance/checks/register-checks.ts';
import { expectUnchanged, snapshotOwnResources } from '../../src/conformance/checks/own-resources.ts';
import { expectRefused, isolationRule, secondUser } from './other-user.ts';

export const checks = [
  defineCheck(
    {
      id: 'isolation.delete.other-user',
      title: 'a second user cannot delete the first user\'s conversation or group, and nothing changes',
      level: 'security',
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      const second = await secondUser(context);
      const own = await snapshotOwnResources(context, 'isolation-delete');
      const tried = {
        conversation: 'the second user\'s DELETE /v1/conversations/:id of the first user\'s conversation',
        group: 'the second user\'s DELETE /v1/groups/:id of the first user\'s group',
      };
      expectRefused(context.profile, await second.deleteConversation(own.conversation.id), own, [own.conversation.id], tried.conversation);
      expectRefused(context.profile, await second.deleteGroup(own.group.id), own, [own.group.id], tried.group);
      await expectUnchanged(context, own, tried, isolationRule);
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
