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
import type { Walk } from '../checks/list-walk.ts';
import { narrowListNow, type ResourceItem, type ResourceUnderTest } from '../checks/resource-under-test.ts';

/** §8: "Default page size of list operations | 10 items". */
const DEFAULT_PAGE = 10;

/**
 * How many items of its own a check of one page makes: more than a default page and one, so that a
 * page that leaves out only one item (items.slice(0, -1)) still holds more than ten.
 */
const OWN_COUNT = DEFAULT_PAGE + 2;

/** Page walks read at most this many pages: a narrow list longer than that is not walked at limit 1. */
const WALK_PAGES = 40;

type Envelope = { has_more: boolean; data: Array<{ id: string }> };

const shownQuery = (path: string, query: Record<string, QueryValue>) => {
  const text = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
  return `GET ${path}${text ? `?${text}` : ''}`;
};

const missingFrom = (page: Envelope, own: readonly string[]) => own.filter((id) => !page.data.some((item) => item.id === id));

/** Makes OWN_COUNT items, so that more than a default page and one exist whatever else the target holds. */
async function moreThanAPage<T extends ResourceItem>(context: CheckContext, resource: ResourceUnderTest<T>, label: string): Promise<string[]> {
  return (await resource.createMany(context, OWN_COUNT, label)).map((item) => item.id);
}

/**
 * limit=1, limit=2, limit=10 and no limit, over a list of more than ten: exactly that many (ten
 * without a limit) and has_more true, as limit=2 in conversations.list.limit.
 */
export const smallLimitsAreExact = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  await moreThanAPage(context, resource, 'limit-partitions');
  for (const limit of [1, 2, DEFAULT_PAGE, undefined]) {
    const query = limit === undefined ? {} : { limit };
    const response = await resource.list(context.client, query);
    const what = shownQuery(resource.path, query);
    expectSuccess(context.profile, response, what);
    const page = expectBody(response, resource.listSchema, `the page of ${what}`);
    const expected = limit ?? DEFAULT_PAGE;
    const asked = limit === undefined ? 'without limit (§8: the default page size is ten)' : `for limit=${limit} (§8: "The limit parameter narrows the page size")`;
    expectThat(
      page.data.length === expected,
      response,
      `${resource.section}: exactly ${expected} ${resource.plural} ${asked}, since the run made ${OWN_COUNT}`,
      `${page.data.length} ${resource.plural}`,
    );
    expectThat(page.has_more, response, `${resource.section}: has_more true, since more than ${expected} ${resource.plural} exist`, 'has_more false');
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
export const invalidLimitsAreBounded = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  await moreThanAPage(context, resource, 'invalid-limit');
  // The premise's own check judges it.
  const blamed = `${resource.plural}.list.default-page-size` as CheckId;
  const first = await resource.list(context.client, {});
  const defaultPage = prerequisite(first, resource.listSchema, `GET ${resource.path} without limit`, blamed);
  if (defaultPage.data.length !== DEFAULT_PAGE || !defaultPage.has_more) {
    throw new PrerequisiteFailure({
      expected: `GET ${resource.path} without limit to answer ten ${resource.plural} and has_more true (the run made ${OWN_COUNT})`,
      received: `${defaultPage.data.length} ${resource.plural}, has_more ${String(defaultPage.has_more)}`,
      exchange: first.exchange,
    }, blamed);
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
export const hugeLimitsAreClampedOrRefused = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  const own = await moreThanAPage(context, resource, 'huge-limit');
  // How large a page the server serves at least: limit=OWN_COUNT (or a maximum below it).
  const baseline = await resource.list(context.client, { limit: OWN_COUNT });
  expectNoServerError(context.profile, baseline, `GET ${resource.path}?limit=${OWN_COUNT}`);
  let served = 1;
  if (context.profile.isSuccess(baseline.status)) served = expectBody(baseline, resource.listSchema, `the page for limit=${OWN_COUNT}`).data.length;
  else expectClientError(context.profile, baseline, `GET ${resource.path}?limit=${OWN_COUNT}`);

  const declared = `LARGEST_LIMIT=${String(context.profile.declared['largest-limit'])}`;
  const clamped: Array<{ limit: QueryValue; size: number; response: ApiResponse }> = [];
  for (const { limit, exact } of HUGE_LIMITS) {
    const what = `GET ${resource.path}?limit=${String(limit)}`;
    const response = await resource.list(context.client, { limit });
    expectNoServerError(context.profile, response, what);
    if (!context.profile.isSuccess(response.status)) {
      expectClientError(context.profile, response, `${what}, a limit beyond the largest`);
      if (exact) {
        expectThat(context.profile.allows('largest-limit', 'refused'), response,
          `the reading ${declared} declared for a limit beyond the largest (§8: "Its maximum value ... not shown"): a page of at most the maximum`,
          `a refusal (status ${response.status})`);
      }
      continue;
    }
    expectThat(context.profile.allows('largest-limit', 'clamped'), response,
      `the reading ${declared} declared for a limit beyond the largest (§8: "Its maximum value ... not shown"): a refusal`, 'a page (the limit clamped)');
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
      expectThat(missing.length === 0, response,
        `has_more false: the page for limit=${String(limit)} holds the whole list, the run's ${OWN_COUNT} ${resource.plural} among them (${resource.section}: has_more)`,
        `a page of ${page.data.length} without ${missing.join(', ')}`);
    }
  }
  const [first] = clamped;
  if (first === undefined) return;
  const other = clamped.find((page) => page.size !== first.size);
  expectThat(other === undefined, other?.response ?? first.response,
    `every limit beyond the largest clamped to the same largest page (profile: largest-limit, clamped): ${first.size} ${resource.plural} for limit=${String(first.limit)}`,
    `${other?.size} for limit=${String(other?.limit)}, both with has_more true`);
  // The largest limit accepted is the size the huge ones were clamped to: it is served in full.
  const largest = await resource.list(context.client, { limit: first.size });
  const what = `GET ${resource.path}?limit=${first.size}, the largest page the server served`;
  expectSuccess(context.profile, largest, what);
  const page = expectBody(largest, resource.listSchema, `the page for limit=${first.size}`);
  expectThat(page.data.length <= first.size, largest, `at most ${first.size} ${resource.plural} for limit=${first.size} (${resource.section}: limit)`, `${page.data.length}`);
  if (page.has_more) {
    expectThat(page.data.length === first.size, largest, `exactly ${first.size} ${resource.plural} for limit=${first.size}, the largest page, when more exist (${resource.section}: limit)`, `${page.data.length}`);
  } else {
    const missing = missingFrom(page, own);
    expectThat(missing.length === 0, largest, `has_more false: the page holds the whole list, the run's ${OWN_COUNT} ${resource.plural} among them (${resource.section}: has_more)`, `without ${missing.join(', ')}`);
  }
};

