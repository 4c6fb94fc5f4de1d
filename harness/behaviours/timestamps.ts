// Timestamps given and returned: archived_at across the partitions of the integers a server may be
// sent (§3: "a timestamp is given" → "archived_at holds the timestamp"; §2: "Timestamps are returned
// as integers in the examples"). The unit is the server's (§2.2 "the unit of the timestamps: not
// shown"; profile: timestamp-unit): an object's own created_at tells it, and the present with it.
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../checks/check-context.ts';
import {
  expectBody,
  expectFields,
  expectNoServerError,
  expectSuccess,
  expectThat,
  fieldDifferences,
} from '../checks/expect.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';
import { archivedAtLiteral, timestampPartitions as partitions } from '../checks/timestamp-values.ts';

/** archived_at written as the integer sent, then (schema and all) the object holding exactly it. */
function expectArchivedAt<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  response: ApiResponse,
  value: number,
  where: string,
): void {
  const literal = archivedAtLiteral(response.text);
  if (literal !== undefined) {
    expectThat(
      literal === String(value),
      response,
      `archived_at written as the integer ${value} in ${where} (§3: "archived_at holds the timestamp" given; §2: "Timestamps are returned as integers")`,
      `archived_at written as ${literal}`,
    );
  }
  const object = expectBody(response, resource.schema, `the ${resource.kind} in ${where}`);
  expectFields(
    context.profile,
    response,
    object,
    { archived_at: value },
    '§3: "archived_at holds the timestamp" given, exactly',
  );
}

export const archivedAtPartitions =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    // Each value archives an active object of its own: §3 shows only the transition from active
    // ("Restoring, and all other transitions: not shown"), so a second archiving may be refused.
    const first = await resource.create(context, 'timestamps');
    const now = first.created_at;
    const cases = partitions(now);
    const items = [first, ...(await resource.createMany(context, cases.length - 1, 'timestamps'))];
    const refused: string[] = [];
    for (const [index, { value, what }] of cases.entries()) {
      const item = items[index]!;
      const step = `PUT ${resource.path}/:id with ${what}`;
      const response = await resource.update(context.client, item.id, { archived_at: value });
      expectNoServerError(context.profile, response, step);
      const retrieve = async () => {
        const retrieved = await resource.retrieve(context.client, item.id);
        expectSuccess(context.profile, retrieved, `GET ${resource.path}/:id after ${step}`);
        return retrieved;
      };
      if (context.profile.isRefusal(response.status)) {
        // A value far from the object's own created_at may be refused: before the object existed,
        // a time yet to come, or past the range of the server's dates (§2.2: the unit and limits
        // are not shown). Refused, it must have changed nothing; taken, it must be held exactly.
        const retrieved = await retrieve();
        const differences = fieldDifferences(
          context.profile,
          resource.comparable(expectBody(retrieved, resource.schema) as unknown as T),
          resource.comparable(item),
        );
        expectThat(
          differences.length === 0,
          retrieved,
          `the ${resource.kind} unchanged by the refused ${step} (profile: refusal-status)`,
          differences.join('; '),
        );
        refused.push(what);
        continue;
      }
      expectSuccess(context.profile, response, `${step} (taken, or else refused)`);
      expectArchivedAt(context, resource, response, value, `the answer to ${step}`);
      expectArchivedAt(context, resource, await retrieve(), value, `a retrieve after ${step}`);
    }
    // Nothing taken, nothing compared: the ordinary timestamp is *.archive.sets-timestamp's.
    if (refused.length === cases.length)
      context.skip(
        `the server refused every value tried (${refused.join('; ')}), each changing nothing; no value was held to compare`,
      );
  };
