// PUTs to one object at the same time, each of another field (§4.1, §4.2: "Fields not given are
// unchanged"). Whatever order the server takes them in, each successful PUT's field holds its
// value afterwards: a lost update (two read-modify-writes racing) is no such order. A PUT may be
// refused (a 4xx: a server that guards against concurrent writes is free to), and then its field
// is not compared; a 5xx is the client invariants' to fail. Nothing raced unless two PUTs to one
// object succeeded: when no object had two, the check skips rather than pass on nothing.
import type { CheckContext } from '../checks/check-context.ts';
import { CheckFailure } from '../checks/check-failure.ts';
import { expectBody, expectSuccess } from '../checks/expect.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

/** Each write sets one field; `values` are made from the check's context, so texts carry the run's marker. */
export type ConcurrentWrites = (context: CheckContext) => ReadonlyArray<Record<string, unknown>>;

export const concurrentUpdatesAllKept =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>, writes: ConcurrentWrites) =>
  async (context: CheckContext) => {
    const objects = await resource.createMany(context, 2, 'concurrent');
    const succeeded = await Promise.all(
      objects.map(async (object) => {
        const sent = writes(context);
        const answers = await Promise.all(sent.map((params) => resource.update(context.client, object.id, params)));
        const kept = sent.filter((_, index) => context.profile.isSuccess(answers[index]!.status));
        const after = await resource.retrieve(context.client, object.id);
        expectSuccess(context.profile, after, `GET ${resource.path}/:id after ${sent.length} PUTs at once`);
        const stored = expectBody(after, resource.schema) as unknown as Record<string, unknown>;
        const lost = kept.flatMap((params) =>
          Object.entries(params)
            .filter(([field, value]) => !context.profile.storedAsSent(value, stored[field]))
            .map(
              ([field, value]) => `${field}: sent ${JSON.stringify(value)}, stored ${JSON.stringify(stored[field])}`,
            ),
        );
        if (lost.length > 0) {
          throw new CheckFailure({
            expected: `${resource.section}: every field of each of the ${kept.length} PUTs that succeeded, sent at once to one ${resource.kind} (each of another field; "Fields not given are unchanged"), in the ${resource.kind} afterwards`,
            received: `lost: ${lost.join('; ')}`,
            exchange: after.exchange,
          });
        }
        return { kept: kept.length, sent: sent.length };
      }),
    );
    if (succeeded.every(({ kept }) => kept < 2)) {
      const counts = succeeded.map(({ kept, sent }) => `${kept} of ${sent}`).join(', and ');
      context.skip(
        `no two of the PUTs sent at once to one ${resource.kind} succeeded (${counts}): the server refused the others, which it may, but then no update could be lost`,
      );
    }
  };
