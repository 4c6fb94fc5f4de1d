import {
  foreignFieldsChangeNothingFixed, pastParserLimits, mismatchedContentTypeIsRefusedOrRead, nonObjectJsonIsRefused, repeatedKeysAreRefusedOrOneIsTaken,
} from '../../harness/behaviours/body-shapes.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'groups.body-shapes.non-object-json',
      title: 'a JSON body that is not an object (array, string, number, null) gets a 4xx on create and a 4xx or no change on update, never a 5xx',
      level: 'robustness',
      assumes: ['contact-fields', 'error-body', 'refusal-status', 'success-status'],
    },
    nonObjectJsonIsRefused(groups),
  ),

  defineCheck(
    {
      id: 'groups.body-shapes.repeated-keys',
      title: 'a parameter given twice (name=a&name=b) is refused, or one of its values is taken and stored exactly; never a 5xx',
      level: 'robustness',
      assumes: ['contact-fields', 'error-body', 'input-rules', 'refusal-status', 'success-status', 'text-storage', 'unsupported-body'],
    },
    repeatedKeysAreRefusedOrOneIsTaken(groups, (context) => ({
      create: { field: 'name', first: context.names.groupName('first'), second: context.names.groupName('second') },
      update: [{ field: 'name', first: context.names.groupName('renamed-first'), second: context.names.groupName('renamed-second') }],
    })),
  ),

  defineCheck(
    {
      id: 'groups.body-shapes.foreign-fields',
      title: 'a PUT that also carries id, created_at, conversation_id or an unknown field is refused, or applies its update parameters and leaves id, created_at and conversation_id as they were',
      level: 'spec',
      assumes: ['contact-fields', 'error-body', 'refusal-status', 'success-status', 'unsupported-body'],
    },
    foreignFieldsChangeNothingFixed(groups, (context) => {
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
          params: { description, conversation_id: context.names.unknownId('conversation'), x_msgapi_note: 'not a parameter' },
          readings: [{ description }],
          why: '§4.2: PUT description changes the description; conversation_id is the "Identifier of the conversation that belongs to the group" (§2.2, §1 "Each group has one conversation"), and the one sent names no conversation, so it stays as it was',
        },
        ...pastParserLimits(context.target.bodyEncoding,
          { field: 'name', value: flooded, effect: '§4.2: PUT name changes the name, and the answer is "the updated group object"' },
          { field: 'description', value: deepDescription, effect: '§4.2: PUT description changes the description' }),
      ];
    }),
  ),

  defineCheck(
    {
      id: 'groups.body-shapes.mismatched-content-type',
      title: 'a body whose Content-Type names another encoding (JSON as a form, a form as JSON or text/plain) is refused or read as sent, changing nothing else; never a 5xx',
      level: 'robustness',
      assumes: ['contact-fields', 'error-body', 'refusal-status', 'success-status', 'unsupported-body'],
    },
    mismatchedContentTypeIsRefusedOrRead(groups, (context) => ({
      create: { field: 'name', value: context.names.groupName('content-type') },
      update: { field: 'description', value: `Described by ${context.names.groupName('content-type')}` },
    })),
  ),
];

registerWhenRunByVitest(import.meta, checks);
