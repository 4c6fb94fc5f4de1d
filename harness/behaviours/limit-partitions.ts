// The limit parameter by partition (§4.1, §4.2, §8; profile: largest-limit, pagination): limit 1,
// 2, ten and none over a list of more than a page; limits that are not a positive integer; limits
// beyond any maximum; and page walks of a filtered list at limit 1, at a page size it fills exactly,
// at one that leaves one item over, and at one whose short last page holds one of the run's items.
// Both resources alike.
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { QueryValue } from '../../lib/api/operations.ts';
import type { CheckContext } from '../checks/check-context.ts';
import { PrerequisiteFailure } from '../checks/check-failure.ts';
import type { CheckId } from '../checks/check-ids.ts';
import { expectEachOnceAcrossPages, requirePagination } from '../checks/each-once.ts';
import { expectBody, expectClientError, expectNoServerError, expectSuccess, expectThat } from '../checks/expect.ts';
import { prerequisite } from '../checks/fixtures.ts';
import { pageAfterWrite } from '../checks/list-consistency.ts';
import type { Walk, WalkOptions } from '../checks/list-walk.ts';
import { listWriters } from '../checks/list-writers.ts';
import { DEFAULT_PAGE, pageBoundaries, WALK_PAGES, type PageBoundary, type WalkedPages } from './page-partitions.ts';
import { narrowListNow, type ResourceItem, type ResourceUnderTest } from '../checks/resource-under-test.ts';

/**
 * How many items of its own a check of one page makes: more than a default page and one, so that a
 * page that leaves out only one item (items.slice(0, -1)) still holds more than ten.
 */
const OWN_COUNT = DEFAULT_PAGE + 2;

type Envelope = { has_more: boolean; data: Array<{ id: string }> };

const shownQuery = (path: string, query: Record<string, QueryValue>) => {
  const text = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
  return `GET ${path}${text ? `?${text}` : ''}`;
};

const missingFrom = (page: { data: ReadonlyArray<{ id: string }> }, own: readonly string[]) =>
  own.filter((id) => !page.data.some((item) => item.id === id));

/** Makes OWN_COUNT items, so that more than a default page and one exist whatever else the target holds. */
async function moreThanAPage<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  label: string,
): Promise<string[]> {
  return (await resource.createMany(context, OWN_COUNT, label)).map((item) => item.id);
}

/**
 * limit=1, limit=2, limit=10 and no limit, over a list of more than ten: exactly that many (ten
 * without a limit) and has_more true, as limit=2 in conversations.list.limit.
 */
export const smallLimitsAreExact =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    await moreThanAPage(context, resource, 'limit-partitions');
    for (const limit of [1, 2, DEFAULT_PAGE, undefined]) {
      const query = limit === undefined ? {} : { limit };
      const expected = limit ?? DEFAULT_PAGE;
      const response = await pageAfterWrite(
        context,
        () => resource.list(context.client, query),
        (shown) => shown.data.length === expected && shown.has_more === true,
      );
      const what = shownQuery(resource.path, query);
      expectSuccess(context.profile, response, what);
      const page = expectBody(response, resource.listSchema, `the page of ${what}`);
      const asked =
        limit === undefined
          ? 'without limit (§8: the default page size is ten)'
          : `for limit=${limit} (§8: "The limit parameter narrows the page size")`;
      expectThat(
        page.data.length === expected,
        response,
        `${resource.section}: exactly ${expected} ${resource.plural} ${asked}, since the run made ${OWN_COUNT}`,
        `${page.data.length} ${resource.plural}`,
      );
      expectThat(
        page.has_more,
        response,
        `${resource.section}: has_more true, since more than ${expected} ${resource.plural} exist`,
        'has_more false',
      );
    }
  };

/** The limits that are no positive integer: zero, negative, a fraction, not a number, empty, an exponent. */
export const INVALID_LIMITS: readonly QueryValue[] = [0, -1, 1.5, 'abc', '', '1e1'];

/**
 * A limit that is no positive integer is refused or served (profile: invalid-limit): §8 says only
 * that "The limit parameter narrows the page size", so any valid page will do (the limit ignored,
 * read some way, or taken for no limit), or only the reading INVALID_LIMIT declares. Never a 5xx,
 * and a page is a valid envelope. The premise: the server pages this list at all (ten by default,
 * more to come), so that a page answered for the limit shows what was made of it.
 */
