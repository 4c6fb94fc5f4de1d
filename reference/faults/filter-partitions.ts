// List filters in combination, with limits and page walks, and exact group_id matching (§4.1, §4.2, §3):
// the bugs of a list handler written by hand (filters joined with OR, an if/else-if chain, a
// filter applied to the page after the limit cut it, group_id matched loosely, archived_at read as
// a truthy value or compared with the clock).
import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { ServerModifier } from '../modifiers.ts';
import type { RequestContext } from '../routes/context.ts';
import { defineFaults } from './fault.ts';
import { around, isRecord, type ObjectOf, type Resource } from './helpers.ts';
import { spec } from './spec.ts';
import { interceptStore } from './stores.ts';

/** The filters of each list (§4.1, §4.2), as a query carries them: text. */
const filterNames = {
  conversations: ['muted', 'pinned', 'archived', 'group_id'],
  groups: ['archived'],
} as const satisfies Record<Resource, readonly string[]>;

type Wanted = Readonly<Record<string, string>>;

/** Whether an item matches one filter as the clean handler reads it (a flag 'true' or 'false', group_id exactly). */
function matchesOne(item: Conversation | Group, name: string, value: string): boolean {
  if (name === 'group_id') return (item as Conversation).group_id === value;
  const flag =
    name === 'muted'
      ? (item as Conversation).is_muted
      : name === 'pinned'
        ? (item as Conversation).is_pinned
        : item.archived_at !== null;
  return value === 'true' ? flag : !flag;
}

const matchesAll = (item: Conversation | Group, wanted: Wanted): boolean =>
  Object.entries(wanted).every(([name, value]) => matchesOne(item, name, value));

/**
 * The filters of a list request that the clean handler would accept, in the order given; undefined
 * when any is malformed (the clean handler's 400 then stands).
 */
function wantedFilters(resource: Resource, values: Readonly<Record<string, unknown>>): Wanted | undefined {
  const wanted: Record<string, string> = {};
  for (const name of Object.keys(values)) {
    if (!(filterNames[resource] as readonly string[]).includes(name)) continue;
    const value = values[name];
    if (typeof value !== 'string' || (name !== 'group_id' && value !== 'true' && value !== 'false')) return undefined;
    wanted[name] = value;
  }
  return wanted;
}

/**
 * The list is narrowed in the store by `keep` instead of by the handler's own filters, which the
 * handler no longer sees: pages, limit and has_more stay exact over what `keep` lets through.
 * `applies` says whether the request takes the faulty path at all.
 */
function filteredBy<R extends Resource>(
  resource: R,
  keep: (item: ObjectOf[R], wanted: Wanted, context: RequestContext) => boolean,
  applies: (wanted: Wanted, context: RequestContext) => boolean = (wanted) => Object.keys(wanted).length > 0,
): ServerModifier {
  return around(`${resource}.list`, (context, route, next) => {
    const query = context.query();
    const wanted = wantedFilters(resource, query.values);
    if (wanted === undefined || !applies(wanted, context)) return next(context, route);
    const collection = context.store[resource];
    const store = interceptStore(context.store, {
      [resource]: {
        newestFirst: () => collection.newestFirst().filter(({ value }) => keep(value as ObjectOf[R], wanted, context)),
      },
    });
    const rest = Object.fromEntries(Object.entries(query.values).filter(([name]) => !Object.hasOwn(wanted, name)));
    return next({ ...context, store, query: () => ({ encoding: query.encoding, values: rest }) }, route);
  });
}

/** Filters are applied to the page the limit already cut, not to the list: pages come back short, or empty with has_more true. */
function filteredAfterLimit(resource: Resource): ServerModifier {
  return around(`${resource}.list`, async (context, route, next) => {
    const query = context.query();
    const wanted = wantedFilters(resource, query.values);
    if (wanted === undefined || Object.keys(wanted).length === 0) return next(context, route);
    const rest = Object.fromEntries(Object.entries(query.values).filter(([name]) => !Object.hasOwn(wanted, name)));
    const reply = await next({ ...context, query: () => ({ encoding: query.encoding, values: rest }) }, route);
    if (!isRecord(reply.body) || !Array.isArray(reply.body.data)) return reply;
    const data = (reply.body.data as Array<Conversation | Group>).filter((item) => matchesAll(item, wanted));
    return { ...reply, body: { ...reply.body, data } };
  });
}

/** archived=true/false decided by `archived` instead of "archived_at is not null"; the other filters as the clean handler. */
function archivedReadAs<R extends Resource>(
  resource: R,
  archived: (item: ObjectOf[R], context: RequestContext) => boolean,
): ServerModifier {
  return filteredBy(resource, (item, wanted, context) =>
    Object.entries(wanted).every(([name, value]) =>
      name === 'archived' ? archived(item, context) === (value === 'true') : matchesOne(item, name, value),
    ),
  );
}

/** group_id compared by `same` instead of exact equality; the other filters as the clean handler. */
function groupIdMatchedBy(same: (groupId: string, given: string) => boolean): ServerModifier {
  return filteredBy(
    'conversations',
    (item, wanted) =>
      Object.entries(wanted).every(([name, value]) =>
        name === 'group_id' ? item.group_id !== null && same(item.group_id, value) : matchesOne(item, name, value),
      ),
    (wanted) => wanted.group_id !== undefined,
  );
}

/** The flag filters of a conversation list, without group_id. */
const flagsOf = (wanted: Wanted): Wanted =>
  Object.fromEntries(Object.entries(wanted).filter(([name]) => name !== 'group_id'));

