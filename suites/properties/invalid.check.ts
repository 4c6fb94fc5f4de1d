import fc from 'fast-check';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import {
  expectBody,
  expectClientError,
  expectNoServerError,
  expectSuccess,
  expectThat,
  fieldDifferences,
} from '../../harness/checks/expect.ts';
import { recordCreated } from '../../harness/checks/fixtures.ts';
import { resourceNamed } from '../../harness/checks/resource-under-test.ts';
import { checkProperty } from '../../harness/properties/run-property.ts';
import { invalidParams, missingRequired } from '../../harness/properties/schema-arbitraries.ts';

export const checks = [
  // Parameters with one thing wrong (updates and list queries) never get a 5xx, and a wrong update
  // never changes what it was sent to.
  defineCheck(
    {
      id: 'properties.invalid.no-5xx-no-change',
      title: 'generated parameters with one wrong value never get a 5xx; a wrong update gets a 4xx and changes nothing',
      level: 'robustness',
      assumes: ['contact-fields', 'error-body', 'last-active-at', 'last-opened-at', 'refusal-status', 'success-status'],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      const encoding = context.target.bodyEncoding;
      const arbitrary = fc.oneof(
        invalidParams('conversation-update.params', encoding).map((invalid) => ({
          resource: 'conversations' as const,
          invalid,
          list: false,
        })),
        invalidParams('group-update.params', encoding).map((invalid) => ({
          resource: 'groups' as const,
          invalid,
          list: false,
        })),
        // A query string is text, as a form is: its wrong values are the ones no text can be.
        invalidParams('conversation-list.params', 'form').map((invalid) => ({
          resource: 'conversations' as const,
          invalid,
          list: true,
        })),
        invalidParams('group-list.params', 'form').map((invalid) => ({
          resource: 'groups' as const,
          invalid,
          list: true,
        })),
      );
      await checkProperty(context, arbitrary, async ({ resource: which, invalid, list }, log) => {
        const resource = resourceNamed(which);
        if (list) {
          const query = Object.fromEntries(
            Object.entries(invalid.params).map(([name, value]) => [
              name,
              typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean),
            ]),
          );
          const response = await log.step(`GET ${resource.path} with ${invalid.why}`, () =>
            resource.list(context.client, query),
          );
          expectNoServerError(context.profile, response, `GET ${resource.path} with ${invalid.why}`);
          return;
        }
        const created = await log.step(`create a ${resource.kind}`, () => resource.create(context, 'pbt-invalid'));
        const response = await log.step(`PUT ${resource.path}/:id with ${invalid.why}`, () =>
          resource.update(context.client, created.id, invalid.params),
        );
        expectNoServerError(context.profile, response, `PUT ${resource.path}/:id with ${invalid.why}`);
        // Bracket keys a flat form reader may take for parameters the API does not have: unchanged either way.
        if (!(invalid.otherNamesInAFlatForm && context.profile.isSuccess(response.status)))
          expectClientError(
            context.profile,
            response,
            `PUT ${resource.path}/:id with ${invalid.why} (${resource.section})`,
          );
        const retrieved = await log.step(`GET ${resource.path}/:id`, () =>
          resource.retrieve(context.client, created.id),
        );
        expectSuccess(context.profile, retrieved, `GET ${resource.path}/:id`);
        const differences = fieldDifferences(
          context.profile,
          resource.comparable(expectBody(retrieved, resource.schema) as never),
          resource.comparable(created as never),
        );
        expectThat(
          differences.length === 0,
          retrieved,
          invalid.otherNamesInAFlatForm
            ? `the ${resource.kind} unchanged by a PUT whose only parameter is a structure in bracket keys (refused, or read as parameters the API does not have: body-shapes.foreign-fields)`
            : `the ${resource.kind} unchanged by a refused PUT (profile: refusal-status; a refused request changes nothing)`,
          differences.join('; '),
        );
      });
    },
  ),

  defineCheck(
    {
      id: 'properties.invalid.required-missing',
      title: 'generated group creates without a required parameter get a 4xx, never a 5xx',
      level: 'spec',
      assumes: ['error-body', 'refusal-status', 'success-status'],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      await checkProperty(context, missingRequired('group-create.params'), async (invalid, log) => {
        const response = await log.step(`POST /v1/groups with ${invalid.why}`, () =>
          context.client.call('createGroup', { body: invalid.params }),
        );
        recordCreated(context, 'group', response.body);
        expectNoServerError(context.profile, response, `POST /v1/groups with ${invalid.why}`);
        expectClientError(context.profile, response, `POST /v1/groups with ${invalid.why} (§4.2: name is required)`);
      });
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
