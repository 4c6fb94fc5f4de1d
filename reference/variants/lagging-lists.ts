// Lists served from a search index that a write reaches only later: every list shows the user's
// collections as they stood `lagMs` earlier, while a retrieve and every write read the store itself
// at once (list-consistency: eventual:<ms>). The store keeps a frozen array of its entries that a
// write replaces (store.ts), so each version a list may still show is one array, kept by reference.
import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { Handle, RouteInfo, ServerModifier } from '../modifiers.ts';
import type { Collection, Entry, UserStore } from '../store.ts';

/** How long a write takes to reach the lists. */
export const listLagMs = 300;

interface Version<T> {
  /** When the request that made it was answered; -Infinity for what was there before any. */
  readonly at: number;
  readonly entries: ReadonlyArray<Entry<T>>;
}

/** The versions of one collection a list may still show: those of the last lag, and the one before them. */
class LaggingIndex<T extends { id: string }> {
  readonly #versions: Version<T>[];

  constructor(private readonly collection: Collection<T>) {
    this.#versions = [{ at: -Infinity, entries: collection.newestFirst() }];
  }

  /** After a request: the collection as it now stands, when a write changed it. */
  note(at: number): void {
    const entries = this.collection.newestFirst();
    if (entries !== this.#versions.at(-1)!.entries) this.#versions.push({ at, entries });
  }

  /** The entries as they stood at `cutoff`; older versions no later list can show are dropped. */
  asOf(cutoff: number): ReadonlyArray<Entry<T>> {
    let shown = 0;
    for (let index = this.#versions.length - 1; index > 0; index--) {
      if (this.#versions[index]!.at <= cutoff) {
        shown = index;
        break;
      }
    }
    this.#versions.splice(0, shown);
    return this.#versions[0]!.entries;
  }

  /** The list's own place of an item it still shows (a cursor after a deleted item), else the store's. */
  seqOf(id: string, cutoff: number): number | undefined {
    return this.asOf(cutoff).find((entry) => entry.value.id === id)?.seq ?? this.collection.seqOf(id);
  }
}

/** The collection with its list-side methods answered from the index; the others act on the real one. */
function asListed<T extends { id: string }>(
  collection: Collection<T>,
  index: LaggingIndex<T>,
  cutoff: number,
): Collection<T> {
  return new Proxy(collection, {
    get(target, property) {
      if (property === 'newestFirst') return () => index.asOf(cutoff);
      if (property === 'seqOf') return (id: string) => index.seqOf(id, cutoff);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const isList = (route: RouteInfo) => route.method === 'GET' && route.resource !== undefined && route.id === undefined;

/** Lists lag `lagMs` behind the writes; `now` is a clock in milliseconds (injectable, so tests need not wait). */
export function laggingLists(lagMs: number = listLagMs, now: () => number = () => performance.now()): ServerModifier {
  return {
    handle(next: Handle): Handle {
      const indexes = new WeakMap<
        UserStore,
        { conversations: LaggingIndex<Conversation>; groups: LaggingIndex<Group> }
      >();
      return async (context, route) => {
        const { store } = context;
        let index = indexes.get(store);
        if (index === undefined)
          indexes.set(
            store,
            (index = { conversations: new LaggingIndex(store.conversations), groups: new LaggingIndex(store.groups) }),
          );
        if (!isList(route)) {
          try {
            return await next(context, route);
          } finally {
            index.conversations.note(now());
            index.groups.note(now());
          }
        }
        const cutoff = now() - lagMs;
        const listed: UserStore = {
          conversations: asListed(store.conversations, index.conversations, cutoff),
          groups: asListed(store.groups, index.groups, cutoff),
        };
        return next({ ...context, store: listed }, route);
      };
    },
  };
}