/** The limit a page was asked for with (null when the walk fell back to the default page size). */
function limitAskedFor(page: ApiResponse): string | null {
  return new URL(page.exchange.url, 'http://target.invalid').searchParams.get('limit');
}

/**
 * Every page of a walk at `limit`: asked for with it (a limit of at most ten is never beyond the
 * largest), at most `limit` items, and exactly `limit` on a page followed by more (as limit=n on a
 * first page, conversations.list.limit).
 */
function expectPagesOf<T extends ResourceItem>(resource: ResourceUnderTest<T>, walk: Walk<{ id: string }>, limit: number, described: string): void {
  for (const [index, page] of walk.pages.entries()) {
    const asked = limitAskedFor(page);
    expectThat(asked === String(limit), page,
      `page ${index + 1} of the ${described} served with limit=${limit} (${resource.section}: limit is an integer; ${limit} is within the default page size of ten, §8)`,
      asked === null ? `limit=${limit} refused: the walk went on without a limit` : `a page asked with limit=${asked}`);
    const envelope = page.body as Envelope;
    expectThat(envelope.data.length <= limit, page,
      `at most ${limit} ${resource.plural} on page ${index + 1} of the ${described} (${resource.section}: limit "Limits the number of ${resource.plural} returned")`,
      `${envelope.data.length} ${resource.plural}`);
    if (envelope.has_more) {
      expectThat(envelope.data.length === limit, page,
        `exactly ${limit} ${resource.plural} on page ${index + 1} of the ${described}, which has_more true says is followed by more (${resource.section}: limit, has_more)`,
        `${envelope.data.length} ${resource.plural}`);
    }
  }
}

/**
 * Walks the narrow list at `limit`: each of `own` exactly once, the walk ending with has_more false
 * (each-once.ts, which judges page numbers and offsets only on a list that stood still), and every
 * page within the limit (expectPagesOf). Returns the walk judged.
 */
async function expectWalkAt<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
  limit: number,
  own: readonly string[],
  partition: string,
): Promise<Walk<{ id: string }>> {
  const described = `${resource.narrowList.described} at limit=${limit} (${partition})`;
  const walkOnce = () => resource.walk(context, resource.narrowList.filters, { limit, maxPages: WALK_PAGES });
  const walk = await expectEachOnceAcrossPages(context, walkOnce, own, described, () => narrowListNow(context, resource));
  expectPagesOf(resource, walk, limit, described);
  return walk;
}

/** Makes `count` items of the narrow list (resource-under-test.ts), which few other checks write to. */
async function narrowItems<T extends ResourceItem>(context: CheckContext, resource: ResourceUnderTest<T>, count: number, label: string): Promise<string[]> {
  const items = await resource.createMany(context, count, label);
  for (const item of items) await resource.narrowList.apply(context, item);
  return items.map((item) => item.id);
}

/**
 * Others may write to the narrow list while a check walks it, which never changes what a walk
 * asserts but may move the partition the walk was meant for; such a walk is walked again, up to
 * this many times in all.
 */
const PARTITION_ATTEMPTS = 3;

