// Pages of a list (§4, §8): the envelope, the default page size of ten, limit, has_more, filters,
// and what a bad limit gets. Both resources alike.
import type { CheckContext } from '../checks/check-context.ts';
import { expectBody, expectClientError, expectNoServerError, expectSuccess, expectThat } from '../checks/expect.ts';
import { expectEachOnceAcrossPages, requirePagination } from '../checks/each-once.ts';
import { hasAll, walkFinding } from '../checks/list-walk.ts';
import { holdsAll, pageAfterWrite } from '../checks/list-consistency.ts';
import { scopeHolds } from '../checks/list-scope.ts';
import { narrowListNow, type ResourceItem, type ResourceUnderTest } from '../checks/resource-under-test.ts';
import { createGroup } from '../checks/fixtures.ts';
import { PrerequisiteFailure } from '../checks/check-failure.ts';

export const listEnvelope =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    // One of the suite's own, so that the page is not empty on an empty target.
    await resource.create(context, 'envelope');
    const response = await resource.list(context.client, {});
    expectSuccess(context.profile, response, `GET ${resource.path}`);
    expectBody(response, resource.listSchema, 'the list');
  };

export const defaultPageSizeIsTen =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    // Eleven of the suite's own guarantee that more than ten exist, whatever else the target holds.
    await resource.createMany(context, 11, 'page-size');
    const response = await pageAfterWrite(
      context,
      () => resource.list(context.client, {}),
      (page) => page.data.length === 10 && page.has_more === true,
    );
    expectSuccess(context.profile, response, `GET ${resource.path} without limit`);
    const page = expectBody(response, resource.listSchema, 'the list');
    expectThat(
      page.data.length === 10,
      response,
      `${resource.section}, §8: exactly ten ${resource.plural} (the default page size) when more exist`,
      `${page.data.length} ${resource.plural}`,
    );
    expectThat(
      page.has_more,
      response,
      `${resource.section}: has_more true, since more than ten ${resource.plural} exist`,
      'has_more false',
    );
  };

export const limitIsHonoured =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    await resource.createMany(context, 3, 'limit');
    const response = await pageAfterWrite(
      context,
      () => resource.list(context.client, { limit: 2 }),
      (page) => page.data.length === 2 && page.has_more === true,
    );
    expectSuccess(context.profile, response, `GET ${resource.path}?limit=2`);
    const page = expectBody(response, resource.listSchema, 'the list');
    expectThat(
      page.data.length === 2,
      response,
      `${resource.section}: limit=2 returns exactly two ${resource.plural} when more exist`,
      `${page.data.length} ${resource.plural}`,
    );
    expectThat(
      page.has_more,
      response,
      `${resource.section}: has_more true, since more than two ${resource.plural} exist`,
      'has_more false',
    );
  };

export const badLimitIsNoServerError =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    // One of the suite's own, so that an accepted page has something to validate.
    await resource.create(context, 'bad-limit');
    for (const limit of [0, -1, 1_000_000, 'abc']) {
      const response = await resource.list(context.client, { limit });
      expectNoServerError(context.profile, response, `GET ${resource.path}?limit=${limit}`);
      // §8 leaves the maximum open: a huge limit may be clamped or refused (profile: largest-limit),
      // or only the one LARGEST_LIMIT declares. Anything but a page is a refusal (§7: any 4xx, or the declared REFUSAL_STATUS).
      if (context.profile.isSuccess(response.status))
        expectBody(response, resource.listSchema, `the list for limit=${limit}`);
      else expectClientError(context.profile, response, `GET ${resource.path}?limit=${limit}`);
      if (limit === 1_000_000) {
        const reading = context.profile.isRefusal(response.status)
          ? 'refused'
          : context.profile.isSuccess(response.status)
            ? 'clamped'
            : undefined;
        expectThat(
          reading === undefined || context.profile.allows('largest-limit', reading),
          response,
          `the reading LARGEST_LIMIT=${String(context.profile.declared['largest-limit'])} declared for a limit beyond the largest (§8: "Its maximum value ... not shown")`,
          reading === 'refused' ? `a refusal (status ${response.status})` : 'a page (the limit clamped)',
        );
      }
    }
  };

