import { newGroup } from '../../lib/api/new-objects.ts';
import fc from 'fast-check';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectBody, expectFields, expectNoServerError, expectSuccess } from '../../harness/checks/expect.ts';
import { recordCreated } from '../../harness/checks/fixtures.ts';
import { usernames } from '../../harness/checks/members.ts';
import { conversationCreateParams, groupCreateParams } from '../../harness/properties/arbitraries.ts';
import { checkProperty } from '../../harness/properties/run-property.ts';

export const checks = [
  // What a server accepts it returns exactly, unicode included; refusing (a 4xx) is its right where
  // §2.2 leaves limits open.
  defineCheck(
    {
      id: 'properties.create.accepted-returned-exactly',
      title:
        'for generated create parameters, whatever is accepted is returned and stored as sent (texts possibly normalised, unless TEXT_STORAGE=exact), unicode included',
      level: 'spec',
      assumes: [
        'contact-fields',
        'empty-text',
        'form-encoding',
        'input-rules',
        'refusal-status',
        'success-status',
        'text-storage',
        'unique-members',
      ],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      await checkProperty(
        context,
        fc.oneof(
          groupCreateParams(context).map((params) => ({ kind: 'group' as const, params })),
          conversationCreateParams(context).map((params) => ({ kind: 'conversation' as const, params })),
        ),
        async (input, log) => {
          if (input.kind === 'conversation') {
            const response = await log.step(`POST /v1/conversations ${JSON.stringify(input.params)}`, () =>
              context.client.createConversation(input.params),
            );
            recordCreated(context, 'conversation', response.body);
            expectNoServerError(context.profile, response, 'POST /v1/conversations');
            // §2.2 leaves the limits of identifiers open (profile: input-rules): a refusal makes nothing.
            if (context.profile.isRefusal(response.status)) return;
            const created = expectBody(response, 'conversation');
            expectFields(
              context.profile,
              response,
              created,
              { contact_id: input.params.contact_id },
              '§4.1: the created conversation carries the contact_id given',
            );
            const retrieved = await log.step('GET /v1/conversations/:id', () =>
              context.client.retrieveConversation(created.id),
            );
            expectSuccess(context.profile, retrieved, 'GET /v1/conversations/:id');
            expectFields(
              context.profile,
              retrieved,
              expectBody(retrieved, 'conversation'),
              { contact_id: input.params.contact_id },
              '§4.1: stored as given',
            );
            return;
          }
          const { params } = input;
          const response = await log.step(`POST /v1/groups ${JSON.stringify(params)}`, () =>
            context.client.createGroup(params),
          );
          recordCreated(context, 'group', response.body);
          expectNoServerError(context.profile, response, 'POST /v1/groups');
          // A refusal makes nothing: of a text (profile: input-rules), a username given twice
          // (profile: unique-members), a form's empty list (profile: form-encoding).
          if (context.profile.isRefusal(response.status)) return;
          const expected = {
            name: params.name,
            description: params.description ?? newGroup.description,
            avatar_url: params.avatar_url ?? newGroup.avatar_url,
            contacts: usernames(params.contacts ?? newGroup.contacts),
          };
          const created = expectBody(response, 'group');
          expectFields(
            context.profile,
            response,
            { ...created, contacts: usernames(created.contacts) },
            expected,
            '§2.2, §4.2: the created group carries what was given, null for what was not',
          );
          const retrieved = await log.step('GET /v1/groups/:id', () => context.client.retrieveGroup(created.id));
          expectSuccess(context.profile, retrieved, 'GET /v1/groups/:id');
          const stored = expectBody(retrieved, 'group');
          expectFields(
            context.profile,
            retrieved,
            { ...stored, contacts: usernames(stored.contacts) },
            expected,
            '§4.2: stored as given',
          );
        },
      );
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
