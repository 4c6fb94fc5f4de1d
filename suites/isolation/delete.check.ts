import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectThat } from '../../harness/checks/expect.ts';
import { expectNoOwnData, expectUnchanged, snapshotOwnResources } from '../../harness/checks/own-resources.ts';
import { expectRefused, isolationRule, secondUser } from './other-user.ts';

export const checks = [
  defineCheck(
    {
      id: 'isolation.delete.other-user',
      title: "a second user cannot delete the first user's conversation or group, and nothing changes",
      level: 'security',
      assumes: [
        'contact-fields',
        'delete-answer',
        'delete-of-nothing',
        'foreign-id-status',
        'last-active-at',
        'last-opened-at',
        'success-status',
      ],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      const second = await secondUser(context);
      const own = await snapshotOwnResources(context, 'isolation-delete');
      const tried = {
        conversation: "the second user's DELETE /v1/conversations/:id of the first user's conversation",
        group: "the second user's DELETE /v1/groups/:id of the first user's group",
      };
      const remove = (kind: 'conversation' | 'group', id: string) =>
        kind === 'group' ? second.deleteGroup(id) : second.deleteConversation(id);
      for (const kind of ['conversation', 'group'] as const) {
        const id = own[kind].id;
        const response = await remove(kind, id);
        if (
          context.profile.foreignIdsAnswerAsUnknown() &&
          context.profile.isDeleteSuccess(response.status) &&
          context.profile.allows('delete-of-nothing', 'success')
        ) {
          // An idempotent DELETE (profile: delete-of-nothing) may answer any id its user does not
          // hold as done. It reveals nothing only if an id nobody made gets the same status; that
          // nothing changed, expectUnchanged below proves. FOREIGN_ID_STATUS and UNKNOWN_ID_STATUS declared
          // apart say the server tells another user's ids apart: then only a refusal will do.
          const never = await remove(kind, context.names.unknownId(kind));
          expectThat(
            context.profile.answersAlike(never.status, response.status),
            never,
            `the same answer to the second user's DELETE of a ${kind} id nobody made, since ${tried[kind]} got ${response.status} (profile: delete-of-nothing; an answer that tells another user's id from no id at all reveals it: ${isolationRule})`,
            `status ${never.status}`,
          );
          expectNoOwnData(response, own, [id], tried[kind], isolationRule);
        } else {
          expectRefused(context.profile, response, own, [id], tried[kind]);
        }
      }
      await expectUnchanged(context, own, tried, isolationRule);
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