export const invalidLimitsAreBounded =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    await moreThanAPage(context, resource, 'invalid-limit');
    // The premise's own check judges it.
    const blamed = `${resource.plural}.list.default-page-size` as CheckId;
    const first = await pageAfterWrite(
      context,
      () => resource.list(context.client, {}),
      (page) => page.data.length === DEFAULT_PAGE && page.has_more === true,
    );
    const defaultPage = prerequisite(first, resource.listSchema, `GET ${resource.path} without limit`, blamed);
    if (defaultPage.data.length !== DEFAULT_PAGE || !defaultPage.has_more) {
      throw new PrerequisiteFailure(
        {
          expected: `GET ${resource.path} without limit to answer ten ${resource.plural} and has_more true (the run made ${OWN_COUNT})`,
          received: `${defaultPage.data.length} ${resource.plural}, has_more ${String(defaultPage.has_more)}`,
          exchange: first.exchange,
        },
        blamed,
      );
    }
    const declared = context.profile.declared['invalid-limit'];
    for (const limit of INVALID_LIMITS) {
      const what = `GET ${resource.path}?limit=${String(limit)}`;
      const response = await resource.list(context.client, { limit });
      expectNoServerError(context.profile, response, what);
      const reading = context.profile.isSuccess(response.status) ? 'served' : 'refused';
      expectThat(
        context.profile.allows('invalid-limit', reading),
        response,
        `${declared === 'served' ? 'a page' : 'a refusal'} for ${what}, a limit that is no positive integer, as INVALID_LIMIT=${String(declared)} declares (§8: "The limit parameter narrows the page size"; profile: invalid-limit)`,
        reading === 'served' ? `a page (status ${response.status})` : `status ${response.status}`,
      );
      if (reading === 'refused') {
        expectClientError(context.profile, response, `${what}, a limit that is no positive integer`);
        continue;
      }
      expectBody(response, resource.listSchema, `the page for limit=${JSON.stringify(limit)}`);
    }
  };

/**
 * Limits beyond any maximum: int32's largest and the two past it, one past 2^53 and a 30-digit number.
 * The last two are past what many parsers represent, so any refusal is a reading of them; the
 * others are integers, and what they get is the server's largest-limit reading.
 */
export const HUGE_LIMITS: ReadonlyArray<{ limit: QueryValue; exact: boolean }> = [
  { limit: 2 ** 31 - 1, exact: true },
  { limit: 2 ** 31, exact: true },
  { limit: 2 ** 31 + 1, exact: true },
  { limit: '9007199254740994', exact: false },
  { limit: '123456789012345678901234567890', exact: false },
];

/**
 * A huge limit is refused (largest-limit: refused) or clamped to the largest page: a page that says
 * more follow holds at least as many as a limit of OWN_COUNT was served with (the largest page is
 * at least that), every such page holds the same number, and a limit of that number is served in
 * full; a page that says nothing follows holds the run's items. Never a 5xx, never an empty page
 * from a limit that overflowed.
 */
