import { conversations } from '../../harness/checks/resource-under-test.ts';
import type { ConversationUpdateParams } from '../../lib/api/resources.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectBody, expectFields, expectSuccess } from '../../harness/checks/expect.ts';
import { createConversation } from '../../harness/checks/fixtures.ts';
import { updateChecks } from '../both/update.ts';
import { inFileOrder } from '../both/shared-checks.ts';

/** PUT `params`; the response must be a conversation. */
async function update(context: CheckContext, id: string, params: ConversationUpdateParams) {
  const response = await context.client.updateConversation(id, params);
  expectSuccess(context.profile, response, `PUT /v1/conversations/:id with ${Object.keys(params).join(', ')}`);
  return { response, updated: expectBody(response, 'conversation', 'the updated conversation') };
}

export const checks = inFileOrder(
  updateChecks(conversations, {
    othersUnchanged: {
      title: 'a PUT leaves every field it does not name unchanged, id and created_at included',
      steps: (context, conversation) => [
        { pinned_message_id: `msgapi-${context.target.runId}-message` },
        { is_pinned: true },
        { is_muted: true },
        { archived_at: conversation.created_at },
      ],
    },
    matchesRetrieve: () => ({ is_muted: true, is_pinned: true }),
    wrongTypes: () => [
      { field: 'is_pinned', value: 'perhaps', type: 'a boolean' },
      { field: 'is_muted', value: { yes: true }, type: 'a boolean' },
      // A spelling of true a server may read as one (profile: malformed-boolean).
      { field: 'is_muted', value: 'yes', type: 'a boolean', spellsBoolean: true },
      { field: 'archived_at', value: 'yesterday', type: 'a timestamp' },
      { field: 'archived_at', value: -1.5, type: 'a timestamp' },
      { field: 'pinned_message_id', value: ['a', 'b'], type: 'a string' },
    ],
  }),
  (shared) => [
    defineCheck(
      {
        id: 'conversations.update.pinned-message-id',
        title: 'PUT pinned_message_id alone sets the pinned message',
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        const { conversation } = await createConversation(context);
        const pinned = `msgapi-${context.target.runId}-message`;
        const { response, updated } = await update(context, conversation.id, { pinned_message_id: pinned });
        expectFields(
          context.profile,
          response,
          updated,
          { pinned_message_id: pinned },
          '§4.1: pinned_message_id "Sets the pinned message"',
        );
      },
    ),

    defineCheck(
      {
        id: 'conversations.update.is-pinned',
        title: 'PUT is_pinned pins and unpins the conversation',
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        const { conversation } = await createConversation(context);
        const pinned = await update(context, conversation.id, { is_pinned: true });
        expectFields(
          context.profile,
          pinned.response,
          pinned.updated,
          { is_pinned: true },
          '§4.1: is_pinned=true pins the conversation',
        );
        const unpinned = await update(context, conversation.id, { is_pinned: false });
        expectFields(
          context.profile,
          unpinned.response,
          unpinned.updated,
          { is_pinned: false },
          '§4.1: is_pinned=false unpins the conversation',
        );
      },
    ),

    defineCheck(
      {
        id: 'conversations.update.is-muted',
        title: 'PUT is_muted mutes and unmutes the conversation',
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        const { conversation } = await createConversation(context);
        const muted = await update(context, conversation.id, { is_muted: true });
        expectFields(
          context.profile,
          muted.response,
          muted.updated,
          { is_muted: true },
          '§4.1: is_muted=true mutes the conversation',
        );
        const unmuted = await update(context, conversation.id, { is_muted: false });
        expectFields(
          context.profile,
          unmuted.response,
          unmuted.updated,
          { is_muted: false },
          '§4.1: is_muted=false unmutes the conversation',
        );
      },
    ),

    shared.othersUnchanged,
    shared.matchesRetrieve,
    shared.wrongTypes,
    shared.unknownId,
  ],
);

registerWhenRunByVitest(import.meta, checks);
