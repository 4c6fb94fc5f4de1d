// Deletion (§3: "removed permanently"), and a DELETE of an id that names nothing, both resources alike.
import type { CheckContext } from '../checks/check-context.ts';
import { PrerequisiteFailure } from '../checks/check-failure.ts';
import { expectDeleteOfNothing, expectThat } from '../checks/expect.ts';
import { deleteResource } from '../checks/fixtures.ts';
import { hasAll } from '../checks/list-walk.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

export const deletedIsNotRetrievable =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const item = await resource.create(context, 'delete');
    await deleteResource(context, resource.kind, item.id, `${resource.plural}.delete.not-retrievable`);
    const response = await resource.retrieve(context.client, item.id);
    expectThat(
      context.profile.isUnknownIdAnswer(response.status),
      response,
      `§3: a deleted ${resource.kind} is removed permanently, so retrieving it gets a 4xx`,
      `status ${response.status}`,
    );
  };

export const deletedIsNotListed =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    // Into a narrow list first: one short enough to read whole, so that absence can be proven.
    const item = await resource.narrowList.apply(context, await resource.create(context, 'not-listed'));
    // The premise: listed there before the delete (a list may show the write late: list-consistency.ts),
    // so that its absence afterwards is the delete's doing.
    const before = await resource.walk(context, resource.narrowList.filters, {
      stopWhen: hasAll([item.id]),
      expect: { listed: [item] },
    });
    if (!before.items.some((listed) => listed.id === item.id)) {
      if (!before.complete)
        context.skip(
          `the list of ${resource.narrowList.described} could not be read far enough to find ${item.id} before the delete: ${before.stoppedBecause}`,
        );
      throw new PrerequisiteFailure(
        {
          expected: `${item.id} listed among ${resource.narrowList.described} before the delete (${resource.section}: filters)`,
          received: 'not listed',
          exchange: before.pages.at(-1)!.exchange,
        },
        `${resource.plural}.read-after-write.update-seen-everywhere`,
      );
    }
    await deleteResource(context, resource.kind, item.id, `${resource.plural}.delete.not-retrievable`);
    const walk = await resource.walk(context, resource.narrowList.filters, {
      stopWhen: hasAll([item.id]),
      expect: { unlisted: [item.id] },
    });
    const listed = walk.items.some((listedItem) => listedItem.id === item.id);
    expectThat(
      !listed,
      walk.pages.at(-1)!,
      `the deleted ${resource.kind} ${item.id} no longer listed among ${resource.narrowList.described} (§3: removed permanently)`,
      'still listed',
    );
    if (!walk.complete)
      context.skip(
        `the whole list of ${resource.narrowList.described} could not be read, so absence is unproven: ${walk.stoppedBecause}`,
      );
  };

/**
 * §3: DELETE removes an object in "any" state, an archived one too. The premise, that the object is
 * archived, is the archive step's (blamed on the archive check when it does not take); then the
 * DELETE must answer as a delete does, and a retrieve gets the unknown-id answer.
 */
export const archivedIsDeleted =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const item = await resource.archive(context, await resource.create(context, 'archived-delete'));
    await deleteResource(context, resource.kind, item.id, `${resource.plural}.delete.archived`);
    const response = await resource.retrieve(context.client, item.id);
    expectThat(
      context.profile.isUnknownIdAnswer(response.status),
      response,
      `§3: a ${resource.kind} deleted while archived (DELETE, from any state) is removed permanently, so retrieving it gets a 4xx`,
      `status ${response.status}`,
    );
  };

/**
 * DELETE of an id never made: the unknown-id answer, or (profile: delete-of-nothing) a successful
 * DELETE's; never a 5xx. A success proves nothing by itself (a server that tells no ids apart
 * answers every DELETE so), so the premise is that a GET of the same id names nothing.
 */
export const deleteUnknownIdIsRefused =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const id = context.names.unknownId(resource.kind);
    const response = await resource.remove(context.client, id);
    const what = `DELETE ${resource.path}/:id of an id that does not exist (§4.3: the status of a DELETE is not shown)`;
    expectDeleteOfNothing(context.profile, response, what);
    // Refused as an id that names nothing (profile: delete-of-nothing, reading refused): proven by itself.
    if (context.profile.isUnknownIdAnswer(response.status)) return;
    const retrieved = await resource.retrieve(context.client, id);
    if (!context.profile.isUnknownIdAnswer(retrieved.status)) {
      throw new PrerequisiteFailure(
        {
          expected: `${context.profile.describe('unknown-id-status')} for GET ${resource.path}/:id of the id just deleted, which was never made`,
          received: `status ${retrieved.status}`,
          exchange: retrieved.exchange,
        },
        `${resource.plural}.retrieve.unknown-id`,
      );
    }
  };
