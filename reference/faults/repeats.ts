// Operations repeated: set and reset, the same value twice, update or delete twice, after a delete (§3, §4).
// Each fault is right the first time and wrong the second: a flag that toggles, a value refused
// because it is already there, a DELETE or a PUT that trips over a row deleted before, a create that
// finds the deleted row again. The rows a DELETE removed are remembered per collection (one user
// of one server), as a soft-deleting store would keep them.
import type { Conversation } from '../../lib/api/resources.ts';
import { ApiError, ok } from '../respond.ts';
import type { Collection } from '../store.ts';
import { defineFaults } from './fault.ts';
import { around, combine, encodeParam, readBoolean, type ObjectOf, type Resource } from './helpers.ts';
import { spec, type SpecSentence } from './spec.ts';
import { interceptStore } from './stores.ts';

const flagsNotStates: SpecSentence = {
  section: '§3',
  sentence:
    'Pinning, muting and pinning a message are flags set through the update operation and are not states in this table.',
};

/** What a DELETE removed, by id, per collection: the rows a soft-deleting store keeps. */
const removed = new WeakMap<object, Map<string, unknown>>();

function removedFrom<T>(collection: Collection<{ id: string }>): Map<string, T> {
  let rows = removed.get(collection);
  if (rows === undefined) removed.set(collection, (rows = new Map()));
  return rows as Map<string, T>;
}

/** Remembers, around the DELETE of one resource, the object it removed; `also` may act on the request first. */
function remembersDeleted<R extends Resource>(
  resource: R,
  also?: (rows: Map<string, ObjectOf[R]>, id: string) => void,
) {
  return around(`${resource}.delete`, async (context, route, next) => {
    const collection = context.store[resource] as unknown as Collection<ObjectOf[R]>;
    const rows = removedFrom<ObjectOf[R]>(collection);
    if (route.id !== undefined) also?.(rows, route.id);
    const before = route.id === undefined ? undefined : collection.get(route.id);
    const reply = await next(context, route);
    if (reply.status >= 200 && reply.status < 300 && before !== undefined) rows.set(before.id, before);
    return reply;
  });
}

/** A DELETE of an id deleted before fails in its clean-up of what the row held: a 500. */
function secondDeleteFails(resource: Resource) {
  return remembersDeleted(resource, (rows, id) => {
    if (rows.has(id))
      throw new ApiError(
        500,
        'api_error',
        `Internal error (seeded fault: the ${resource} ${id} was deleted before, its messages are gone).`,
      );
  });
}

/**
 * A PUT of a deleted id finds the soft-deleted row: `revive` puts it back in the store with the
 * change (an upsert); otherwise the change is answered as done and the row stays deleted.
 */
function updatesDeletedRow<R extends Resource>(resource: R, revive: boolean) {
  const remember = remembersDeleted(resource);
  const update = around(`${resource}.update`, (context, route, next) => {
    const collection = context.store[resource] as unknown as Collection<ObjectOf[R]>;
    const row =
      route.id === undefined || collection.get(route.id) !== undefined
        ? undefined
        : removedFrom<ObjectOf[R]>(collection).get(route.id);
    if (row === undefined) return next(context, route);
    const store = interceptStore(context.store, {
      [resource]: {
        get: (id: string) => (id === row.id ? structuredClone(row) : collection.get(id)),
        replace: (changed: ObjectOf[R]) => {
          if (changed.id !== row.id) return collection.replace(changed);
          if (!revive) return structuredClone(changed);
          removedFrom<ObjectOf[R]>(collection).delete(row.id);
          return collection.insert(changed);
        },
      },
    });
    return next({ ...context, store }, route);
  });
  return combine(remember, update);
}

/**
 * A create with the contact_id of a deleted one-to-one conversation finds the soft-deleted row by
 * its contact and restores it, as it was, instead of making a new conversation.
 */
function createRestoresDeleted() {
  const remember = remembersDeleted('conversations');
  const create = around('conversations.create', async (context, route, next) => {
    const source = await context.body();
    const contact = source.values.contact_id;
    const collection = context.store.conversations;
    const rows = removedFrom<Conversation>(collection);
    const row = [...rows.values()].find((deleted) => deleted.group_id === null && deleted.contact_id === contact);
    const live = collection.newestFirst().some(({ value }) => value.group_id === null && value.contact_id === contact);
    if (source.values.group_id !== undefined || row === undefined || live)
      return next({ ...context, body: async () => source }, route);
    rows.delete(row.id);
    return ok(collection.insert(row));
  });
  return combine(remember, create);
}

