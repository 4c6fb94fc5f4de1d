import { check } from '../../src/checks/define-check.ts';
import type { CheckContext } from '../../src/checks/check-context.ts';
import { expectBody, expectSuccess, expectThat, fieldDifferences } from '../../src/checks/expect.ts';
import { conversations, groups, type ResourceItem, type ResourceUnderTest } from '../../src/checks/resources.ts';

/**
 * Lists objects and retrieves one by its id. Someone else may delete it in between (another run
 * cleaning up): a retrieve that finds it gone takes the next one listed (twenty at most).
 */
async function expectListedRetrievable<T extends ResourceItem>(context: CheckContext, resource: ResourceUnderTest<T>): Promise<boolean> {
  const listedPage = expectBody(await resource.list(context.client, { limit: 20 }), resource.listSchema).data as unknown as T[];
  if (listedPage.length === 0) return false;
  for (const [index, listed] of listedPage.entries()) {
    const response = await resource.retrieve(context.client, listed.id);
    if (response.status >= 400 && response.status < 500 && index < listedPage.length - 1) continue;
    expectSuccess(response, `GET ${resource.path}/:id of a listed ${resource.kind}`);
    const retrieved = expectBody(response, resource.schema) as unknown as T;
    // Others may change the object between the two requests (this is someone's live data): only
    // what never changes is compared.
    const differences = fieldDifferences(retrieved, { id: listed.id, created_at: listed.created_at });
    expectThat(differences.length === 0, response, `${resource.section}: the ${resource.kind} the list showed (same id and created_at)`, differences.join('; '));
    return true;
  }
  return true;
}

check('readonly.retrieve.listed-objects', async (context) => {
  const found = [await expectListedRetrievable(context, conversations), await expectListedRetrievable(context, groups)];
  if (!found.some(Boolean)) context.skip('the target holds no conversation and no group to retrieve');
});
