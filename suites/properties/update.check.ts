import fc from 'fast-check';
import type { GroupUpdateParams } from '../../lib/api/resources.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import {
  expectBody,
  expectFields,
  expectNoServerError,
  expectSuccess,
  expectThat,
  fieldDifferences,
} from '../../harness/checks/expect.ts';
import { resourceNamed } from '../../harness/checks/resource-under-test.ts';
import { applyOffset, conversationUpdates, groupUpdates } from '../../harness/properties/arbitraries.ts';
import { checkProperty } from '../../harness/properties/run-property.ts';

export const checks = [
  // Any subset of the updatable fields: what was given takes effect (when accepted), and the answer
  // to the PUT is what a later retrieve returns (§4.1, §4.2).
  defineCheck(
    {
      id: 'properties.update.matches-retrieve',
      title:
        'for any generated subset of updatable fields, the fields take effect and a later retrieve equals the PUT answer',
      level: 'spec',
      assumes: [
        'archive-archived',
        'contact-fields',
        'empty-text',
        'error-body',
        'form-encoding',
        'group-contacts',
        'input-rules',
        'last-active-at',
        'last-opened-at',
        'refusal-status',
        'success-status',
        'text-storage',
        'timestamp-unit',
        'unique-members',
      ],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      const replaces = context.target.groupContacts === 'replace';
      const arbitrary = fc.oneof(
        conversationUpdates().map((updates) => ({ resource: 'conversations' as const, updates })),
        groupUpdates(replaces).map((updates) => ({ resource: 'groups' as const, updates })),
      );
      await checkProperty(context, arbitrary, async ({ resource: which, updates }, log) => {
        const resource = resourceNamed(which);
        const created = await log.step(`create a ${resource.kind}`, () => resource.create(context, 'pbt-update'));
        const params = applyOffset(updates, created.created_at) as Record<string, unknown>;
        const response = await log.step(`PUT ${resource.path}/:id ${JSON.stringify(params)}`, () =>
          resource.update(context.client, created.id, params),
        );
        expectNoServerError(context.profile, response, `PUT ${resource.path}/:id`);
        // A refused update (4xx) is the server's right, and then nothing changed: of a text (§2.2;
        // profile: input-rules), of an archived object archived again (profile: archive-archived), a
        // username given twice (profile: unique-members), a form's empty list (profile: form-encoding).
        if (context.profile.isRefusal(response.status)) return;
        expectSuccess(context.profile, response, `PUT ${resource.path}/:id`);
        const updated = resource.comparable(expectBody(response, resource.schema) as never);
        const given =
          which === 'groups' && 'contacts' in params
            ? {
                ...params,
                contacts: [
                  ...new Set((params as GroupUpdateParams).contacts!.map((contact) => contact.username)),
                ].sort(),
              }
            : params;
        expectFields(
          context.profile,
          response,
          updated,
          given,
          `${resource.section}: the fields given take effect (contacts as declared: ${context.target.groupContacts ?? 'not declared, so not sent'})`,
        );
        const retrieved = await log.step(`GET ${resource.path}/:id`, () =>
          resource.retrieve(context.client, created.id),
        );
        expectSuccess(context.profile, retrieved, `GET ${resource.path}/:id`);
        const differences = fieldDifferences(
          context.profile,
          resource.comparable(expectBody(retrieved, resource.schema) as never),
          updated,
        );
        expectThat(
          differences.length === 0,
          retrieved,
          `${resource.section}: a retrieve returns the object the PUT answered with`,
          differences.join('; '),
        );
      });
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
