import { pastParserLimits } from '../../harness/behaviours/body-shapes.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';
import { bodyShapeChecks } from '../both/body-shapes.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(
  bodyShapeChecks(groups, {
    repeatedKeys: {
      title:
        'a parameter given twice (name=a&name=b) is refused, or one of its values is taken and stored exactly; never a 5xx',
      keys: (context) => ({
        create: { field: 'name', first: context.names.groupName('first'), second: context.names.groupName('second') },
        update: [
          {
            field: 'name',
            first: context.names.groupName('renamed-first'),
            second: context.names.groupName('renamed-second'),
          },
        ],
      }),
    },

    foreignFields: {
      title:
        'a PUT that also carries id, created_at, conversation_id or an unknown field is refused, or applies its update parameters and leaves id, created_at and conversation_id as they were',
      puts: (context) => {
        const name = context.names.groupName('renamed');
        const description = `Described by ${context.names.groupName('foreign-fields')}`;
        const flooded = context.names.groupName('flooded');
        const deepDescription = `Described by ${context.names.groupName('deep-parameter')}`;
        return [
          {
            params: { name, id: context.names.unknownId('group'), created_at: 1 },
            readings: [{ name }],
            why: '§4.2: PUT name changes the name; id is the "Unique identifier of the group" and created_at "When the group was created" (§2.2): no update parameters, and a PUT cannot make either say something else',
          },
          {
            params: {
              description,
              conversation_id: context.names.unknownId('conversation'),
              x_msgapi_note: 'not a parameter',
            },
            readings: [{ description }],
            why: '§4.2: PUT description changes the description; conversation_id is the "Identifier of the conversation that belongs to the group" (§2.2, §1 "Each group has one conversation"), and the one sent names no conversation, so it stays as it was',
          },
          ...pastParserLimits(
            context.target.bodyEncoding,
            {
              field: 'name',
              value: flooded,
              effect: '§4.2: PUT name changes the name, and the answer is "the updated group object"',
            },
            { field: 'description', value: deepDescription, effect: '§4.2: PUT description changes the description' },
          ),
        ];
      },
    },

    mismatchedContentType: (context) => ({
      create: { field: 'name', value: context.names.groupName('content-type') },
      update: { field: 'description', value: `Described by ${context.names.groupName('content-type')}` },
    }),
  }),
);

registerWhenRunByVitest(import.meta, checks);
