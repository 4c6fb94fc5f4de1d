// The limit parameter across its partitions: small, default, largest, zero, negative, non-integer, huge (§4.1, §4.2, §8),
// and page walks at the boundaries a limit makes (a page whose first item is the list's second, a
// last page exactly full, one item more than full pages). Each is a bug of an implementation that
// reads the limit itself: a slice with a negative end, a truthiness test, an unguarded parse, an
// int32, an off-by-one, a page count rounded down.
import { ApiError } from '../respond.ts';
import type { RequestContext } from '../routes/context.ts';
import { defineFaults } from './fault.ts';
import { around, isRecord, type Resource } from './helpers.ts';
import { spec } from './spec.ts';

const DIGITS = /^\d+$/;
const DEFAULT_PAGE_SIZE = 10; // §8

/** The request as the handler would see it with these query values instead. */
function withQuery(context: RequestContext, values: Readonly<Record<string, unknown>>): RequestContext {
  const { encoding } = context.query();
  return { ...context, query: () => ({ encoding, values }) };
}

/**
 * The list served with its limit text read by `read` instead of the clean reader: where `read`
 * gives a number n, the page is the largest page cut as Array.prototype.slice(0, n) cuts it (a
 * negative n counts from the end, Infinity keeps everything, NaN nothing), and has_more says
 * whether anything was cut or followed; where it gives undefined, the clean handler reads the limit.
 */
function limitReadAs(resource: Resource, read: (text: string) => number | undefined) {
  return around(`${resource}.list`, async (context, route, next) => {
    const { values } = context.query();
    const n = typeof values.limit === 'string' ? read(values.limit) : undefined;
    if (n === undefined) return next(context, route);
    const reply = await next(withQuery(context, { ...values, limit: String(context.choices.maxLimit) }), route);
    if (reply.status !== 200 || !isRecord(reply.body) || !Array.isArray(reply.body.data)) return reply;
    const data = reply.body.data.slice(0, n);
    return {
      ...reply,
      body: { ...reply.body, data, has_more: reply.body.has_more === true || data.length < reply.body.data.length },
    };
  });
}

/** A limit text that passes this test answers 500, as an unguarded parse of it would. */
function limitFailsOn(resource: Resource, isBad: (text: string) => boolean) {
  return around(`${resource}.list`, (context, route, next) => {
    const { limit } = context.query().values;
    if (typeof limit === 'string' && isBad(limit)) {
      throw new ApiError(500, 'api_error', 'Internal error (seeded fault: limit not guarded).');
    }
    return next(context, route);
  });
}

/** Number('1.5') and Number('1e1') are numbers, so a NaN guard lets them through to BigInt(text), which throws. */
const passesNanGuardOnly = (text: string) => {
  if (Number.isNaN(Number(text))) return false;
  try {
    BigInt(text);
    return false;
  } catch {
    return true;
  }
};

/** Beyond a signed 64-bit integer: a parse into int64 overflows (Go's strconv.ParseInt, a BIGINT column). */
const beyondInt64 = (text: string) => DIGITS.test(text) && BigInt(text) > 2n ** 63n - 1n;

/**
 * The page asked for after an item (starting_after) holds one item more than the limit: the
 * "fetch one more to know has_more" row is served too, but only on pages after the first.
 */
function onePlusAfterFirstPage(resource: Resource) {
  return around(`${resource}.list`, (context, route, next) => {
    const { values } = context.query();
    const { limit, starting_after: after } = values;
    if (typeof after !== 'string' || typeof limit !== 'string' || !DIGITS.test(limit) || Number(limit) < 1)
      return next(context, route);
    return next(withQuery(context, { ...values, limit: String(Number(limit) + 1) }), route);
  });
}

/**
 * has_more is "another whole page follows" (the page count rounded down, floor(total / limit)),
 * not "another item follows": a last page that would not be full is never announced. Whether a
 * whole page follows is asked of the clean handler with twice the limit from the same start.
 */
