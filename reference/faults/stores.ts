// Faults at the store: the handler runs as written, but the collections it reads and writes
// behave differently (a default stored wrong, a delete that keeps the item, another user's items
// visible). Collections are wrapped, never edited, so the clean store stays clean.
import type { Account } from '../auth.ts';
import type { RouteInfo, ServerModifier } from '../modifiers.ts';
import type { RequestContext } from '../routes/context.ts';
import type { Collection, UserStore } from '../store.ts';
import { endpointOf, type Endpoint, type ObjectOf, type Resource } from './helpers.ts';

type Method = 'insert' | 'get' | 'replace' | 'delete' | 'seqOf' | 'newestFirst';
export type Overrides<T extends { id: string }> = Partial<Pick<Collection<T>, Method>>;
export type StoreOverrides = { [R in Resource]?: Overrides<ObjectOf[R]> };

/**
 * The collection with some methods replaced; the others act on the real one. A Proxy rather than
 * a look-alike object, because Collection keeps its entries in private fields.
 */
export function interceptCollection<T extends { id: string }>(
  collection: Collection<T>,
  overrides: Overrides<T>,
): Collection<T> {
  return new Proxy(collection, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as Method];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function interceptStore(store: UserStore, overrides: StoreOverrides): UserStore {
  return {
    conversations: overrides.conversations
      ? interceptCollection(store.conversations, overrides.conversations)
      : store.conversations,
    groups: overrides.groups ? interceptCollection(store.groups, overrides.groups) : store.groups,
  };
}

/** Hands the handlers of these endpoints ('any': of every request) a store with some methods replaced. */
export function withStore(
  endpoints: Endpoint | readonly Endpoint[] | 'any',
  overrides: (store: UserStore, context: RequestContext, route: RouteInfo) => StoreOverrides,
): ServerModifier {
  const wanted =
    endpoints === 'any' ? undefined : new Set<string>(typeof endpoints === 'string' ? [endpoints] : endpoints);
  return {
    handle: (next) => (context, route) => {
      const endpoint = endpointOf(route);
      if (wanted !== undefined && (endpoint === undefined || !wanted.has(endpoint))) return next(context, route);
      return next(
        { ...context, store: interceptStore(context.store, overrides(context.store, context, route)) },
        route,
      );
    },
  };
}

/** Every new object of a resource made through these endpoints is stored changed. */
export function storeNew<R extends Resource>(
  endpoints: Endpoint | readonly Endpoint[],
  resource: R,
  change: (value: ObjectOf[R], context: RequestContext) => ObjectOf[R],
): ServerModifier {
  return withStore(endpoints, (store, context) => {
    const collection = store[resource] as unknown as Collection<ObjectOf[R]>;
    return { [resource]: { insert: (value: ObjectOf[R]) => collection.insert(change(value, context)) } };
  });
}

// Deleted items that a fault keeps in the store: per collection, so servers never share them.
const tombstones = new WeakMap<object, Set<string>>();

function tombstonesOf(collection: object): Set<string> {
  let ids = tombstones.get(collection);
  if (ids === undefined) tombstones.set(collection, (ids = new Set()));
  return ids;
}

/**
 * DELETE only hides the item from retrieval by id (get); it stays in the store, so lists (which
 * read newestFirst) still show it.
 */
export function deleteHidesFromGetOnly(resource: Resource): ServerModifier {
  return withStore('any', (store, _context, route) => {
    const collection = store[resource] as unknown as Collection<{ id: string }>;
    const hidden = tombstonesOf(collection);
    const deleting = endpointOf(route) === `${resource}.delete`;
    const hide = (id: string): boolean => {
      if (hidden.has(id) || collection.get(id) === undefined) return false;
      hidden.add(id);
      return true;
    };
    const get = (id: string) => (hidden.has(id) ? undefined : collection.get(id));
    return { [resource]: deleting ? { get, delete: hide } : { get } };
  });
}

// Every user's store, by the store of each user: what the isolation faults reach into.
const everyoneByStore = new WeakMap<UserStore, readonly UserStore[]>();

/** Remembers, at the authenticate seam, the stores of all users, so a store can find the others. */
export const rememberAllStores: ServerModifier = {
  authenticate: (next) => (header, accounts: ReadonlyMap<string, Account>) => {
    const account = next(header, accounts);
    if (!everyoneByStore.has(account.store))
      everyoneByStore.set(
        account.store,
        [...accounts.values()].map((other) => other.store),
      );
    return account;
  },
};

/** The other users' stores, as seen from this user's store. */
export function otherStores(store: UserStore): readonly UserStore[] {
  return (everyoneByStore.get(store) ?? []).filter((other) => other !== store);
}