/** The first item of the narrow list now, at limit=1 (undefined when the list is empty or not a page). */
async function firstOfNarrowList<T extends ResourceItem>(context: CheckContext, resource: ResourceUnderTest<T>): Promise<string | undefined> {
  const response = await resource.list(context.client, { ...resource.narrowList.filters, limit: 1 });
  return context.profile.isSuccess(response.status) ? (response.body as Partial<Envelope> | undefined)?.data?.[0]?.id : undefined;
}

/**
 * A walk at limit=1 over a filtered list: one item a page, each of the run's once. Its second page
 * is the only one that starts at index 1 of the list; a walk during which another client put an item
 * in front never asked for that page, so it is walked again.
 */
export const limitOneWalk = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  requirePagination(context);
  const own = await narrowItems(context, resource, 3, 'limit-one');
  for (let attempt = 1; attempt <= PARTITION_ATTEMPTS; attempt++) {
    const walk = await expectWalkAt(context, resource, 1, own, 'one item a page');
    if (walk.items[0]?.id === (await firstOfNarrowList(context, resource))) return;
  }
};

/** A page size for a walk, and the partition of the list it makes, in words. */
type Plan = { size: number; partition: string };

/**
 * How a partition is chosen from the list as counted (its items in list order): a plan, 'grow'
 * when one item more would give a count the partition fits, or undefined when it cannot be had.
 */
type Planner = (counted: ReadonlyArray<{ id: string }>, own: readonly string[]) => Plan | 'grow' | undefined;

/** The largest page size from 2 to 10 (§8: within the default page size) that divides `full` into at least two pages. */
function fillingSize(full: number): number | undefined {
  for (let size = Math.min(DEFAULT_PAGE, Math.floor(full / 2)); size >= 2; size--) if (full % size === 0) return size;
  return undefined;
}

/** At least two full pages, the last exactly full. */
const exactlyFull: Planner = ({ length: total }) => {
  const size = fillingSize(total);
  return size === undefined ? 'grow' : { size, partition: `${total} items: ${total / size} full pages, the last exactly full` };
};

/** At least two full pages and one item more on a last page of its own. */
const oneItemMore: Planner = ({ length: total }) => {
  const size = fillingSize(total - 1);
  return size === undefined ? 'grow' : { size, partition: `${total} items: ${(total - 1) / size} full pages and one item more` };
};

/**
 * A last page that is not full and holds one of the run's items: where the list ends with others'
 * items (older ones, in a newest-first list), a short last page of only those would prove nothing
 * about the run's. Undefined when the run's last item is the list's last (oneItemMore reached it)
 * or too far from the end for a page of at most ten.
 */
const shortLastPageOfOwn: Planner = (counted, own) => {
  const total = counted.length;
  const lastOwn = counted.map((item) => own.includes(item.id)).lastIndexOf(true);
  const othersAfter = total - 1 - lastOwn;
  if (lastOwn === -1 || othersAfter === 0) return undefined;
  for (let size = DEFAULT_PAGE; size >= 2; size--) {
    const short = total % size;
    if (total > size && short > othersAfter) {
      return { size, partition: `${total} items: ${Math.floor(total / size)} full page(s) and a last page of ${short}, one of the run's among them` };
    }
  }
  return undefined;
};

/**
 * Counts the narrow list, plans a page size from it (one item more when the planner asks), and
 * walks it at that size; walked again when the walk saw another count than the count before it
 * (others wrote to the list meanwhile), so that it walks the partition it was planned for.
 */
async function walkPartition<T extends ResourceItem>(context: CheckContext, resource: ResourceUnderTest<T>, own: string[], planner: Planner): Promise<void> {
  for (let attempt = 1; attempt <= PARTITION_ATTEMPTS; attempt++) {
    const counted = await resource.walk(context, resource.narrowList.filters, { maxPages: 3 });
    if (!counted.complete || counted.items.length > WALK_PAGES) {
      context.skip(`the list of ${resource.narrowList.described} is too long to walk in pages of a few (${counted.items.length}${counted.complete ? '' : ' or more'} items)`);
    }
    const plan = planner(counted.items, own);
    if (plan === undefined) return;
    if (plan === 'grow') {
      // One item more gives a count a page size from 2 to 10 fits (an even one, or one past a prime).
      own.push(...(await narrowItems(context, resource, 1, 'page-boundary')));
      continue;
    }
    const walk = await expectWalkAt(context, resource, plan.size, own, plan.partition);
    if (walk.items.length === counted.items.length) return;
  }
}

/**
 * Page boundaries: the narrow list walked at a page size it fills exactly (its last page full), at
 * one that leaves one item after full pages, and at one whose short last page holds one of the
 * run's items; at least two full pages for the first two, so that a page after the first that holds
 * one item too many, or a last page that is never announced, shows.
 */
export const pageBoundaryWalks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  requirePagination(context);
  const own = await narrowItems(context, resource, 6, 'page-boundary');
  for (const planner of [exactlyFull, oneItemMore, shortLastPageOfOwn]) await walkPartition(context, resource, own, planner);
};