/** A boolean given for this flag is refused when the conversation already has that value ("already muted"). */
function sameFlagRefused(flag: 'is_muted' | 'is_pinned') {
  return around('conversations.update', (context, route, next) =>
    next(
      {
        ...context,
        body: async () => {
          const source = await context.body();
          const current = route.id === undefined ? undefined : context.store.conversations.get(route.id);
          const given = readBoolean(source.values[flag], source.encoding);
          if (current !== undefined && given !== undefined && given === current[flag]) {
            throw new ApiError(409, 'conflict', `The conversation already has ${flag}=${String(given)}.`, flag);
          }
          return source;
        },
      },
      route,
    ),
  );
}

/** A boolean given for this flag toggles it, whatever the value given (a mute button wired as a toggle). */
function flagToggles(flag: 'is_muted' | 'is_pinned') {
  return around('conversations.update', (context, route, next) =>
    next(
      {
        ...context,
        body: async () => {
          const source = await context.body();
          const current = route.id === undefined ? undefined : context.store.conversations.get(route.id);
          if (current === undefined || readBoolean(source.values[flag], source.encoding) === undefined) return source;
          return {
            encoding: source.encoding,
            values: { ...source.values, [flag]: encodeParam(!current[flag], source.encoding) },
          };
        },
      },
      route,
    ),
  );
}

/** A name equal to the group's own is refused as taken: the unique-name check does not leave the group itself out. */
function ownNameTaken() {
  return around('groups.update', (context, route, next) =>
    next(
      {
        ...context,
        body: async () => {
          const source = await context.body();
          const current = route.id === undefined ? undefined : context.store.groups.get(route.id);
          if (current !== undefined && source.values.name === current.name) {
            throw new ApiError(
              409,
              'conflict',
              `A group named ${JSON.stringify(current.name)} exists already.`,
              'name',
            );
          }
          return source;
        },
      },
      route,
    ),
  );
}

export const repeatFaults = defineFaults([
  {
    name: 'conversations.update.pin-toggles',
    ...spec.isPinnedParam,
    breaks:
      'is_pinned given toggles the pin whatever its value: is_pinned=true on a pinned conversation unpins it, is_pinned=false on an unpinned one pins it',
    modifier: flagToggles('is_pinned'),
    detectedBy: ['conversations.repeated.set-reset-same'],
  },
  {
    name: 'conversations.update.same-mute-refused',
    ...flagsNotStates,
    breaks:
      'is_muted equal to the value the conversation has (muting a muted one, unmuting an unmuted one) is refused with 409',
    modifier: sameFlagRefused('is_muted'),
    detectedBy: ['conversations.repeated.set-reset-same'],
  },
  {
    name: 'groups.update.own-name-taken',
    ...spec.updateGroup,
    breaks:
      "a PUT of name with the group's own name is refused with 409 as a name taken (the unique-name check does not leave the group out)",
    modifier: ownNameTaken(),
    detectedBy: ['groups.repeated.set-reset-same'],
  },
  {
    name: 'conversations.delete.again-500',
    ...spec.deleteConversation,
    breaks: 'a second DELETE of a deleted conversation answers 500 instead of the unknown-id answer',
    modifier: secondDeleteFails('conversations'),
    detectedBy: ['conversations.repeated.delete-twice'],
  },
  {
    name: 'groups.delete.again-500',
    ...spec.deleteGroup,
    breaks: 'a second DELETE of a deleted group answers 500 instead of the unknown-id answer',
    modifier: secondDeleteFails('groups'),
    detectedBy: ['groups.repeated.delete-twice'],
  },
  {
    name: 'conversations.update.revives-deleted',
    ...spec.removeConversation,
    breaks:
      'a PUT of a deleted conversation answers 200 and brings it back with the change (an upsert of the soft-deleted row)',
    modifier: updatesDeletedRow('conversations', true),
    detectedBy: ['conversations.repeated.update-after-delete'],
  },
  {
    name: 'groups.update.answers-deleted',
    ...spec.removeGroup,
    breaks:
      'a PUT of a deleted group answers 200 with the changed group, which stays deleted (the update does not skip soft-deleted rows)',
    modifier: updatesDeletedRow('groups', false),
    detectedBy: ['groups.repeated.update-after-delete'],
  },
  {
    name: 'conversations.create.restores-deleted',
    ...spec.newConversation,
    breaks:
      'a create with the contact_id of a deleted one-to-one conversation restores it as it was (muted, pinned, archived) instead of making a new one',
    modifier: createRestoresDeleted(),
    detectedBy: ['conversations.repeated.create-after-delete'],
  },
]);