export const hugeLimitsAreClampedOrRefused =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const own = await moreThanAPage(context, resource, 'huge-limit');
    // How large a page the server serves at least: limit=OWN_COUNT (or a maximum below it).
    // Each page after the run's writes holds them, or says more follow (list-consistency.ts).
    const showsOwn = (page: { has_more: unknown; data: Array<{ id: string }> }) =>
      page.has_more === true || missingFrom(page, own).length === 0;
    const baseline = await pageAfterWrite(context, () => resource.list(context.client, { limit: OWN_COUNT }), showsOwn);
    expectNoServerError(context.profile, baseline, `GET ${resource.path}?limit=${OWN_COUNT}`);
    let served = 1;
    if (context.profile.isSuccess(baseline.status))
      served = expectBody(baseline, resource.listSchema, `the page for limit=${OWN_COUNT}`).data.length;
    else expectClientError(context.profile, baseline, `GET ${resource.path}?limit=${OWN_COUNT}`);

    const declared = `LARGEST_LIMIT=${String(context.profile.declared['largest-limit'])}`;
    const clamped: Array<{ limit: QueryValue; size: number; response: ApiResponse }> = [];
    for (const { limit, exact } of HUGE_LIMITS) {
      const what = `GET ${resource.path}?limit=${String(limit)}`;
      const response = await pageAfterWrite(context, () => resource.list(context.client, { limit }), showsOwn);
      expectNoServerError(context.profile, response, what);
      if (!context.profile.isSuccess(response.status)) {
        expectClientError(context.profile, response, `${what}, a limit beyond the largest`);
        if (exact) {
          expectThat(
            context.profile.allows('largest-limit', 'refused'),
            response,
            `the reading ${declared} declared for a limit beyond the largest (§8: "Its maximum value ... not shown"): a page of at most the maximum`,
            `a refusal (status ${response.status})`,
          );
        }
        continue;
      }
      expectThat(
        context.profile.allows('largest-limit', 'clamped'),
        response,
        `the reading ${declared} declared for a limit beyond the largest (§8: "Its maximum value ... not shown"): a refusal`,
        'a page (the limit clamped)',
      );
      const page = expectBody(response, resource.listSchema, `the page for limit=${String(limit)}`);
      if (page.has_more) {
        expectThat(
          page.data.length >= served,
          response,
          `a page clamped to the largest page, which holds at least the ${served} ${resource.plural} limit=${OWN_COUNT} was served with (§8: "Its maximum value ... not shown"; profile: largest-limit, clamped)`,
          `${page.data.length} ${resource.plural} and has_more true for limit=${String(limit)}`,
        );
        clamped.push({ limit, size: page.data.length, response });
      } else {
        const missing = missingFrom(page, own);
        expectThat(
          missing.length === 0,
          response,
          `has_more false: the page for limit=${String(limit)} holds the whole list, the run's ${OWN_COUNT} ${resource.plural} among them (${resource.section}: has_more)`,
          `a page of ${page.data.length} without ${missing.join(', ')}`,
        );
      }
    }
    const [first] = clamped;
    if (first === undefined) return;
    const other = clamped.find((page) => page.size !== first.size);
    expectThat(
      other === undefined,
      other?.response ?? first.response,
      `every limit beyond the largest clamped to the same largest page (profile: largest-limit, clamped): ${first.size} ${resource.plural} for limit=${String(first.limit)}`,
      `${other?.size} for limit=${String(other?.limit)}, both with has_more true`,
    );
    // The largest limit accepted is the size the huge ones were clamped to: it is served in full.
    const largest = await pageAfterWrite(context, () => resource.list(context.client, { limit: first.size }), showsOwn);
    const what = `GET ${resource.path}?limit=${first.size}, the largest page the server served`;
    expectSuccess(context.profile, largest, what);
    const page = expectBody(largest, resource.listSchema, `the page for limit=${first.size}`);
    expectThat(
      page.data.length <= first.size,
      largest,
      `at most ${first.size} ${resource.plural} for limit=${first.size} (${resource.section}: limit)`,
      `${page.data.length}`,
    );
    if (page.has_more) {
      expectThat(
        page.data.length === first.size,
        largest,
        `exactly ${first.size} ${resource.plural} for limit=${first.size}, the largest page, when more exist (${resource.section}: limit)`,
        `${page.data.length}`,
      );
    } else {
      const missing = missingFrom(page, own);
      expectThat(
        missing.length === 0,
        largest,
        `has_more false: the page holds the whole list, the run's ${OWN_COUNT} ${resource.plural} among them (${resource.section}: has_more)`,
        `without ${missing.join(', ')}`,
      );
    }
  };

/** The limit a page was asked for with (null when the walk fell back to the default page size). */
function limitAskedFor(page: ApiResponse): string | null {
  return new URL(page.exchange.url, 'http://target.invalid').searchParams.get('limit');
}

/**
 * Every page of a walk at `limit`: asked for with it (a limit of at most ten is never beyond the
 * largest; a larger one is walked only after a first page of it was served in full), at most
 * `limit` items, and exactly `limit` on a page followed by more (as limit=n on a first page,
 * conversations.list.limit).
 */
function expectPagesOf<T extends ResourceItem>(
  resource: ResourceUnderTest<T>,
  walk: Walk<{ id: string }>,
  limit: number,
  described: string,
): void {
  for (const [index, page] of walk.pages.entries()) {
    const asked = limitAskedFor(page);
    expectThat(
      asked === String(limit),
      page,
      `page ${index + 1} of the ${described} served with limit=${limit} (${resource.section}: limit is an integer; ${limit <= DEFAULT_PAGE ? `${limit} is within the default page size of ten, §8` : `the server served a first page of ${limit} for it`})`,
      asked === null ? `limit=${limit} refused: the walk went on without a limit` : `a page asked with limit=${asked}`,
    );
    const envelope = page.body as Envelope;
    expectThat(
      envelope.data.length <= limit,
      page,
      `at most ${limit} ${resource.plural} on page ${index + 1} of the ${described} (${resource.section}: limit "Limits the number of ${resource.plural} returned")`,
      `${envelope.data.length} ${resource.plural}`,
    );
    if (envelope.has_more) {
      expectThat(
        envelope.data.length === limit,
        page,
        `exactly ${limit} ${resource.plural} on page ${index + 1} of the ${described}, which has_more true says is followed by more (${resource.section}: limit, has_more)`,
        `${envelope.data.length} ${resource.plural}`,
      );
    }
  }
}

