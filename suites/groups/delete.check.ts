import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { expectBody, expectField, expectNoServerError, expectThat } from '../../harness/checks/expect.ts';
import { createGroup, deleteResource, groupConversation } from '../../harness/checks/fixtures.ts';
import { walkConversations } from '../../harness/checks/list-walk.ts';
import { deleteChecks } from '../both/delete.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(deleteChecks(groups), (shared) => [
  shared.notRetrievable,
  shared.notListed,
  shared.archived,

  defineCheck(
    {
      id: 'groups.delete.cascade',
      title:
        'deleting a group removes its conversation with it (not retrievable, not listed under its group_id) or, as GROUP_DELETE_CONVERSATION=kept declares, keeps it as a conversation; never a 5xx',
      level: 'spec',
      assumes: [
        'delete-answer',
        'error-body',
        'group-delete-conversation',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
        'unknown-id-status',
      ],
    },
    async (context) => {
      const { group } = await createGroup(context);
      // Retrieved first, so that the run may delete it should the group's delete leave it.
      await groupConversation(context, group);
      await deleteResource(context, 'group', group.id, 'groups.delete.not-retrievable');
      const response = await context.client.retrieveConversation(group.conversation_id);
      const what = `GET /v1/conversations/:id of the deleted group's conversation ${group.conversation_id}`;
      expectNoServerError(context.profile, response, what);
      const reading = context.profile.isUnknownIdAnswer(response.status)
        ? 'removed'
        : context.profile.isSuccess(response.status)
          ? 'kept'
          : undefined;
      if (reading === 'kept') context.created.add('conversation', group.conversation_id);
      const declared = context.profile.declared['group-delete-conversation'];
      expectThat(
        reading !== undefined && context.profile.allows('group-delete-conversation', reading),
        response,
        `${declared === 'kept' ? 'the conversation retrievable' : declared === 'removed' ? 'a 4xx: the conversation removed with its group' : 'a 4xx (the conversation removed with its group) or the conversation (kept)'} for ${what} (§3: "the group, including its messages, is removed permanently", and its messages live in its conversation; profile: group-delete-conversation${declared === undefined ? '' : `, GROUP_DELETE_CONVERSATION=${declared}`})`,
        `status ${response.status}`,
      );
      if (reading === 'kept') {
        // Kept, it is still the conversation it was: a conversation object of that id.
        const kept = expectBody(response, 'conversation', "the deleted group's conversation");
        expectField(
          context.profile,
          response,
          kept,
          'id',
          group.conversation_id,
          '§2.1: id is the "Unique identifier of the conversation"',
          "the deleted group's conversation",
        );
        return;
      }
      // A server may refuse group_id of a group that no longer exists (§7 leaves errors open): that
      // lists nothing too. Otherwise the whole filtered list is read and must not hold any conversation.
      const first = await context.client.listConversations({ group_id: group.id });
      // A filter by an id that names nothing may be refused (profile: unknown-id-status, refusal-status).
      if (context.profile.isRefusal(first.status)) return;
      const walk = await walkConversations(
        context,
        { group_id: group.id },
        { expect: { holds: (items) => items.length === 0 } },
      );
      expectThat(
        walk.items.length === 0,
        walk.pages.at(-1)!,
        `no conversation listed under group_id=${group.id} after the group was deleted with its conversation (§3: removed permanently; profile: group-delete-conversation, reading removed)`,
        `${walk.items.length} listed: ${walk.items.map((item) => item.id).join(', ')}`,
      );
    },
  ),

  shared.unknownId,
]);

registerWhenRunByVitest(import.meta, checks);
