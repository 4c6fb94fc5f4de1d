import fc from 'fast-check';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectBody, expectSuccess, expectThat, fieldDifferences } from '../../harness/checks/expect.ts';
import { resourceNamed } from '../../harness/checks/resource-under-test.ts';
import { checkProperty } from '../../harness/properties/run-property.ts';

export const checks = [
  defineCheck(
    {
      id: 'properties.retrieve.idempotent',
      title: 'retrieving the same object several times returns the same object',
      level: 'spec',
      assumes: ['contact-fields', 'last-active-at', 'last-opened-at', 'success-status'],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      const arbitrary = fc.record({
        resource: fc.constantFrom('conversations', 'groups'),
        times: fc.integer({ min: 2, max: 4 }),
      });
      await checkProperty(context, arbitrary, async ({ resource: which, times }, log) => {
        const resource = resourceNamed(which);
        const created = await log.step(`create a ${resource.kind}`, () => resource.create(context, 'idempotent'));
        const seen: Array<Record<string, unknown>> = [];
        for (let n = 0; n < times; n++) {
          const response = await log.step(`GET ${resource.path}/:id (${n + 1} of ${times})`, () =>
            resource.retrieve(context.client, created.id),
          );
          expectSuccess(context.profile, response, `GET ${resource.path}/:id`);
          const body = expectBody(response, resource.schema) as unknown as Record<string, unknown>;
          const item = resource.comparable(body as never);
          if (seen.length > 0) {
            const differences = fieldDifferences(context.profile, item, seen[0]!);
            expectThat(
              differences.length === 0,
              response,
              `${resource.section}: the same object on every retrieve`,
              differences.join('; '),
            );
          }
          seen.push(item);
        }
      });
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