/**
 * The positions a server never handed out, in the declared style (PAGINATION; §4.3 shows none):
 * an id that names nothing or a cursor of junk, and page numbers or offsets that are zero,
 * negative, far beyond the end or not a number.
 */
function positionsNeverGiven(context: CheckContext, kind: 'conversation' | 'group'): Array<string | number> {
  switch (context.target.pagination.kind) {
    case 'starting_after':
      return [context.names.unknownId(kind), 'not-an-id'];
    case 'cursor':
      return ['not-a-cursor', '%%', 'x'.repeat(300)];
    case 'page':
      return [0, -1, 1_000_000, 'abc'];
    case 'offset':
      return [-1, 1_000_000, 'abc'];
    case 'none':
      return [];
  }
}

/** A next page asked for from a position the server never gave: a 4xx or a valid page, never a 5xx. */
export const badNextPageIsNoServerError =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    requirePagination(context);
    const { pagination } = context.target;
    const param =
      pagination.kind === 'starting_after' ? 'starting_after' : 'param' in pagination ? pagination.param : '';
    // One of the suite's own, so that an accepted page has something to validate.
    await resource.create(context, 'bad-next-page');
    for (const position of positionsNeverGiven(context, resource.kind)) {
      const response = await resource.list(context.client, { [param]: position, limit: 2 });
      const asked = `GET ${resource.path}?${param}=${String(position).slice(0, 40)}&limit=2 (a position this server never gave; PAGINATION=${pagination.kind})`;
      expectNoServerError(context.profile, response, asked);
      // §4.3 shows no pagination parameter, so what answers a position never given is open: a refusal or a page.
      if (context.profile.isSuccess(response.status))
        expectBody(response, resource.listSchema, `the list for ${asked}`);
      else expectClientError(context.profile, response, asked);
    }
  };

/**
 * Walks `filters`: every item on every page matches, and every one of the suite's `own` items that
 * should match is found.
 */
export async function expectFilter<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  filters: Record<string, string | boolean>,
  matches: (item: T) => boolean,
  own: readonly T[],
  described: string,
): Promise<void> {
  // An archived one is in a list without archived only when such a list holds every record (list-scope.ts).
  const expected = own.filter((item) => scopeHolds(context, filters, item));
  const ids = expected.map((item) => item.id);
  const walk = await walkFinding(
    context,
    () => resource.walk(context, filters, { stopWhen: hasAll(ids), expect: { listed: expected } }),
    ids,
    `the list under ${JSON.stringify(filters)}`,
  );
  const query = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString();
  for (const [index, page] of walk.pages.entries()) {
    const wrong = (page.body as { data: T[] }).data.filter(
      (item) => !matches(item) || !scopeHolds(context, filters, item),
    );
    expectThat(
      wrong.length === 0,
      page,
      `${resource.section}: ${query} returns only ${described} ${resource.plural}`,
      `on page ${index + 1}: ${wrong.map((item) => item.id).join(', ')}`,
    );
  }
  const seen = new Set(walk.items.map((item) => item.id));
  const missing = expected.filter((item) => !seen.has(item.id));
  if (missing.length > 0 && !walk.complete)
    context.skip(`the suite's ${described} ${resource.plural} were not among the pages read: ${walk.stoppedBecause}`);
  expectThat(
    missing.length === 0,
    walk.pages.at(-1)!,
    `${resource.section}: the suite's ${described} ${resource.plural} listed under ${query}`,
    `missing: ${missing.map((item) => item.id).join(', ')}`,
  );
}

/** archived=true: only archived items, the suite's archived ones among them (§3). */
export const archivedFilter =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    // One left active: a server that ignores the filter lists it and fails "only archived".
    const [archived] = await resource.createMany(context, 2, 'archived-filter');
    const own = await resource.archive(context, archived!);
    await expectFilter(context, resource, { archived: true }, (item) => item.archived_at !== null, [own], 'archived');
  };

