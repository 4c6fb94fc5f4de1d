import type { ListView } from '../../harness/behaviours/read-after-write.ts';
import type { Conversation } from '../../lib/api/resources.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { createConversation, createGroup, groupConversation } from '../../harness/checks/fixtures.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { readAfterWriteChecks } from '../both/read-after-write.ts';
import { inFileOrder } from '../both/shared-checks.ts';

/** The filters of §4.1 a PUT can make a conversation start or stop matching. */
const flagViews: Array<ListView<Conversation>> = [
  {
    filters: { muted: true },
    rule: '§4.1: muted=true, "only muted conversations are returned"',
    holds: (c) => c.is_muted,
    check: 'conversations.list.muted-filter',
  },
  {
    filters: { pinned: true },
    rule: '§4.1: pinned=true, "only pinned conversations are returned"',
    holds: (c) => c.is_pinned,
    check: 'conversations.list.pinned-filter',
  },
  {
    filters: { archived: true },
    rule: '§4.1: archived=true, "only archived conversations are returned"',
    holds: (c) => c.archived_at !== null,
    check: 'conversations.list.archived-filter',
  },
];

export const checks = inFileOrder(
  readAfterWriteChecks(conversations, {
    updateSeenEverywhere: {
      title:
        'after each PUT (mute, pin, pinned message, unmute, archive, unpin) the retrieve, the unfiltered list, the group_id list and each filter the conversation starts or stops matching show it as the PUT left it',
      plan: {
        // A group's conversation: the group_id list holds it whatever its flags, a read path more.
        async subject(context) {
          const { group } = await createGroup(context, { name: context.names.groupName('read-after-write') });
          const item = await groupConversation(context, group);
          return {
            item,
            always: [
              {
                filters: { group_id: group.id },
                rule: '§4.1: group_id, "Only conversations of the given group are returned", and §2.2 conversation_id',
              },
            ],
          };
        },
        views: flagViews,
        steps: (context, conversation) => [
          { is_muted: true },
          { is_pinned: true },
          { pinned_message_id: `msgapi-${context.target.runId}-seen-everywhere` },
          { is_muted: false },
          // A timestamp in the server's own unit (profile: timestamp-unit): the conversation's own created_at.
          { archived_at: conversation.created_at },
          { is_pinned: false },
        ],
      },
    },

    deleteSeenEverywhere: {
      title:
        'a muted, pinned, archived conversation once deleted is neither retrievable nor listed unfiltered, under muted=true, pinned=true or archived=true',
      views: flagViews,
    },

    relatedFieldsKept: {
      title:
        'a PUT of is_pinned (true or false) keeps pinned_message_id, a PUT of pinned_message_id keeps is_pinned, a PUT of is_muted keeps both, in the answer and in a retrieve',
      create: async (context) => (await createConversation(context)).conversation,
      steps: (context, conversation) => {
        const message = (n: number) => `msgapi-${context.target.runId}-related-${n}`;
        return [
          { pinned_message_id: message(1) },
          { is_pinned: true },
          { is_pinned: false },
          { pinned_message_id: message(2) },
          { is_muted: true },
          { is_pinned: true },
          { pinned_message_id: message(1) },
          { is_muted: false },
          { archived_at: conversation.created_at },
          { is_pinned: false },
        ];
      },
    },
  }),
);

registerWhenRunByVitest(import.meta, checks);
