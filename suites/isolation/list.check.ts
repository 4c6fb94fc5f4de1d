import type { Conversation, Group } from '../../lib/api/resources.ts';
import { CheckFailure } from '../../harness/checks/check-failure.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { createGroup, updateGroup } from '../../harness/checks/fixtures.ts';
import { walkConversations, walkGroups, type Walk } from '../../harness/checks/list-walk.ts';
import { untilListsCaughtUp } from '../../harness/checks/list-consistency.ts';
import { expectNoOwnData } from '../../harness/checks/own-resources.ts';
import { walkAsStep } from '../auth/rejection.ts';
import { isolationRule, secondUser } from './other-user.ts';

function expectNotListed<T extends { id: string }>(walk: Walk<T>, id: string, what: string): void {
  if (!walk.items.some((item) => item.id === id)) return;
  const page = walk.pages.find((response) => response.text.includes(JSON.stringify(id))) ?? walk.pages.at(-1)!;
  throw new CheckFailure({
    expected: `${what} never to list the first user's ${id} (${isolationRule})`,
    received: `${id} is listed`,
    exchange: page.exchange,
  });
}

export const checks = [
  defineCheck(
    {
      id: 'isolation.list.other-user',
      title: "a second user's lists never show the first user's conversations or groups",
      level: 'security',
      assumes: [
        'foreign-id-status',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
      ],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      const second = await secondUser(context);
      const { group } = await createGroup(context, { name: context.names.groupName('isolation-list') });
      const inconclusive: string[] = [];
      // A list may show a write late (profile: list-consistency): the second user's are read once it would show.
      await untilListsCaughtUp(context);

      // Conversations of the first user's group, asked for by the second user.
      const conversationsWhat = "the second user's GET /v1/conversations?group_id=<the first user's group>";
      const firstPage = await second.call('listConversations', { query: { group_id: group.id } });
      if (context.profile.isForeignIdAnswer(firstPage.status)) {
        // Refusing to filter by a group that is not the user's shows nothing; §7 leaves the status open.
        expectNoOwnData(firstPage, { group }, [group.id], conversationsWhat, isolationRule);
      } else {
        const conversations = await walkAsStep(
          walkConversations(
            context,
            { group_id: group.id },
            {
              client: second,
              stopWhen: (items: Conversation[]) => items.some((item) => item.id === group.conversation_id),
            },
          ),
          'conversations.list.group-id-filter',
        );
        expectNotListed(conversations, group.conversation_id, conversationsWhat);
        if (!conversations.complete)
          inconclusive.push(`${conversationsWhat} was not read to the end (${conversations.stoppedBecause})`);
      }

      // The first user's group, archived, among the second user's archived groups: a short list to read.
      await updateGroup(context, group.id, { archived_at: group.created_at }, 'groups.archive.sets-timestamp');
      await untilListsCaughtUp(context);
      const groupsWhat = "the second user's GET /v1/groups?archived=true";
      const groups = await walkAsStep(
        walkGroups(
          context,
          { archived: true },
          {
            client: second,
            stopWhen: (items: Group[]) => items.some((item) => item.id === group.id),
          },
        ),
        'groups.list.archived-filter',
      );
      expectNotListed(groups, group.id, groupsWhat);
      if (!groups.complete) inconclusive.push(`${groupsWhat} was not read to the end (${groups.stoppedBecause})`);

      if (inconclusive.length > 0) {
        context.skip(
          `nothing of the first user's was listed, but ${inconclusive.join('; ')}, so the lists may hold it further on`,
        );
      }
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
