import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { createOwnResources } from '../../harness/checks/own-resources.ts';
import { expectRefused, secondUser } from './other-user.ts';

export const checks = [
  defineCheck(
    {
      id: 'isolation.retrieve.other-user',
      title: "a second user cannot retrieve the first user's conversation or group",
      level: 'security',
      assumes: ['foreign-id-status', 'success-status'],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      const second = await secondUser(context);
      const own = await createOwnResources(context, 'isolation-retrieve');
      expectRefused(
        context.profile,
        await second.retrieveConversation(own.conversation.id),
        own,
        [own.conversation.id],
        "the second user's GET /v1/conversations/:id of the first user's conversation",
      );
      expectRefused(
        context.profile,
        await second.retrieveGroup(own.group.id),
        own,
        [own.group.id],
        "the second user's GET /v1/groups/:id of the first user's group",
      );
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
