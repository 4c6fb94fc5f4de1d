// List filters by partition (§4.1, §4.2, §3): filters given together, each filter walked in small
// pages, and archived_at of any timestamp the server accepts. What the conversation and group
// checks of suites/*/list-filter-partitions.check.ts share.
import type { Conversation, ConversationUpdateParams } from '../../lib/api/resources.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../checks/check-context.ts';
import { PrerequisiteFailure, RepeatedPageFailure } from '../checks/check-failure.ts';
import type { CheckId } from '../checks/check-ids.ts';
import { ownItemsSeen, walkSummary } from '../checks/each-once.ts';
import { expectNoServerError, expectSuccess, expectThat, fieldDifferences } from '../checks/expect.ts';
import { prerequisite, updateConversation } from '../checks/fixtures.ts';
import { hasAll, positionalPagination, undisturbedWalk, walkFinding, type Walk } from '../checks/list-walk.ts';
import { listWriters } from '../checks/list-writers.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';
import { scopeHolds } from '../checks/list-scope.ts';

/** The three boolean filters of GET /v1/conversations (§4.1), how an item matches, and how a PUT makes it match. */
export type Flag = 'muted' | 'pinned' | 'archived';

export const flags: Readonly<
  Record<
    Flag,
    {
      holds: (conversation: Conversation) => boolean;
      /** The PUT parameter that sets it: archived_at in the server's own unit (its created_at; profile: timestamp-unit). */
      set: (conversation: Conversation) => Record<string, unknown>;
      blamed: CheckId;
    }
  >
> = {
  muted: { holds: (item) => item.is_muted, set: () => ({ is_muted: true }), blamed: 'conversations.update.is-muted' },
  pinned: {
    holds: (item) => item.is_pinned,
    set: () => ({ is_pinned: true }),
    blamed: 'conversations.update.is-pinned',
  },
  archived: {
    holds: (item) => item.archived_at !== null,
    set: (item) => ({ archived_at: item.created_at }),
    blamed: 'conversations.archive.sets-timestamp',
  },
};

export const allFlags: readonly Flag[] = ['muted', 'pinned', 'archived'];

/** Sets these flags of one of the check's conversations in one PUT, which must take (else the check is blocked). */
export async function withFlags(
  context: CheckContext,
  conversation: Conversation,
  set: readonly Flag[],
): Promise<Conversation> {
  if (set.length === 0) return conversation;
  const params = Object.assign({}, ...set.map((flag) => flags[flag].set(conversation))) as ConversationUpdateParams;
  return updateConversation(context, conversation.id, params, flags[set[0]!].blamed);
}

/** The query of a list as a message shows it: "muted=true&group_id=grp_1". */
export const queryOf = (filters: Readonly<Record<string, unknown>>): string =>
  new URLSearchParams(Object.entries(filters).map(([name, value]) => [name, String(value)])).toString();

const ids = (items: ReadonlyArray<{ id: string }>) => items.map((item) => item.id).join(', ');

/** The limit a page was asked for with, read from its request (undefined when the walk fell back to the default). */
function limitAskedFor(page: Walk<unknown>['pages'][number]): number | undefined {
  const limit = new URL(page.exchange.url, 'http://target.invalid').searchParams.get('limit');
  return limit === null ? undefined : Number(limit);
}

/**
 * Walks `filters` with `limit` items a page until the check's own matching items are all seen:
 * every item of every page matches; a page followed by more holds exactly `limit` items (§8: the
 * limit narrows the page size); and each own item is found exactly once. Page numbers and offsets
 * shift under others' writes, so there a repeat or a gap must happen in each of three walks.
 */
