// Pages of a list (§4.1, §4.2, §8): limit, the default page size of ten, has_more, the envelope,
// and walking from page to page (repeating or skipping an item).
import { defineFaults } from './fault.ts';
import { around, combine, dropParam, isRecord, mapParams, rewriteList, type Resource } from './helpers.ts';
import { spec } from './spec.ts';
import { withStore } from './stores.ts';

const DIGITS = /^\d+$/;

/** Without limit, the list is served as if this limit had been asked for. */
function defaultLimit(resource: Resource, limit: number) {
  return mapParams(`${resource}.list`, (values) =>
    values.limit === undefined ? { ...values, limit: String(limit) } : values,
  );
}

/**
 * The page after an item (starting_after) starts with that item again: the item's position is
 * read one place later, so the cursor item itself counts as "after" it.
 */
function repeatsCursorItem(resource: Resource) {
  return withStore(`${resource}.list`, (store) => {
    const collection = store[resource];
    const seqOf = (id: string): number | undefined => {
      const seq = collection.seqOf(id);
      return seq === undefined ? undefined : seq + 1;
    };
    return { [resource]: { seqOf } };
  });
}

/** Every page asked for with starting_after loses its first item. */
function skipsFirstAfterCursor(resource: Resource) {
  return around(`${resource}.list`, async (context, route, next) => {
    const reply = await next(context, route);
    if (context.query().values.starting_after === undefined || !isRecord(reply.body) || !Array.isArray(reply.body.data))
      return reply;
    return { ...reply, body: { ...reply.body, data: reply.body.data.slice(1) } };
  });
}

/**
 * has_more is worked out as "at least limit items from the start of the page" rather than "more
 * than limit": a last page that is exactly full says there is more. (Found by mutation testing:
 * docs/mutation-triage.md, list.ts `>` to `>=`.)
 */
function hasMoreWhenPageIsFull(resource: Resource) {
  return around(`${resource}.list`, async (context, route, next) => {
    const reply = await next(context, route);
    const limitText = context.query().values.limit;
    const limit = typeof limitText === 'string' && DIGITS.test(limitText) ? Number(limitText) : 10;
    if (reply.status !== 200 || !isRecord(reply.body) || !Array.isArray(reply.body.data)) return reply;
    return reply.body.data.length === limit ? { ...reply, body: { ...reply.body, has_more: true } } : reply;
  });
}

/**
 * The page after the last item of a list wraps around (the mutant list.ts:94 of issue 23's audit:
 * the last item's position read as -1): with limit=1 it is empty yet says has_more true, with a
 * larger limit it holds the starting_after item again.
 */
function pageAfterLastWraps(resource: Resource) {
  return around(`${resource}.list`, async (context, route, next) => {
    const reply = await next(context, route);
    const { starting_after: after, limit } = context.query().values;
    if (
      typeof after !== 'string' ||
      reply.status !== 200 ||
      !isRecord(reply.body) ||
      !Array.isArray(reply.body.data) ||
      reply.body.data.length > 0 ||
      reply.body.has_more !== false
    )
      return reply;
    const item = context.store[resource].get(after);
    if (item === undefined) return reply;
    return { ...reply, body: limit === '1' ? { ...reply.body, has_more: true } : { ...reply.body, data: [item] } };
  });
}

