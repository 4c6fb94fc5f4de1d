// A write seen by every read path: retrieve, the unfiltered list, and each filter the object starts or stops matching (§3, §4).
// Each fault is a cache or an index that one read path keeps of its own and that some write does
// not reach: the other read paths are right, so only reading the object every way after each write
// shows it. The state a fault keeps is per collection (one user of one server), never shared.
import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { Handle, RouteInfo, ServerModifier } from '../modifiers.ts';
import type { Reply } from '../respond.ts';
import type { RequestContext } from '../routes/context.ts';
import type { Collection, Entry } from '../store.ts';
import { defineFaults } from './fault.ts';
import { around, combine, endpointOf, isRecord, readBoolean, type Endpoint, type Resource } from './helpers.ts';
import { spec, type SpecSentence } from './spec.ts';
import { interceptStore } from './stores.ts';

const groupName: SpecSentence = { section: '§2.2', sentence: 'name | string | Name of the group' };

/** State a fault keeps beside one collection, made on first use. */
function beside<V>() {
  const all = new WeakMap<object, V>();
  return (collection: object, make: () => V): V => {
    let value = all.get(collection);
    if (value === undefined) all.set(collection, (value = make()));
    return value;
  };
}

const succeeded = (reply: Reply) => reply.status >= 200 && reply.status < 300;

/** Watches the answers of every endpoint: `watch` sees each one after the clean handler made it, and may change it. */
function watching(
  watch: (endpoint: Endpoint, context: RequestContext, route: RouteInfo, reply: Reply) => Reply,
): ServerModifier {
  return {
    handle: (next: Handle) => async (context, route) => {
      const reply = await next(context, route);
      const endpoint = endpointOf(route);
      return endpoint === undefined ? reply : watch(endpoint, context, route, reply);
    },
  };
}

/** The list's query names none of these filters. */
const unfiltered = (context: RequestContext, filters: readonly string[]) =>
  filters.every((name) => !Object.hasOwn(context.query().values, name));

/**
 * The unfiltered conversation list (the inbox) renders each conversation from a cache filled when it
 * is created or first listed, which no PUT invalidates: filters and retrieve read the store.
 */
function unfilteredListCache(): ServerModifier {
  const cacheOf = beside<Map<string, Conversation>>();
  return watching((endpoint, context, _route, reply) => {
    if (!succeeded(reply) || !isRecord(reply.body)) return reply;
    const cache = cacheOf(context.store.conversations, () => new Map());
    if (endpoint === 'conversations.create') {
      const created = reply.body as unknown as Conversation;
      if (!cache.has(created.id)) cache.set(created.id, structuredClone(created));
    }
    if (
      endpoint !== 'conversations.list' ||
      !unfiltered(context, ['muted', 'pinned', 'archived', 'group_id']) ||
      !Array.isArray(reply.body.data)
    )
      return reply;
    const data = (reply.body.data as Conversation[]).map((item) => {
      if (!cache.has(item.id)) cache.set(item.id, structuredClone(item));
      return structuredClone(cache.get(item.id)!);
    });
    return { ...reply, body: { ...reply.body, data } };
  });
}

/**
 * GET /v1/conversations/:id answers from a cache filled by the first retrieve; the store is asked
 * only whether the conversation still exists (a deleted one is a 404), and no PUT invalidates it.
 */
function retrieveCache(): ServerModifier {
  const cacheOf = beside<Map<string, Conversation>>();
  return watching((endpoint, context, route, reply) => {
    if (endpoint !== 'conversations.retrieve' || route.id === undefined) return reply;
    const cache = cacheOf(context.store.conversations, () => new Map());
    if (!succeeded(reply)) {
      cache.delete(route.id);
      return reply;
    }
    const cached = cache.get(route.id);
    if (cached === undefined) {
      cache.set(route.id, structuredClone(reply.body as Conversation));
      return reply;
    }
    return { ...reply, body: structuredClone(cached) };
  });
}

/**
 * A filter answered from an index of ids that a PUT setting the flag adds to and a PUT clearing it
 * never removes from: a conversation once muted (pinned) stays under muted=true (pinned=true).
 */