export async function expectEachOwnOnceInPages<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  filters: Readonly<Record<string, string | boolean>>,
  limit: number,
  matches: (item: T) => boolean,
  ownItems: ReadonlyArray<{ id: string; archived_at: unknown }>,
  described: string,
): Promise<void> {
  const shifting = positionalPagination(context);
  const attempts = shifting ? 3 : 1;
  const query = `${queryOf(filters)}&limit=${limit}`;
  const pagination = `PAGINATION=${context.target.pagination.kind}`;
  // An archived one is in a list without archived only when such a list holds every record (list-scope.ts).
  const expected = ownItems.filter((item) => scopeHolds(context, filters, item));
  const own = expected.map((item) => item.id);
  const walkOnce = () =>
    resource.walk(context, { ...filters }, { limit, stopWhen: hasAll(own), expect: { listed: expected } });
  let problem: { page: Walk<T>['pages'][number]; received: string } | undefined;
  const walked: Array<readonly T[]> = [];
  for (let attempt = 1; attempt <= attempts; attempt++) {
    // Page numbers and offsets move under others' writes: judged on a walk two walks in a row agree on.
    let walk: Walk<T> | undefined;
    try {
      walk = shifting ? await undisturbedWalk(walkOnce, 2, walked) : await walkOnce();
    } catch (error) {
      // The walker's own verdict (a page of items already seen) stands when every attempt meets it.
      if (!(error instanceof RepeatedPageFailure) || attempt === attempts) throw error;
      continue;
    }
    if (walk === undefined) continue;
    for (const [index, page] of walk.pages.entries()) {
      const envelope = page.body as { has_more: boolean; data: T[] };
      const wrong = envelope.data.filter((item) => !matches(item) || !scopeHolds(context, filters, item));
      expectThat(
        wrong.length === 0,
        page,
        `${resource.section}: ${query} returns only ${described} ${resource.plural}, on every page`,
        `on page ${index + 1}: ${ids(wrong)}`,
      );
      if (envelope.has_more && limitAskedFor(page) === limit) {
        expectThat(
          envelope.data.length === limit,
          page,
          `${resource.section}, §8: a page of ${query} followed by more (has_more true) holds ${limit} ${resource.plural} ("The limit parameter narrows the page size"; ${pagination})`,
          `${envelope.data.length} on page ${index + 1}`,
        );
      }
    }
    const { repeated, missing } = ownItemsSeen(walk, own);
    if (repeated.length === 0 && missing.length > 0 && !walk.complete) {
      context.skip(
        `the suite's ${described} ${resource.plural} were not among the pages of ${query} read: ${walk.stoppedBecause}`,
      );
    }
    if (repeated.length === 0 && missing.length === 0) return;
    problem = { page: walk.pages.at(-1)!, received: walkSummary(walk, repeated, missing) };
  }
  if (problem === undefined)
    context.skip(
      `the pages of ${query} changed between every two walks (${listWriters(context.target, walked)}), and ${pagination} pages move with it`,
    );
  expectThat(
    false,
    problem.page,
    `each of the suite's ${own.length} ${described} ${resource.plural} exactly once in the pages of ${query} (${resource.section}: list ${resource.plural} (paginated); ${pagination})${attempts > 1 ? `, in ${attempts} walks` : ''}`,
    problem.received,
  );
}

/**
 * The archived_at values of the archive partitions. The unit of the timestamps is not shown (§2.2;
 * profile: timestamp-unit), so the only value the suite knows to be a timestamp of the server's is
 * one it answered with (created_at): that one must be accepted. The others are timestamps only if
 * the unit counts from an epoch, so a server may refuse them; once accepted, they are timestamps
 * the object holds, and §3 makes it archived whatever their value: taken and left active (archived_at
 * null, as a server that reads 0 as "no value" does) fails the check.
 */
const archivePartitions: ReadonlyArray<{ described: string; at: (createdAt: number) => number; ownUnit: boolean }> = [
  { described: 'the epoch (archived_at=0)', at: () => 0, ownUnit: false },
  { described: 'one unit after the epoch (archived_at=1)', at: () => 1, ownUnit: false },
  { described: 'now (archived_at = its own created_at)', at: (createdAt) => createdAt, ownUnit: true },
  {
    described: 'the future (its created_at plus a twentieth of it)',
    at: (createdAt) => createdAt + Math.max(1, Math.floor(createdAt / 20)),
    ownUnit: false,
  },
];

/**
 * A PUT of archived_at the server took (2xx) answered archived_at null: the object is still active
 * unless a retrieve shows the timestamp (then the answer alone was stale, another check's premise).
 * Still active, it fails this check: §3 archives an object when "a timestamp is given", and the
 * server took the value as one; it was free to refuse it (a 4xx), not to take it and change nothing.
 */
