import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { PrerequisiteFailure } from '../../harness/checks/check-failure.ts';
import { expectBody, expectNoServerError, expectThat, fieldDifferences } from '../../harness/checks/expect.ts';
import {
  conversations,
  groups,
  type ResourceItem,
  type ResourceUnderTest,
} from '../../harness/checks/resource-under-test.ts';

/**
 * Lists objects and retrieves them by id until one answers. Others may delete a listed object
 * before it is retrieved (this is live data, and other runs clean up): a 4xx then proves nothing,
 * so the next one listed is tried. A retrieve that answers must answer with that object.
 */
async function retrieveAListedObject<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
): Promise<'retrieved' | 'none listed' | 'all gone'> {
  // A few pages (at the largest page size the target allows): on a busy target the newest objects
  // come and go, and older ones further down stay.
  const { items: listed } = await resource.walk(context, {}, { maxPages: 3 });
  if (listed.length > 0) {
    // The premise: the server tells ids apart. One that answers any id with an object would pass
    // the comparison below without holding anything.
    const unknown = await resource.retrieve(context.client, context.names.unknownId(resource.kind));
    if (!context.profile.isUnknownIdAnswer(unknown.status)) {
      throw new PrerequisiteFailure(
        {
          expected: `${context.profile.describe('unknown-id-status')} for GET ${resource.path}/:id of an id that names nothing`,
          received: `status ${unknown.status}`,
          exchange: unknown.exchange,
        },
        `${resource.plural}.retrieve.unknown-id`,
      );
    }
  }
  for (const item of listed) {
    const response = await resource.retrieve(context.client, item.id);
    expectNoServerError(context.profile, response, `GET ${resource.path}/:id of a listed ${resource.kind}`);
    // Deleted by another client since it was listed: an id that names nothing now (profile: unknown-id-status).
    if (context.profile.isUnknownIdAnswer(response.status)) continue;
    const retrieved = expectBody(response, resource.schema) as unknown as T;
    // Others may change the object between the two requests: only what never changes is compared.
    const differences = fieldDifferences(context.profile, retrieved, { id: item.id, created_at: item.created_at });
    expectThat(
      differences.length === 0,
      response,
      `${resource.section}: the ${resource.kind} the list showed (same id and created_at)`,
      differences.join('; '),
    );
    return 'retrieved';
  }
  return listed.length === 0 ? 'none listed' : 'all gone';
}

export const checks = [
  defineCheck(
    {
      id: 'readonly.retrieve.listed-objects',
      title: 'a conversation and a group taken from the lists can be retrieved by their id, as the same objects',
      level: 'spec',
      assumes: ['error-body', 'list-order', 'pagination', 'refusal-status', 'success-status', 'unknown-id-status'],
      tags: ['conversations', 'groups'],
      readOnly: true,
    },
    async (context) => {
      const outcomes = [
        await retrieveAListedObject(context, conversations),
        await retrieveAListedObject(context, groups),
      ];
      if (!outcomes.includes('retrieved')) {
        context.skip(
          `nothing listed could be retrieved to compare (conversations: ${outcomes[0]}; groups: ${outcomes[1]})`,
        );
      }
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