function flagIndexNeverCleared(flag: 'is_muted' | 'is_pinned', filter: 'muted' | 'pinned'): ServerModifier {
  const indexOf = beside<Set<string>>();
  const fill = watching((endpoint, context, _route, reply) => {
    if (endpoint === 'conversations.update' && succeeded(reply) && isRecord(reply.body) && reply.body[flag] === true) {
      indexOf(context.store.conversations, () => new Set()).add(String(reply.body.id));
    }
    return reply;
  });
  // The list is narrowed in the store instead of by the handler's filter, so pages stay exact.
  const serve = around('conversations.list', (context, route, next) => {
    const source = context.query();
    if (readBoolean(source.values[filter], 'text') !== true) return next(context, route);
    const { conversations } = context.store;
    const index = indexOf(conversations, () => new Set());
    const store = interceptStore(context.store, {
      conversations: {
        newestFirst: () => conversations.newestFirst().filter(({ value }) => value[flag] || index.has(value.id)),
      },
    });
    const { [filter]: _answeredFromIndex, ...rest } = source.values;
    return next({ ...context, store, query: () => ({ encoding: source.encoding, values: rest }) }, route);
  });
  return combine(fill, serve);
}

/**
 * A list served from its own copy of each item (a pins table, the group list's index) that a DELETE
 * does not clean: the deleted item stays in the lists `servedBy` picks, where it was in list order.
 */
function deletedStaysIn<R extends Resource>(
  resource: R,
  keeps: (item: R extends 'groups' ? Group : Conversation) => boolean,
  servedBy: (context: RequestContext) => boolean,
): ServerModifier {
  type Item = R extends 'groups' ? Group : Conversation;
  const keptOf = beside<Map<string, Entry<Item>>>();
  const remember = around(`${resource}.delete`, async (context, route, next) => {
    const collection = context.store[resource] as unknown as Collection<Item>;
    const before = route.id === undefined ? undefined : collection.get(route.id);
    const seq = route.id === undefined ? undefined : collection.seqOf(route.id);
    const reply = await next(context, route);
    if (succeeded(reply) && before !== undefined && seq !== undefined && keeps(before))
      keptOf(collection, () => new Map()).set(before.id, { seq, value: before });
    return reply;
  });
  const serve = around(`${resource}.list`, (context, route, next) => {
    const collection = context.store[resource] as unknown as Collection<Item>;
    const kept = keptOf(collection, () => new Map());
    if (kept.size === 0 || !servedBy(context)) return next(context, route);
    const store = interceptStore(context.store, {
      [resource]: {
        newestFirst: () => [...collection.newestFirst(), ...kept.values()].sort((a, b) => b.seq - a.seq),
        seqOf: (id: string) => collection.seqOf(id) ?? kept.get(id)?.seq,
      },
    });
    return next({ ...context, store }, route);
  });
  return combine(remember, serve);
}

/** The group list shows each group's name as a list index wrote it at create: a rename reaches retrieve only. */
function groupListNameAtCreate(): ServerModifier {
  const namesOf = beside<Map<string, string>>();
  return watching((endpoint, context, _route, reply) => {
    if (!succeeded(reply) || !isRecord(reply.body)) return reply;
    const names = namesOf(context.store.groups, () => new Map());
    if (endpoint === 'groups.create' && typeof reply.body.id === 'string' && typeof reply.body.name === 'string')
      names.set(reply.body.id, reply.body.name);
    if (endpoint !== 'groups.list' || !Array.isArray(reply.body.data)) return reply;
    const data = (reply.body.data as Group[]).map((group) => ({ ...group, name: names.get(group.id) ?? group.name }));
    return { ...reply, body: { ...reply.body, data } };
  });
}

/**
 * A PUT that names `given` (with this value, when `when` says which) also stores `field` as `value`:
 * the clean handler keeps it, and the store's replace puts the change in.
 */
function alsoSets<R extends Resource>(
  resource: R,
  given: string,
  when: (value: unknown) => boolean,
  field: string,
  value: unknown,
): ServerModifier {
  return around(`${resource}.update`, (context, route, next) => {
    let applies = false;
    const body = async () => {
      const source = await context.body();
      applies = Object.hasOwn(source.values, given) && when(source.values[given]);
      return source;
    };
    const collection = context.store[resource] as unknown as Collection<{ id: string }>;
    const store = interceptStore(context.store, {
      [resource]: {
        replace: (changed: { id: string }) => collection.replace(applies ? { ...changed, [field]: value } : changed),
      },
    });
    return next({ ...context, body, store }, route);
  });
}

