import { pastParserLimits } from '../../harness/behaviours/body-shapes.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { bodyShapeChecks } from '../both/body-shapes.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(
  bodyShapeChecks(conversations, {
    repeatedKeys: {
      title:
        'a parameter given twice (contact_id=a&contact_id=b) is refused, or one of its values is taken and stored exactly; never a 5xx',
      keys: (context) => ({
        create: {
          field: 'contact_id',
          first: context.names.contactId('first'),
          second: context.names.contactId('second'),
        },
        update: [
          {
            field: 'pinned_message_id',
            first: `msgapi-${context.target.runId}-message-1`,
            second: `msgapi-${context.target.runId}-message-2`,
          },
          { field: 'is_muted', first: true, second: false },
        ],
      }),
    },

    foreignFields: {
      title:
        'a PUT that also carries id, created_at, group_id, contact_id or an unknown field is refused, or applies its update parameters and leaves id, created_at and group_id as they were',
      puts: (context) => {
        const contactId = context.names.contactId('other-contact');
        // Values no earlier PUT set, so that a PUT whose parameter is dropped shows it.
        const floodedMessage = context.names.contactId('flooded-message');
        const deepMessage = context.names.contactId('deep-message');
        return [
          {
            params: { is_muted: true, id: context.names.unknownId('conversation'), created_at: 1 },
            readings: [{ is_muted: true }],
            why: '§4.1: is_muted=true "Mutes" the conversation; id is its "Unique identifier" and created_at "When the conversation was created" (§2.1): no update parameters, and a PUT cannot make either say something else',
          },
          {
            params: {
              is_pinned: true,
              group_id: context.names.unknownId('group'),
              contact_id: contactId,
              x_msgapi_note: 'not a parameter',
            },
            readings: [{ is_pinned: true }, { is_pinned: true, contact_id: contactId }],
            why: '§4.1: is_pinned=true "Pins" the conversation; group_id is the "Identifier of the group the conversation belongs to" (§2.1) and the one sent names no group, so it stays null; contact_id is no update parameter: unchanged, or at most the contact sent',
          },
          ...pastParserLimits(
            context.target.bodyEncoding,
            {
              field: 'pinned_message_id',
              value: floodedMessage,
              effect:
                '§4.1: pinned_message_id "Sets the pinned message", and the answer is "the updated conversation object"',
            },
            {
              field: 'pinned_message_id',
              value: deepMessage,
              effect: '§4.1: pinned_message_id "Sets the pinned message"',
            },
          ),
        ];
      },
    },

    mismatchedContentType: (context) => ({
      create: { field: 'contact_id', value: context.names.contactId('content-type') },
      update: { field: 'is_muted', value: true },
    }),
  }),
);

registerWhenRunByVitest(import.meta, checks);