async function expectArchivedAfterAll<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  id: string,
  step: string,
  put: ApiResponse,
): Promise<void> {
  const blamed: CheckId =
    resource.kind === 'group' ? 'groups.retrieve.same-object' : 'conversations.retrieve.same-object';
  const retrieved = await resource.retrieve(context.client, id);
  const now = prerequisite(retrieved, resource.schema, `GET ${resource.path}/:id after ${step}`, blamed);
  expectThat(
    now.archived_at !== null,
    retrieved,
    `the ${resource.kind} archived by ${step}, which the server took (status ${put.status}) rather than refused: §3 "a timestamp is given" → archived, "archived when it holds a timestamp"`,
    `archived_at null in the answer to the PUT and in a retrieve after it: the ${resource.kind} is still active`,
  );
}

/**
 * archived=true lists an object archived at any timestamp the server accepted: the epoch, a small
 * one, now and the future (§3: archived when archived_at holds a timestamp). A value other than the
 * server's own created_at may be refused (4xx, never a 5xx); that partition is then not tested. One
 * taken (2xx) that leaves the object active fails (expectArchivedAfterAll).
 */
export const archivedAtAnyTimestamp =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const blamed: CheckId =
      resource.kind === 'group' ? 'groups.archive.sets-timestamp' : 'conversations.archive.sets-timestamp';
    const items = await resource.createMany(context, archivePartitions.length, 'archived-at');
    const archived: Array<{ item: T; described: string }> = [];
    for (const [index, partition] of archivePartitions.entries()) {
      const item = items[index]!;
      if (partition.ownUnit) {
        archived.push({ item: await resource.archive(context, item), described: partition.described });
        continue;
      }
      const at = partition.at(item.created_at);
      const step = `PUT ${resource.path}/:id with archived_at=${at}`;
      const response = await resource.update(context.client, item.id, { archived_at: at });
      expectNoServerError(context.profile, response, step);
      // A timestamp the server does not keep may be refused (§2.2: the unit is not shown; profile: timestamp-unit).
      if (context.profile.isRefusal(response.status)) continue;
      expectSuccess(
        context.profile,
        response,
        `${step} (a 2xx, or a refusal of a value that may not be a timestamp in the server's unit)`,
      );
      const answered = prerequisite(response, resource.schema, step, blamed);
      if (answered.archived_at === null) await expectArchivedAfterAll(context, resource, item.id, step, response);
      const differences = fieldDifferences(context.profile, answered, { archived_at: at });
      if (differences.length > 0) {
        throw new PrerequisiteFailure(
          {
            expected: `the answer to ${step} to hold archived_at ${at} (§3)`,
            received: differences.join('; '),
            exchange: response.exchange,
          },
          blamed,
        );
      }
      archived.push({ item: answered as unknown as T, described: partition.described });
    }
    const archivedIds = archived.map(({ item }) => item.id);
    const walk = await walkFinding(
      context,
      () =>
        resource.walk(
          context,
          { archived: true },
          { stopWhen: hasAll(archivedIds), expect: { listed: archived.map(({ item }) => item) } },
        ),
      archivedIds,
      'the list under archived=true',
    );
    for (const [index, page] of walk.pages.entries()) {
      const wrong = (page.body as { data: T[] }).data.filter((item) => item.archived_at === null);
      expectThat(
        wrong.length === 0,
        page,
        `${resource.section}: archived=true returns only archived ${resource.plural}`,
        `on page ${index + 1}: ${ids(wrong)}`,
      );
    }
    const seen = new Set(walk.items.map((item) => item.id));
    const missing = archived.filter(({ item }) => !seen.has(item.id));
    if (missing.length > 0 && !walk.complete)
      context.skip(`the suite's archived ${resource.plural} were not among the pages read: ${walk.stoppedBecause}`);
    expectThat(
      missing.length === 0,
      walk.pages.at(-1)!,
      `each ${resource.kind} archived at a timestamp the server accepted listed under archived=true (§3: "archived when it holds a timestamp"; ${resource.section}: archived)`,
      `not listed: ${missing.map(({ item, described }) => `${item.id}, archived at ${described}: archived_at ${item.archived_at}`).join('; ')}`,
    );
  };