export const pageFaults = defineFaults([
  {
    name: 'conversations.list.page-after-last-wraps',
    ...spec.conversationsEnvelope,
    breaks:
      'the page after the last item of a list (starting_after naming it) says has_more true with no data (limit=1), or holds that item again',
    detectedBy: [
      'conversations.list.page-after-last-of-group',
      'conversations.list.page-after-item',
      'groups.list.page-after-item',
    ],
    modifier: combine(pageAfterLastWraps('conversations'), pageAfterLastWraps('groups')),
  },
  {
    name: 'conversations.list.limit-ignored',
    ...spec.conversationsLimit,
    breaks: 'limit is ignored on the conversation list: every page holds up to ten',
    modifier: dropParam('conversations.list', 'limit'),
  },
  {
    name: 'groups.list.limit-plus-one',
    ...spec.groupsLimit,
    breaks: 'limit=n returns up to n+1 groups',
    modifier: mapParams('groups.list', (values) =>
      typeof values.limit === 'string' && DIGITS.test(values.limit) && Number(values.limit) >= 1
        ? { ...values, limit: String(Number(values.limit) + 1) }
        : values,
    ),
  },
  {
    name: 'conversations.list.default-page-size-twenty',
    ...spec.conversationsLimit,
    breaks: 'without limit, the conversation list returns up to twenty instead of ten',
    modifier: defaultLimit('conversations', 20),
  },
  {
    name: 'groups.list.default-page-size-hundred',
    ...spec.groupsLimit,
    breaks: 'without limit, the group list returns up to a hundred instead of ten',
    modifier: defaultLimit('groups', 100),
  },
  {
    name: 'conversations.list.has-more-always-true',
    ...spec.conversationsEnvelope,
    breaks: 'has_more is true on every page of the conversation list, the last one included',
    modifier: rewriteList('conversations', (envelope) => ({ ...envelope, has_more: true })),
  },
  {
    name: 'groups.list.has-more-always-false',
    ...spec.groupsEnvelope,
    breaks: 'has_more is false on every page of the group list, even when more groups follow',
    modifier: rewriteList('groups', (envelope) => ({ ...envelope, has_more: false })),
  },
  {
    name: 'conversations.list.has-more-as-string',
    ...spec.conversationsEnvelope,
    breaks: 'has_more of the conversation list is the string "true" or "false" instead of a boolean',
    modifier: rewriteList('conversations', (envelope) => ({ ...envelope, has_more: String(envelope.has_more) })),
  },
  {
    name: 'groups.list.has-more-missing',
    ...spec.groupsEnvelope,
    breaks: 'the group list answers {data} without has_more',
    modifier: rewriteList('groups', ({ has_more: _missing, ...rest }) => rest),
  },
  {
    name: 'conversations.list.pagination-repeats-cursor-item',
    ...spec.listConversations,
    breaks: 'the page after starting_after=X starts with X again, so a walk of the pages lists X twice',
    modifier: repeatsCursorItem('conversations'),
  },
  {
    name: 'conversations.list.pagination-skips-item',
    ...spec.listConversations,
    breaks: 'the page after starting_after=X leaves out the first conversation after X, so a walk never lists it',
    modifier: skipsFirstAfterCursor('conversations'),
  },
  {
    name: 'groups.list.pagination-repeats-cursor-item',
    ...spec.listGroups,
    breaks: 'the page after starting_after=X starts with X again, so a walk of the pages lists X twice',
    modifier: repeatsCursorItem('groups'),
  },
  {
    name: 'groups.list.pagination-skips-item',
    ...spec.listGroups,
    breaks: 'the page after starting_after=X leaves out the first group after X, so a walk never lists it',
    modifier: skipsFirstAfterCursor('groups'),
  },
  {
    name: 'conversations.list.has-more-when-page-full',
    ...spec.conversationsEnvelope,
    breaks: 'a page holding exactly limit conversations says has_more true, also when it is the last',
    modifier: hasMoreWhenPageIsFull('conversations'),
    detectedBy: ['conversations.list.has-more-false-at-limit'],
  },
  {
    // Found by mutation testing (docs/mutation-triage.md, store.ts:57: the lookup of an unknown id crashing).
    name: 'groups.list.unknown-starting-after-500',
    ...spec.listGroups,
    breaks:
      'starting_after naming no group crashes the lookup of its position: GET /v1/groups answers 500 (a known id pages as before)',
    modifier: around('groups.list', (context, route, next) => {
      const { starting_after: after } = context.query().values;
      if (typeof after === 'string' && context.store.groups.seqOf(after) === undefined) {
        throw new TypeError("Cannot read properties of undefined (reading 'seq')");
      }
      return next(context, route);
    }),
    detectedBy: ['groups.list.bad-next-page'],
  },
]);