/**
 * Walks the narrow list at `limit`: each of `own` exactly once, the walk ending with has_more false
 * (each-once.ts, which judges page numbers and offsets only on a list that stood still), and every
 * page within the limit (expectPagesOf). Returns the walk judged. `afterPage` looks at the list
 * between two pages of each walk (list-walk.ts).
 */
async function expectWalkAt<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  limit: number,
  own: readonly string[],
  partition: string,
  afterPage?: WalkOptions<T>['afterPage'],
): Promise<Walk<{ id: string }>> {
  const described = `${resource.narrowList.described} at limit=${limit} (${partition})`;
  const walkOnce = () =>
    resource.walk(context, resource.narrowList.filters, {
      limit,
      maxPages: WALK_PAGES,
      expect: { listed: own.map((id) => ({ id })) },
      ...(afterPage ? { afterPage } : {}),
    });
  const walk = await expectEachOnceAcrossPages(context, walkOnce, own, described, () =>
    narrowListNow(context, resource),
  );
  expectPagesOf(resource, walk, limit, described);
  return walk;
}

/** Makes `count` items of the narrow list (resource-under-test.ts), which few other checks write to. */
async function narrowItems<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  count: number,
  label: string,
): Promise<string[]> {
  const items = await resource.createMany(context, count, label);
  for (const item of items) await resource.narrowList.apply(context, item);
  return items.map((item) => item.id);
}

/**
 * Others may write to the narrow list while a check walks it, which never changes what a walk
 * asserts but may move the partition the walk was meant for; such a walk is walked again, up to
 * this many times in all.
 */
const PARTITION_ATTEMPTS = 5;

/**
 * A walk at limit=1 is walked again while others put items in front of the list between its first
 * two pages, up to this many times: it is short, and the check skips without one.
 */
const LIMIT_ONE_ATTEMPTS = 5;

/** The first item of the narrow list now, at limit=1 (undefined when the list is empty or not a page). */
async function firstOfNarrowList<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
): Promise<string | undefined> {
  const response = await resource.list(context.client, { ...resource.narrowList.filters, limit: 1 });
  return context.profile.isSuccess(response.status)
    ? (response.body as Partial<Envelope> | undefined)?.data?.[0]?.id
    : undefined;
}

/**
 * A walk at limit=1 over a filtered list: one item a page, each of the run's once. Its second page
 * is the only one that starts at index 1 of the list, and only when no other writer put an item in
 * front before it was asked for: the list's first item is read again as soon as the second page is
 * in (afterPage), and a walk whose first item no longer leads the list is walked again. When no
 * walk asked for that page, the check has not reached the boundary it is named for: it skips.
 */
export const limitOneWalk =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    requirePagination(context);
    const own = await narrowItems(context, resource, 3, 'limit-one');
    // The items of each walk (list-walk.ts hands afterPage the walk's own array) whose second page came after the list's first item.
    const pastTheFirst = new WeakSet<readonly unknown[]>();
    const afterPage = async (index: number, items: readonly T[]) => {
      if (index === 1 && items[0]?.id === (await firstOfNarrowList(context, resource))) pastTheFirst.add(items);
    };
    const walked: Array<readonly { id: string }[]> = [];
    for (let attempt = 1; attempt <= LIMIT_ONE_ATTEMPTS; attempt++) {
      const walk = await expectWalkAt(context, resource, 1, own, 'one item a page', afterPage);
      if (pastTheFirst.has(walk.items)) return;
      walked.push(walk.items);
    }
    context.skip(
      `the page that starts at the second item of the list of ${resource.narrowList.described} was never asked for: another item came to the front between the first two pages of each of ${LIMIT_ONE_ATTEMPTS} walks at limit=1 (${listWriters(context.target, walked)})`,
    );
  };

/**
 * Whether the narrow list is served in pages of `size` (beyond the default page size, which a server
 * may cap it to): undefined when a first page holds `size` and has_more true, else what it got.
 */
