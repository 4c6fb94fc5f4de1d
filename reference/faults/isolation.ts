// One user's data reached by another (§1, §5): each fault opens one operation of one resource to
// the other users' stores, which the authenticate seam makes known (stores.ts).
import { defineFaults } from './fault.ts';
import { around, combine, type ObjectOf, type Resource } from './helpers.ts';
import { ok } from '../respond.ts';
import { spec } from './spec.ts';
import { otherStores, rememberAllStores, withStore, type Overrides } from './stores.ts';
import type { Collection, Entry, UserStore } from '../store.ts';

const collectionOf = <R extends Resource>(store: UserStore, resource: R) =>
  store[resource] as unknown as Collection<ObjectOf[R]>;

/** get() falls back to the other users' collections of the resource. */
function getFromAnyone<R extends Resource>(store: UserStore, resource: R): (id: string) => ObjectOf[R] | undefined {
  return (id) =>
    [store, ...otherStores(store)]
      .map((each) => collectionOf(each, resource).get(id))
      .find((found) => found !== undefined);
}

/** The store of whichever user holds the item. */
function holderOf(store: UserStore, resource: Resource, id: string): UserStore | undefined {
  return [store, ...otherStores(store)].find((each) => each[resource].get(id) !== undefined);
}

const groupsOfEveryone = (store: UserStore): Overrides<ObjectOf['groups']> => ({
  // Sequence numbers are per user; mixed, the lists of all users interleave.
  newestFirst: () =>
    [store, ...otherStores(store)]
      .flatMap((each): Array<Entry<ObjectOf['groups']>> => [...each.groups.newestFirst()])
      .sort((a, b) => b.seq - a.seq),
  seqOf: (id) => holderOf(store, 'groups', id)?.groups.seqOf(id),
});

export const isolationFaults = defineFaults([
  {
    name: 'isolation.conversations.retrieve-other-users',
    ...spec.conversationOfUser,
    breaks: "GET /v1/conversations/:id returns another user's conversation when given its id",
    modifier: combine(
      rememberAllStores,
      withStore('conversations.retrieve', (store) => ({
        conversations: { get: getFromAnyone(store, 'conversations') },
      })),
    ),
  },
  {
    name: 'isolation.conversations.delete-other-users',
    ...spec.conversationOfUser,
    breaks: "DELETE /v1/conversations/:id deletes another user's conversation when given its id",
    modifier: combine(
      rememberAllStores,
      withStore('conversations.delete', (store) => ({
        conversations: {
          get: getFromAnyone(store, 'conversations'),
          delete: (id) => holderOf(store, 'conversations', id)?.conversations.delete(id) ?? false,
        },
      })),
    ),
  },
  {
    name: 'isolation.groups.delete-tells-other-users',
    ...spec.conversationOfUser,
    breaks:
      "DELETE /v1/groups/:id of another user's group answers 200 as done (deleting nothing), while an id nobody holds gets 404: the answer tells which ids exist",
    modifier: combine(
      rememberAllStores,
      around('groups.delete', (context, route, next) =>
        route.id !== undefined &&
        context.store.groups.get(route.id) === undefined &&
        holderOf(context.store, 'groups', route.id) !== undefined
          ? Promise.resolve(ok({ id: route.id, deleted: true }))
          : next(context, route),
      ),
    ),
    detectedBy: ['isolation.delete.other-user'],
  },
  {
    name: 'isolation.groups.update-other-users',
    ...spec.bearerToken,
    breaks: "PUT /v1/groups/:id changes another user's group when given its id",
    modifier: combine(
      rememberAllStores,
      withStore('groups.update', (store) => ({
        groups: {
          get: getFromAnyone(store, 'groups'),
          replace: (value) => holderOf(store, 'groups', value.id)?.groups.replace(value),
        },
      })),
    ),
  },
  {
    name: 'isolation.groups.list-other-users',
    ...spec.bearerToken,
    breaks: "GET /v1/groups lists the groups of every user, not only the authenticated user's",
    modifier: combine(
      rememberAllStores,
      withStore('groups.list', (store) => ({ groups: groupsOfEveryone(store) })),
    ),
  },
]);