export const filterPartitionFaults = defineFaults([
  {
    name: 'conversations.list.filters-joined-with-or',
    ...spec.mutedFilter,
    breaks:
      'filters given together are joined with OR: muted=true&pinned=true also lists pinned conversations that are not muted',
    modifier: filteredBy('conversations', (item, wanted) =>
      Object.entries(wanted).some(([name, value]) => matchesOne(item, name, value)),
    ),
    detectedBy: ['conversations.list.filter-pairs', 'conversations.list.group-id-and-flag'],
  },
  {
    name: 'conversations.list.filters-else-if-chain',
    ...spec.pinnedFilter,
    breaks:
      'only one filter is applied, the first of group_id, muted, pinned, archived given (an if/else-if chain): pinned=true is ignored beside muted=true',
    modifier: filteredBy('conversations', (item, wanted) => {
      const first = ['group_id', 'muted', 'pinned', 'archived'].find((name) => wanted[name] !== undefined)!;
      return matchesOne(item, first, wanted[first]!);
    }),
    detectedBy: ['conversations.list.filter-pairs', 'conversations.list.group-id-and-flag'],
  },
  {
    name: 'conversations.list.flags-ignored-with-group-id',
    ...spec.mutedFilter,
    breaks:
      "with group_id, muted, pinned and archived are ignored (the group's conversations are read by a path of their own)",
    modifier: filteredBy(
      'conversations',
      (item, wanted) => item.group_id === wanted.group_id,
      (wanted) => wanted.group_id !== undefined && Object.keys(flagsOf(wanted)).length > 0,
    ),
    detectedBy: ['conversations.list.group-id-and-flag'],
  },
  {
    name: 'conversations.list.filters-after-limit',
    ...spec.limitNarrows,
    breaks:
      "the conversation list's filters are applied to the page the limit cut from the whole list: filtered pages come back short, or empty with has_more true",
    modifier: filteredAfterLimit('conversations'),
    detectedBy: ['conversations.list.filter-pages'],
  },
  {
    name: 'groups.list.archived-filter-after-limit',
    ...spec.limitNarrows,
    breaks:
      'archived=true is applied to the page of groups the limit cut from the whole list: pages come back short, or empty with has_more true',
    modifier: filteredAfterLimit('groups'),
    detectedBy: ['groups.list.filter-pages'],
  },
  {
    name: 'conversations.list.group-id-prefix-match',
    ...spec.groupIdFilter,
    breaks: "group_id=G lists the conversations of every group whose id starts with G (a LIKE 'G%' query)",
    modifier: groupIdMatchedBy((groupId, given) => groupId.startsWith(given)),
    detectedBy: ['conversations.list.group-id-exact'],
  },
  {
    name: 'conversations.list.group-id-substring-match',
    ...spec.groupIdFilter,
    breaks: "group_id=G lists the conversations of every group whose id contains G (a LIKE '%G%' query)",
    modifier: groupIdMatchedBy((groupId, given) => groupId.includes(given)),
    detectedBy: ['conversations.list.group-id-exact'],
  },
  {
    name: 'conversations.list.group-id-case-insensitive',
    ...spec.groupIdFilter,
    breaks:
      'group_id is compared without regard to letter case (a case-insensitive collation), while retrieving the group by that id finds nothing',
    modifier: groupIdMatchedBy((groupId, given) => groupId.toLowerCase() === given.toLowerCase()),
    detectedBy: ['conversations.list.group-id-exact'],
  },
  {
    name: 'conversations.list.group-id-truncated',
    ...spec.groupIdFilter,
    breaks:
      'group_id is cut to the length of the stored id before it is compared (a fixed-width column), so an id with characters appended still matches',
    modifier: groupIdMatchedBy((groupId, given) => groupId === given.slice(0, groupId.length)),
    detectedBy: ['conversations.list.group-id-exact'],
  },
  {
    name: 'conversations.list.unknown-group-id-ignored',
    ...spec.groupIdFilter,
    breaks:
      "a group_id that names no group of the user's is ignored: the list holds every conversation (of other groups and one-to-one ones)",
    modifier: filteredBy(
      'conversations',
      (item, wanted) => matchesAll(item, flagsOf(wanted)),
      (wanted, context) => wanted.group_id !== undefined && context.store.groups.get(wanted.group_id) === undefined,
    ),
    detectedBy: ['conversations.list.group-id-unknown', 'conversations.list.group-id-exact'],
  },
  {
    name: 'conversations.list.archived-at-truthy',
    ...spec.archivedState,
    breaks: 'archived=true reads archived_at as a truthy value: a conversation archived at 0 counts as active',
    modifier: archivedReadAs('conversations', (item) => Boolean(item.archived_at)),
    detectedBy: ['conversations.list.archived-any-timestamp'],
  },
  {
    name: 'groups.list.archived-at-truthy',
    ...spec.archivedState,
    breaks: 'archived=true reads archived_at as a truthy value: a group archived at 0 counts as active',
    modifier: archivedReadAs('groups', (item) => Boolean(item.archived_at)),
    detectedBy: ['groups.list.archived-any-timestamp'],
  },
  {
    name: 'conversations.list.archived-compared-with-now',
    ...spec.archivedState,
    breaks:
      'archived=true lists only conversations whose archived_at has passed: one archived with a future timestamp counts as active',
    modifier: archivedReadAs(
      'conversations',
      (item, context) => item.archived_at !== null && item.archived_at <= context.now(),
    ),
    detectedBy: ['conversations.list.archived-any-timestamp'],
  },
  {
    name: 'groups.list.archived-compared-with-now',
    ...spec.archivedState,
    breaks:
      'archived=true lists only groups whose archived_at has passed: one archived with a future timestamp counts as active',
    modifier: archivedReadAs(
      'groups',
      (item, context) => item.archived_at !== null && item.archived_at <= context.now(),
    ),
    detectedBy: ['groups.list.archived-any-timestamp'],
  },
]);