async function servedInFull<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  size: number,
): Promise<string | undefined> {
  const response = await resource.list(context.client, { ...resource.narrowList.filters, limit: size });
  expectNoServerError(context.profile, response, `GET ${resource.path}?limit=${size}`);
  if (!context.profile.isSuccess(response.status)) return `a refusal (status ${response.status})`;
  const page = expectBody(response, resource.listSchema, `the page for limit=${size}`);
  return page.data.length === size && page.has_more
    ? undefined
    : `${page.data.length} ${resource.plural}, has_more ${String(page.has_more)}`;
}

/** The ids on each page of a walk at `size`. */
const walkedPages = (walk: Walk<{ id: string }>, size: number): WalkedPages => ({
  size,
  pages: walk.pages.map((page) => (page.body as Envelope).data.map((item) => item.id)),
});

/**
 * Counts the narrow list, plans a page size from it for `boundary` (more of the run's items first
 * when the plan asks; a size beyond the default page only once the server served a page of it),
 * and walks it at that size, each walk judged (expectWalkAt); a walk that listed the list as
 * counted is kept in `walked`, and the list is walked again when no such walk reached the boundary
 * (others wrote to the list meanwhile). Returns why it was not reached, or undefined when it was.
 */
async function walkToBoundary<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  own: string[],
  boundary: PageBoundary,
  walked: WalkedPages[],
): Promise<string | undefined> {
  let missed = '';
  for (let attempt = 1; attempt <= PARTITION_ATTEMPTS; attempt++) {
    const counted = await resource.walk(context, resource.narrowList.filters, {
      maxPages: 3,
      expect: { listed: own.map((id) => ({ id })) },
    });
    if (!counted.complete || counted.items.length > WALK_PAGES) {
      context.skip(
        `the list of ${resource.narrowList.described} is too long to walk in pages of a few (${counted.items.length}${counted.complete ? '' : ' or more'} items)`,
      );
    }
    const plan = boundary.plan(
      counted.items.map((item) => item.id),
      own,
    );
    if ('unreachable' in plan) return plan.unreachable;
    if ('grow' in plan) {
      own.push(...(await narrowItems(context, resource, plan.grow, 'page-boundary')));
      missed = plan.because;
      continue;
    }
    if (plan.size > DEFAULT_PAGE) {
      const served = await servedInFull(context, resource, plan.size);
      if (served !== undefined)
        return `${plan.partition} needs pages of ${plan.size}, beyond the default page size, and limit=${plan.size} got ${served} (§8: the limit "narrows the page size")`;
    }
    const walk = await expectWalkAt(context, resource, plan.size, own, plan.partition);
    const ids = (items: ReadonlyArray<{ id: string }>) => items.map((item) => item.id).join(',');
    if (ids(walk.items) !== ids(counted.items)) {
      // Pages the list changed under prove no boundary: one may look short only because items left meanwhile.
      missed = `the list changed between its count and the walk planned for ${plan.partition} (${walk.items.length} items walked; ${listWriters(context.target, [counted.items, walk.items])})`;
      continue;
    }
    const pages = walkedPages(walk, plan.size);
    walked.push(pages);
    if (boundary.reachedBy(pages, own)) return undefined;
    missed = `the walk planned for ${plan.partition} at limit=${plan.size} got pages of ${pages.pages.map((page) => page.length).join(', ')}`;
  }
  return `in ${PARTITION_ATTEMPTS} tries: ${missed}`;
}

/**
 * Page boundaries: the narrow list walked at a page size it fills exactly (its last page full), at
 * one that leaves one item after full pages, and at one whose short last page holds one of the
 * run's items (page-partitions.ts); at least two full pages for the first two, so that a page after
 * the first that holds one item too many, or a last page that is never announced, shows; and the
 * run's items on both sides of a boundary in each. Every boundary is walked; one that no walk
 * reached makes the check skip, naming it and why, since its pass would prove nothing there.
 */
export const pageBoundaryWalks =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    requirePagination(context);
    const own = await narrowItems(context, resource, 6, 'page-boundary');
    const walked: WalkedPages[] = [];
    const notReached: string[] = [];
    for (const boundary of pageBoundaries) {
      if (walked.some((walk) => boundary.reachedBy(walk, own))) continue;
      const why = await walkToBoundary(context, resource, own, boundary, walked);
      if (why !== undefined) notReached.push(`${boundary.described} (${why})`);
    }
    if (notReached.length > 0)
      context.skip(
        `the walks of the list of ${resource.narrowList.described} never reached ${notReached.join(', nor ')}`,
      );
  };
