import { newConversation } from '../../lib/api/new-objects.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { createConversation } from '../../harness/checks/fixtures.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { repeatedChecks } from '../both/repeated.ts';
import { inFileOrder } from '../both/shared-checks.ts';

// §3: "Pinning, muting and pinning a message are flags set through the update operation and are not
// states in this table": setting one has no condition, whatever it holds already.
const flag = '§3: a flag set through the update operation, not a state';

export const checks = inFileOrder(
  repeatedChecks(conversations, {
    setResetSame: {
      title:
        'each flag set to false and true, each again to the value it has, then reset; pinned_message_id set, set again, changed and reset; archived_at sent twice: every answer and a last retrieve hold what was given',
      create: async (context) => (await createConversation(context)).conversation,
      steps: (context, conversation) => {
        const message = (n: number) => `msgapi-${context.target.runId}-repeated-${n}`;
        return [
          { params: { is_muted: false }, what: `false, the value a new conversation has (${flag})` },
          { params: { is_pinned: false }, what: `false, the value a new conversation has (${flag})` },
          { params: { is_muted: true }, what: 'set', firstSent: 'conversations.update.is-muted' },
          { params: { is_muted: true }, what: `the value it already has (${flag})` },
          { params: { is_pinned: true }, what: 'set', firstSent: 'conversations.update.is-pinned' },
          { params: { is_pinned: true }, what: `the value it already has (${flag})` },
          {
            params: { pinned_message_id: message(1) },
            what: 'set',
            firstSent: 'conversations.update.pinned-message-id',
          },
          { params: { pinned_message_id: message(1) }, what: `the value it already has (${flag})` },
          {
            params: { pinned_message_id: message(2) },
            what: 'a second update of the field: it takes the place of the first',
            firstSent: 'conversations.update.pinned-message-id',
          },
          { params: { pinned_message_id: message(1) }, what: 'reset to its previous value' },
          { params: { is_muted: false }, what: 'reset to its previous value' },
          { params: { is_pinned: false }, what: 'reset to its previous value' },
          { params: { is_pinned: false }, what: `the value it already has (${flag})` },
          // A timestamp in the server's own unit (profile: timestamp-unit): the conversation's own created_at.
          {
            params: { archived_at: conversation.created_at },
            what: 'archive',
            firstSent: 'conversations.archive.sets-timestamp',
          },
          {
            params: { archived_at: conversation.created_at },
            what: 'the timestamp it already holds',
            // Restamped and kept read alike for the same timestamp; a refusal only if ARCHIVE_ARCHIVED allows it.
            ...(context.profile.allows('archive-archived', 'refused')
              ? {
                  mayRefuse:
                    '§3: archiving an archived conversation is among "all other transitions: not shown" (profile: archive-archived)',
                }
              : {}),
          },
          // An empty text (profile: empty-text): kept as "" or returned as null, or refused as a text (profile: input-rules).
          {
            params: { pinned_message_id: '' },
            what: 'an empty text',
            mayRefuse: '§2.2 leaves the format of identifiers open (profile: input-rules)',
          },
        ];
      },
    },

    updateAfterDelete: (conversation) => ({ is_muted: true, is_pinned: true, archived_at: conversation.created_at }),

    createAfterDelete: {
      title:
        'a create with the contact_id of a deleted (muted, pinned, archived) conversation makes a new conversation with the defaults of a new one',
      extras: () => ({}),
      defaults: { group_id: null, ...newConversation },
    },
  }),
);

registerWhenRunByVitest(import.meta, checks);
