// Archiving (§3): PUT archived_at archives, archived_at holds exactly the timestamp given, and
// archived=true lists archived items and never active ones. Both resources alike.
import type { CheckContext } from '../checks/check-context.ts';
import { expectBody, expectFields, expectSuccess, expectThat } from '../checks/expect.ts';
import { hasAll, walkFinding } from '../checks/list-walk.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

export const archiveSetsTimestamp =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const item = await resource.create(context, 'archive');
    // A timestamp in the server's own unit (§2 leaves the unit open; profile: timestamp-unit): one unit before the object's
    // own created_at, so that a server storing the time of the request instead is caught.
    const archivedAt = item.created_at - 1;
    const response = await resource.update(context.client, item.id, { archived_at: archivedAt });
    expectSuccess(context.profile, response, `PUT ${resource.path}/:id with archived_at`);
    expectFields(
      context.profile,
      response,
      expectBody(response, resource.schema, `the archived ${resource.kind}`),
      { archived_at: archivedAt },
      '§3: archived_at holds the timestamp given',
    );
    const retrieved = await resource.retrieve(context.client, item.id);
    expectSuccess(context.profile, retrieved, `GET ${resource.path}/:id after archiving`);
    expectFields(
      context.profile,
      retrieved,
      expectBody(retrieved, resource.schema),
      { archived_at: archivedAt },
      '§3: archived_at holds the timestamp given',
    );
  };

export const archivedIsListed =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const item = await resource.archive(context, await resource.create(context, 'archived'));
    const walk = await walkFinding(
      context,
      () => resource.walk(context, { archived: true }, { stopWhen: hasAll([item.id]), expect: { listed: [item] } }),
      [item.id],
      'the list under archived=true',
    );
    const found = walk.items.some((seen) => seen.id === item.id);
    if (!found && !walk.complete)
      context.skip(`the archived ${resource.kind} was not among the pages read: ${walk.stoppedBecause}`);
    expectThat(
      found,
      walk.pages.at(-1)!,
      `the archived ${resource.kind} ${item.id} listed under archived=true (§3, ${resource.section})`,
      `not listed in ${walk.pages.length} page(s)`,
    );
  };

export const activeIsNotListed =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const item = await resource.create(context, 'active');
    const walk = await resource.walk(
      context,
      { archived: true },
      { stopWhen: hasAll([item.id]), expect: { unlisted: [item.id] } },
    );
    const listed = walk.items.some((seen) => seen.id === item.id);
    expectThat(
      !listed,
      walk.pages.at(-1)!,
      `the active ${resource.kind} ${item.id} not listed under archived=true (${resource.section}: only archived ${resource.plural})`,
      'listed',
    );
    if (!walk.complete)
      context.skip(`the whole archived=true list could not be read, so absence is unproven: ${walk.stoppedBecause}`);
  };