export const readPathFaults = defineFaults([
  {
    name: 'conversations.list.unfiltered-cache',
    ...spec.isMutedField,
    breaks:
      'the unfiltered conversation list shows each conversation as it was when first created or listed: no PUT reaches that cache (filters and retrieve are right)',
    modifier: unfilteredListCache(),
    detectedBy: ['conversations.read-after-write.update-seen-everywhere'],
  },
  {
    name: 'conversations.retrieve.stale-cache',
    ...spec.retrieveConversation,
    breaks:
      'GET /v1/conversations/:id answers from a cache filled by the first retrieve that no PUT invalidates (lists are right)',
    modifier: retrieveCache(),
    detectedBy: [
      'conversations.read-after-write.update-seen-everywhere',
      'conversations.read-after-write.related-fields-kept',
    ],
  },
  {
    name: 'conversations.list.muted-index-stale',
    ...spec.mutedFilter,
    breaks:
      'muted=true is answered from an index that muting adds to and unmuting never removes from: an unmuted conversation stays listed',
    modifier: flagIndexNeverCleared('is_muted', 'muted'),
    detectedBy: ['conversations.read-after-write.update-seen-everywhere'],
  },
  {
    name: 'conversations.list.pinned-index-stale',
    ...spec.pinnedFilter,
    breaks:
      'pinned=true is answered from an index that pinning adds to and unpinning never removes from: an unpinned conversation stays listed',
    modifier: flagIndexNeverCleared('is_pinned', 'pinned'),
    detectedBy: ['conversations.read-after-write.update-seen-everywhere'],
  },
  {
    name: 'conversations.delete.pinned-list-keeps',
    ...spec.removeConversation,
    breaks:
      'a deleted pinned conversation stays listed under pinned=true alone (a pins table the DELETE does not clean); retrieve, the unfiltered list and combined filters are right',
    modifier: deletedStaysIn(
      'conversations',
      (conversation) => conversation.is_pinned,
      (context) => {
        const { values } = context.query();
        return (
          readBoolean(values.pinned, 'text') === true &&
          ['muted', 'archived', 'group_id'].every((name) => !Object.hasOwn(values, name))
        );
      },
    ),
    detectedBy: ['conversations.read-after-write.delete-seen-everywhere'],
  },
  {
    name: 'groups.list.stale-name',
    ...groupName,
    breaks:
      "the group list shows each group's name as it was at create: a rename is seen by retrieve and the PUT's answer only",
    modifier: groupListNameAtCreate(),
    detectedBy: ['groups.read-after-write.update-seen-everywhere'],
  },
  {
    name: 'groups.delete.unfiltered-list-keeps',
    ...spec.removeGroup,
    breaks:
      'a deleted group stays in the unfiltered group list (an index the DELETE does not clean); retrieve and archived=true are right',
    modifier: deletedStaysIn(
      'groups',
      () => true,
      (context) => unfiltered(context, ['archived']),
    ),
    detectedBy: ['groups.read-after-write.delete-seen-everywhere'],
  },
  {
    name: 'conversations.update.unpin-clears-message',
    ...spec.conversationFieldsUnchanged,
    breaks: 'a PUT of is_pinned=false also sets pinned_message_id to null (unpinning drops the pinned message)',
    modifier: alsoSets(
      'conversations',
      'is_pinned',
      (value) => value === false || value === 'false',
      'pinned_message_id',
      null,
    ),
    detectedBy: ['conversations.read-after-write.related-fields-kept', 'conversations.repeated.set-reset-same'],
  },
  {
    name: 'groups.update.rename-clears-avatar',
    ...spec.groupFieldsUnchanged,
    breaks: 'a PUT of name also sets avatar_url to null (the avatar is regenerated from the name, as none)',
    modifier: alsoSets('groups', 'name', () => true, 'avatar_url', null),
    detectedBy: ['groups.read-after-write.related-fields-kept', 'groups.repeated.set-reset-same'],
  },
]);