function pageCountRoundsDown(resource: Resource) {
  return around(`${resource}.list`, async (context, route, next) => {
    const reply = await next(context, route);
    if (reply.status !== 200 || !isRecord(reply.body) || reply.body.has_more !== true) return reply;
    const { values } = context.query();
    const limit =
      typeof values.limit === 'string' && DIGITS.test(values.limit) ? Number(values.limit) : DEFAULT_PAGE_SIZE;
    if (2 * limit > context.choices.maxLimit) return reply;
    const ahead = await next(withQuery(context, { ...values, limit: String(2 * limit) }), route);
    const seen = isRecord(ahead.body) && Array.isArray(ahead.body.data) ? ahead.body.data.length : 2 * limit;
    return seen >= 2 * limit ? reply : { ...reply, body: { ...reply.body, has_more: false } };
  });
}

/**
 * The page after the first item of the (filtered) list comes back empty, with has_more false: the
 * start index 1 is taken for "not found" (the surviving mutant `index === +1` of routes/list.ts,
 * docs/mutation-triage.md). Only a walk at limit=1 asks for that page.
 */
function emptyAfterFirstItem(resource: Resource) {
  return around(`${resource}.list`, async (context, route, next) => {
    const { values } = context.query();
    const after = values.starting_after;
    if (typeof after !== 'string') return next(context, route);
    const { starting_after: _after, ...firstPage } = values;
    const head = await next(withQuery(context, { ...firstPage, limit: '1' }), route);
    const first: unknown = isRecord(head.body) && Array.isArray(head.body.data) ? head.body.data[0] : undefined;
    const reply = await next(context, route);
    if (!isRecord(first) || first.id !== after || reply.status !== 200 || !isRecord(reply.body)) return reply;
    return { ...reply, body: { ...reply.body, data: [], has_more: false } };
  });
}

/** limit=1 (and 0) fall back to the default page: the guard is `limit > 1`, meant as "a positive limit". */
function limitOneIgnored(resource: Resource) {
  return around(`${resource}.list`, (context, route, next) => {
    const { values } = context.query();
    if (typeof values.limit !== 'string' || !DIGITS.test(values.limit) || Number(values.limit) > 1)
      return next(context, route);
    const { limit: _ignored, ...rest } = values;
    return next(withQuery(context, rest), route);
  });
}

/** A limit beyond the largest page is served as the default page, not as the largest. */
function overMaximumServedAsDefault(resource: Resource) {
  return around(`${resource}.list`, (context, route, next) => {
    const { values } = context.query();
    if (
      typeof values.limit !== 'string' ||
      !DIGITS.test(values.limit) ||
      Number(values.limit) <= context.choices.maxLimit
    )
      return next(context, route);
    return next(withQuery(context, { ...values, limit: String(DEFAULT_PAGE_SIZE) }), route);
  });
}