/** Walking every page returns each of the suite's items exactly once and ends with has_more false. */
export const pagesReturnEachOnce =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    requirePagination(context);
    const own: T[] = [];
    for (const item of await resource.createMany(context, 5, 'pages'))
      own.push(await resource.narrowList.apply(context, item));
    await expectEachOnceAcrossPages(
      context,
      () => resource.walk(context, resource.narrowList.filters, { limit: 2, expect: { listed: own } }),
      own.map((item) => item.id),
      `${resource.narrowList.described} (limit=2)`,
      () => narrowListNow(context, resource),
    );
  };

/** The checks of the page after an item need the next page to be named by one (PAGINATION=starting_after). */
function requireStartingAfter(context: CheckContext): void {
  if (context.target.pagination.kind !== 'starting_after')
    context.skip(`PAGINATION=${context.target.pagination.kind}: the next page is not named by an item`);
}

/**
 * The page after an item, where the next page is named by the last id of a page (PAGINATION=
 * starting_after; profile: pagination): it never holds that item again, and a page that says more
 * follow holds an item to ask after (with no data, has_more true leaves no next page to ask for).
 */
export const pageAfterItem =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    requireStartingAfter(context);
    const own = await resource.createMany(context, 2, 'page-after');
    for (const item of own) {
      for (const limit of [1, 10]) {
        const asked = `GET ${resource.path}?starting_after=${item.id}&limit=${limit} (PAGINATION=starting_after: the items after that one)`;
        // A list may hold a new item late (list-consistency.ts), and refuse a cursor naming it until then.
        const response = await pageAfterWrite(
          context,
          () => resource.list(context.client, { starting_after: item.id, limit }),
          () => true,
          { refusedUntilShown: true },
        );
        expectSuccess(context.profile, response, asked);
        const page = expectBody(response, resource.listSchema, 'the list');
        expectThat(
          !page.data.some((listed) => listed.id === item.id),
          response,
          `${asked}: a page without ${item.id} itself (profile: pagination, starting_after: the items after that id)`,
          `${item.id} on the page after it`,
        );
        expectThat(
          !(page.has_more && page.data.length === 0),
          response,
          `${asked}: has_more true only on a page that holds an item to ask after (${resource.section}: has_more)`,
          'has_more true and no data',
        );
      }
    }
  };

/**
 * The page after a group's only conversation, filtered by that group (§4.1: "Only conversations of
 * the given group are returned"): nothing is left, so no data, and has_more false.
 */
export const pageAfterGroupsConversation = async (context: CheckContext) => {
  requireStartingAfter(context);
  const { group } = await createGroup(context);
  // The premise: the filtered list holds that conversation, and only it.
  const whole = await pageAfterWrite(
    context,
    () => context.client.listConversations({ group_id: group.id }, { limit: 10 }),
    holdsAll([group.conversation_id]),
  );
  const listed = context.profile.isSuccess(whole.status)
    ? (whole.body as { data?: Array<{ id?: unknown }> } | undefined)?.data
    : undefined;
  if (!Array.isArray(listed) || listed.length !== 1 || listed[0]?.id !== group.conversation_id) {
    throw new PrerequisiteFailure(
      {
        expected: `GET /v1/conversations?group_id=${group.id} listing the group's one conversation ${group.conversation_id}`,
        received: `status ${whole.status}: ${whole.text.slice(0, 200)}`,
        exchange: whole.exchange,
      },
      'conversations.list.group-id-exact',
    );
  }
  for (const limit of [1, 10]) {
    const asked = `GET /v1/conversations?group_id=${group.id}&starting_after=${group.conversation_id}&limit=${limit} (the page after the group's one conversation, §1)`;
    const response = await pageAfterWrite(
      context,
      () => context.client.listConversations({ group_id: group.id }, { starting_after: group.conversation_id, limit }),
      () => true,
      { refusedUntilShown: true },
    );
    expectSuccess(context.profile, response, asked);
    const page = expectBody(response, 'conversation-list', 'the list');
    expectThat(
      page.data.length === 0 && !page.has_more,
      response,
      `${asked}: no data and has_more false (§4.1: only conversations of the given group; profile: pagination)`,
      `has_more ${page.has_more}, ${page.data.length} item(s): ${page.data.map((listed) => listed.id).join(', ')}`,
    );
  }
};
