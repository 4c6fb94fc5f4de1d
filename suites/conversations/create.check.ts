import { newContactConversation } from '../../lib/api/new-objects.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import {
  expectBody,
  expectClientError,
  expectField,
  expectNewObject,
  expectSuccess,
  expectThat,
} from '../../harness/checks/expect.ts';
import {
  createGroup,
  createGroupConversation,
  deleteGroupConversation,
  groupConversation,
  recordCreated,
} from '../../harness/checks/fixtures.ts';
import { walkConversations } from '../../harness/checks/list-walk.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import { createChecks } from '../both/create.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(
  createChecks(conversations, {
    wrongTypes: () => [
      { field: 'contact_id', value: { nested: 'object' }, body: { contact_id: { nested: 'object' } } },
      { field: 'contact_id', value: ['a', 'b'], body: { contact_id: ['a', 'b'] } },
      { field: 'group_id', value: 12345, body: { group_id: 12345 } },
    ],
    unusualText: {
      title:
        'an empty, very long or non-ASCII contact_id is refused with a 4xx or returned as sent (or as a normalisation of it, unless TEXT_STORAGE=exact), never a 5xx',
      field: 'contact_id',
    },
  }),
  (shared) => [
    defineCheck(
      {
        id: 'conversations.create.defaults',
        title: 'a conversation created with only contact_id echoes it and has the documented defaults',
        level: 'spec',
        assumes: ['success-status'],
      },
      async (context) => {
        const contactId = context.names.contactId('defaults');
        const response = await context.client.createConversation({ contact_id: contactId });
        expectSuccess(context.profile, response, 'POST /v1/conversations with contact_id');
        const conversation = expectBody(response, 'conversation', 'the created conversation');
        context.created.add('conversation', conversation.id);
        expectNewObject(
          context.profile,
          response,
          conversation,
          'the created conversation',
          { contact_id: [contactId, '§4.1: created with this contact_id'] },
          newContactConversation,
        );
      },
    ),

    defineCheck(
      {
        id: 'conversations.create.with-group',
        title: "a conversation created with a group's id carries that group_id",
        level: 'spec',
        assumes: ['error-body', 'group-conversation-create', 'refusal-status', 'success-status'],
      },
      async (context) => {
        const { group } = await createGroup(context);
        // What comes back, if anything, belongs to the group.
        const response = await createGroupConversation(context, group);
        if (context.profile.isRefusal(response.status)) {
          context.skip(
            'the server refuses a conversation for a group that has one already (a reading the spec leaves open, §1; profile: group-conversation-create), so there is nothing to compare',
          );
        }
        expectSuccess(context.profile, response, 'POST /v1/conversations with group_id');
        const conversation = expectBody(response, 'conversation', 'the created conversation');
        expectField(
          context.profile,
          response,
          conversation,
          'group_id',
          group.id,
          '§4.1: created with this group_id',
          'the created conversation',
        );
      },
    ),

    defineCheck(
      {
        id: 'conversations.create.requires-contact-or-group',
        title: 'a create with neither contact_id nor group_id is refused with a 4xx and creates nothing',
        level: 'spec',
        assumes: ['refusal-status'],
      },
      async (context) => {
        const response = await context.client.createConversation({});
        const id = recordCreated(context, 'conversation', response.body);
        expectClientError(
          context.profile,
          response,
          'POST /v1/conversations with neither contact_id nor group_id (§4.1: at least one must be given)',
        );
        if (id !== undefined) {
          const retrieved = await context.client.retrieveConversation(id);
          expectThat(
            context.profile.isUnknownIdAnswer(retrieved.status),
            retrieved,
            'nothing created by a refused create (profile: refusal-status; a refused request makes nothing)',
            `a retrievable conversation ${id}`,
          );
        }
      },
    ),

    shared.wrongTypes,
    shared.uniqueId,
    shared.unusualText,

    defineCheck(
      {
        id: 'conversations.create.one-per-group',
        title: "after a create with a group's id, the group still has exactly one conversation",
        level: 'spec',
        assumes: [
          'error-body',
          'group-conversation-create',
          'list-consistency',
          'list-order',
          'pagination',
          'refusal-status',
          'success-status',
        ],
      },
      async (context) => {
        const { group } = await createGroup(context);
        // Whichever open reading the server takes, the group has one conversation afterwards.
        await createGroupConversation(context, group);
        const walk = await walkConversations(
          context,
          { group_id: group.id },
          { expect: { holds: (items) => items.length === 1 } },
        );
        const ids = walk.items.map((item) => item.id);
        expectThat(
          ids.length === 1,
          walk.pages.at(-1)!,
          `§1: "Each group has one conversation": exactly one conversation listed under group_id=${group.id}`,
          `${ids.length}: ${ids.join(', ')}`,
        );
      },
    ),

    defineCheck(
      {
        id: 'conversations.create.group-conversation-again',
        title:
          "after a group's conversation is deleted, a conversation created with the group's id is the group's conversation",
        level: 'spec',
        assumes: ['delete-answer', 'group-conversation-delete', 'refusal-status', 'success-status'],
      },
      async (context) => {
        const { group } = await createGroup(context);
        // Retrieved first: the run deletes only what it has seen belongs to its own group.
        const first = await groupConversation(context, group);
        await deleteGroupConversation(context, first.id, 'conversations.delete.not-retrievable');
        const response = await context.client.createConversation({ group_id: group.id });
        recordCreated(context, 'conversation', response.body);
        if (context.profile.isRefusal(response.status)) {
          context.skip(
            'the server refuses a new conversation for a group whose conversation was deleted (the spec does not say it must make one; profile: group-conversation-delete), so there is nothing to compare',
          );
        }
        expectSuccess(
          context.profile,
          response,
          'POST /v1/conversations with the group_id of a group whose conversation was deleted',
        );
        const conversation = expectBody(response, 'conversation', 'the created conversation');
        expectField(
          context.profile,
          response,
          conversation,
          'group_id',
          group.id,
          '§4.1: created with this group_id',
          'the created conversation',
        );
        expectField(
          context.profile,
          response,
          conversation,
          'contact_id',
          null,
          '§2: a field without a value is returned as null; only group_id was given',
          'the created conversation',
        );
        const retrieved = await context.client.retrieveGroup(group.id);
        expectSuccess(context.profile, retrieved, `GET /v1/groups/${group.id}`);
        const after = expectBody(retrieved, 'group', 'the group');
        expectField(
          context.profile,
          retrieved,
          after,
          'conversation_id',
          conversation.id,
          `§1: "Each group has one conversation" and §2.2: conversation_id is "Identifier of the conversation that belongs to the group": the one just created with its group_id`,
          'the group',
        );
      },
    ),
    defineCheck(
      {
        id: 'conversations.create.contact-only-is-one-to-one',
        title:
          "a create with only contact_id answers a one-to-one conversation, even when a group's conversation carries that contact",
        level: 'spec',
        assumes: [
          'contact-conversation-create',
          'create-with-both',
          'delete-answer',
          'group-conversation-create',
          'group-conversation-delete',
          'refusal-status',
          'success-status',
        ],
      },
      async (context) => {
        const { group } = await createGroup(context);
        const contactId = context.names.contactId('one-to-one');
        // The premise: a group's conversation that carries contactId. A server may keep the group's
        // conversation as it is, or refuse, when the group has one (§1): then one made after it is
        // deleted may carry it. A server that never stores a contact on a group's conversation skips.
        const carries = (response: ApiResponse) => {
          const body = response.body as { group_id?: unknown; contact_id?: unknown } | undefined;
          return (
            context.profile.isSuccess(response.status) && body?.group_id === group.id && body.contact_id === contactId
          );
        };
        let carrier = await context.client.createConversation({ group_id: group.id, contact_id: contactId });
        recordCreated(context, 'conversation', carrier.body);
        if (!carries(carrier)) {
          // The group's conversation now: the one it was made with, or the one this create made in
          // its place (profile: group-conversation-create, reading new), the run's own as any create's.
          const made = (carrier.body as { id?: unknown } | undefined)?.id;
          const madeAnew =
            context.profile.isSuccess(carrier.status) && typeof made === 'string' && made !== group.conversation_id;
          const current = madeAnew ? made : (await groupConversation(context, group)).id;
          await deleteGroupConversation(context, current, 'conversations.delete.not-retrievable');
          carrier = await context.client.createConversation({ group_id: group.id, contact_id: contactId });
          recordCreated(context, 'conversation', carrier.body);
        }
        if (!carries(carrier)) {
          // Made anew with both given: a conversation of both, of one of them, or a refusal (profile: create-with-both).
          const made = carrier.body as { contact_id?: unknown } | undefined;
          const reading = context.profile.isRefusal(carrier.status)
            ? 'refused'
            : context.profile.isSuccess(carrier.status) && made?.contact_id === null
              ? 'one'
              : undefined;
          expectThat(
            reading !== undefined && context.profile.allows('create-with-both', reading),
            carrier,
            `a conversation of group ${group.id} and contact ${contactId}, of one of them, or a refusal, for POST /v1/conversations with both once the group's conversation was deleted (§4.1: "At least one of them must be given"; profile: create-with-both${context.profile.declared['create-with-both'] === undefined ? '' : `, CREATE_WITH_BOTH=${context.profile.declared['create-with-both']}`})`,
            `status ${carrier.status} ${carrier.text.slice(0, 200)}`,
          );
          context.skip(
            'no conversation of a group carrying a contact_id could be made (the server refuses both at once, or keeps one of them: profile: create-with-both), so the case does not arise',
          );
        }
        const response = await context.client.createConversation({ contact_id: contactId });
        recordCreated(context, 'conversation', response.body);
        expectSuccess(context.profile, response, 'POST /v1/conversations with only contact_id');
        const conversation = expectBody(response, 'conversation', 'the conversation answered');
        const oneToOneRule =
          '§2.1: "A conversation may be group-based (group_id set) or one-to-one (contact_id set)", and "group_id is null when only contact_id was given"; a contact\'s existing conversation (profile: contact-conversation-create) is its one-to-one one';
        expectField(
          context.profile,
          response,
          conversation,
          'group_id',
          null,
          oneToOneRule,
          'the conversation answered',
        );
        expectField(
          context.profile,
          response,
          conversation,
          'contact_id',
          contactId,
          '§4.1: created with this contact_id',
          'the conversation answered',
        );
      },
    ),
  ],
);

registerWhenRunByVitest(import.meta, checks);