export const limitFaults = defineFaults([
  {
    name: 'conversations.list.negative-limit-slices-from-end',
    ...spec.conversationsLimit,
    breaks:
      'limit=-n is used as items.slice(0, -n): every conversation of the largest page but the last n, on a server that declares INVALID_LIMIT=refused',
    modifier: limitReadAs('conversations', (text) => (/^-\d+$/.test(text) ? Number(text) : undefined)),
    detectedBy: ['conversations.list.invalid-limits-bounded'],
    // A page of any size is a reading of its own (invalid-limit:default-page): this one breaks a declared refusal.
    declares: { INVALID_LIMIT: 'refused' },
  },
  {
    name: 'groups.list.zero-limit-means-no-limit',
    ...spec.limitNarrows,
    breaks:
      'a limit that is 0 as a number (0, empty, or NaN as abc) is taken for no limit (`if (!limit)`): the whole largest page of groups, on a server that declares INVALID_LIMIT=refused',
    modifier: limitReadAs('groups', (text) => (Number(text) ? undefined : Infinity)),
    detectedBy: ['groups.list.invalid-limits-bounded'],
    // A page of any size is a reading of its own (invalid-limit:default-page): this one breaks a declared refusal.
    declares: { INVALID_LIMIT: 'refused' },
  },
  {
    name: 'conversations.list.decimal-limit-500',
    ...spec.conversationsLimit,
    breaks: 'limit=1.5 or limit=1e1 passes a NaN guard and crashes the integer parse: 500 (limit=abc is refused)',
    modifier: limitFailsOn('conversations', passesNanGuardOnly),
    detectedBy: ['conversations.list.invalid-limits-bounded'],
  },
  {
    name: 'groups.list.non-integer-limit-reads-as-largest',
    ...spec.groupsLimit,
    breaks:
      'a limit that is not an integer (1.5, abc) falls back to the largest page instead of being refused, on a server that declares INVALID_LIMIT=refused',
    modifier: limitReadAs('groups', (text) => (Number.isInteger(Number(text)) ? undefined : Infinity)),
    detectedBy: ['groups.list.invalid-limits-bounded'],
    // A page of any size is a reading of its own (invalid-limit:default-page): this one breaks a declared refusal.
    declares: { INVALID_LIMIT: 'refused' },
  },
  {
    name: 'groups.list.huge-limit-overflows-int32',
    ...spec.groupsLimit,
    breaks:
      'the limit is read as a 32-bit integer (limit | 0): 2^31 turns negative and gives an empty page with has_more true, 2^53+2 gives two groups',
    modifier: limitReadAs('groups', (text) => (DIGITS.test(text) ? Number(text) | 0 : undefined)),
    detectedBy: ['groups.list.huge-limits'],
  },
  {
    name: 'conversations.list.huge-limit-500',
    ...spec.conversationsLimit,
    breaks:
      'a limit beyond a signed 64-bit integer (30 digits) overflows the parse: 500 instead of a refusal or a clamped page',
    modifier: limitFailsOn('conversations', beyondInt64),
    detectedBy: ['conversations.list.huge-limits'],
  },
  {
    name: 'conversations.list.over-maximum-served-as-default',
    ...spec.conversationsLimit,
    breaks:
      'a limit beyond the largest page is served as the default page of ten, narrower than a page of twelve the server serves',
    modifier: overMaximumServedAsDefault('conversations'),
    detectedBy: ['conversations.list.huge-limits'],
  },
  {
    name: 'groups.list.limit-one-ignored',
    ...spec.groupsLimit,
    breaks: 'limit=1 is ignored (the guard is limit > 1): a page of up to ten groups',
    modifier: limitOneIgnored('groups'),
    detectedBy: ['groups.list.limit-partitions', 'groups.list.limit-one-walk'],
  },
  {
    name: 'conversations.list.limit-plus-one-after-first-page',
    ...spec.conversationsLimit,
    breaks: 'the pages after the first (starting_after) hold limit+1 conversations',
    modifier: onePlusAfterFirstPage('conversations'),
    detectedBy: ['conversations.list.limit-one-walk', 'conversations.list.page-boundaries'],
  },
  {
    name: 'groups.list.page-count-rounds-down',
    ...spec.groupsEnvelope,
    breaks:
      'has_more is true only when a whole page more follows: a last page that is not full is never announced, so a walk misses it',
    modifier: pageCountRoundsDown('groups'),
    detectedBy: ['groups.list.page-boundaries', 'groups.list.pagination'],
  },
  {
    name: 'conversations.list.page-after-first-item-empty',
    ...spec.listConversations,
    breaks:
      'the page after the first conversation of the (filtered) list is empty with has_more false, so a walk at limit=1 ends after one item',
    modifier: emptyAfterFirstItem('conversations'),
    detectedBy: ['conversations.list.limit-one-walk'],
  },
]);
