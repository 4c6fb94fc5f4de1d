// Robustness with text a server may not expect: empty, very long, non-ASCII. §2.2 leaves the
// length and character limits open, so refusing with a 4xx is fine; accepting and then returning
// something else, or a 5xx, is not.
import type { CheckContext } from '../checks/check-context.ts';
import { expectBody, expectClientError, expectNoServerError, expectSameText, expectSuccess } from '../checks/expect.ts';
import { recordCreated } from '../checks/fixtures.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

export const unusualTextIsRefusedOrKept = <T extends ResourceItem>(resource: ResourceUnderTest<T>, field: string) =>
  async (context: CheckContext) => {
    const marker = context.names.contactId('text');
    const texts: Array<[string, string]> = [
      [`an empty ${field}`, ''],
      [`a ${field} of 10 000 characters`, marker.padEnd(10_000, 'x')],
      [`a non-ASCII ${field}`, `Ünïcödé 🎉 名前 ${marker}`],
    ];
    for (const [what, text] of texts) {
      const response = await resource.createWith(context.client, { [field]: text });
      recordCreated(context, resource.kind, response.body);
      expectNoServerError(context.profile, response, `POST ${resource.path} with ${what}`);
      if (!context.profile.isSuccess(response.status)) {
        expectClientError(context.profile, response, `POST ${resource.path} with ${what}, when it is not accepted`);
        continue;
      }
      const created = expectBody(response, resource.schema, `the created ${resource.kind}`) as unknown as Record<string, unknown>;
      expectSameText(context.profile, response, created[field], text, field, `${resource.section}: ${what}, once accepted, is returned as given by the create`);
      const retrieved = await resource.retrieve(context.client, String(created.id));
      expectSuccess(context.profile, retrieved, `GET ${resource.path}/:id of the ${resource.kind} created with ${what}`);
      const stored = expectBody(retrieved, resource.schema) as unknown as Record<string, unknown>;
      expectSameText(context.profile, retrieved, stored[field], text, field, `${resource.section}: ${what}, once accepted, is stored as given`);
    }
  };
