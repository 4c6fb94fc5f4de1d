// Another user's ids in every place an id can go: path, body, query (§1, §5).
// Each fault is one code path that looks an id up without the owner (a query without
// "AND user_id = ?", a second lookup for archiving or members, an id read from the body): the
// authenticate seam makes every user's store known (stores.ts), and the store handed to that one
// handler reaches into the others'.
import type { Handle, RouteInfo, ServerModifier } from '../modifiers.ts';
import type { ParamSource } from '../params/source.ts';
import type { RequestContext } from '../routes/context.ts';
import type { Collection, Entry, UserStore } from '../store.ts';
import { defineFaults } from './fault.ts';
import { around, combine, type Endpoint, type ObjectOf, type Resource } from './helpers.ts';
import { spec } from './spec.ts';
import {
  interceptStore,
  otherStores,
  rememberAllStores,
  withStore,
  type Overrides,
  type StoreOverrides,
} from './stores.ts';

const collectionOf = <R extends Resource>(store: UserStore, resource: R) =>
  store[resource] as unknown as Collection<ObjectOf[R]>;
const everyone = (store: UserStore): readonly UserStore[] => [store, ...otherStores(store)];

/** The store of whichever user holds the item: the caller's first. */
const holderOf = (store: UserStore, resource: Resource, id: string): UserStore | undefined =>
  everyone(store).find((each) => each[resource].get(id) !== undefined);

/** get() and replace() of a resource that find the item in whichever user's store holds it. */
function reachingEveryone<R extends Resource>(
  store: UserStore,
  resource: R,
): Required<Pick<Overrides<ObjectOf[R]>, 'get' | 'replace'>> {
  return {
    get: (id) => {
      const holder = holderOf(store, resource, id);
      return holder === undefined ? undefined : collectionOf(holder, resource).get(id);
    },
    replace: (value) => {
      const holder = holderOf(store, resource, value.id);
      return holder === undefined ? undefined : collectionOf(holder, resource).replace(value);
    },
  };
}

/** The body is read once, here, and handed on: the handler reads the same parameters. */
async function withBodyRead(context: RequestContext): Promise<{ context: RequestContext; body: ParamSource }> {
  const body = await context.body();
  return { context: { ...context, body: async () => body }, body };
}

/**
 * PUT of one resource: when `unscoped(body)` holds, the handler is given a store whose get and
 * replace reach every user's items of the resource (a second code path with its own lookup).
 */
function updateUnscopedWhen(
  resource: Resource,
  unscoped: (values: Readonly<Record<string, unknown>>) => boolean,
): ServerModifier {
  return combine(
    rememberAllStores,
    around(`${resource}.update`, async (context, route, next) => {
      const read = await withBodyRead(context);
      if (!unscoped(read.body.values)) return next(read.context, route);
      const overrides = { [resource]: reachingEveryone(context.store, resource) } as StoreOverrides;
      return next({ ...read.context, store: interceptStore(context.store, overrides) }, route);
    }),
  );
}

/**
 * PUT of one resource checks that the path's id is the caller's, then updates the object the body's
 * id names (`const id = body.id ?? params.id`), whoever's it is.
 */
function updateTakesIdFromBody(resource: Resource): ServerModifier {
  const update: Endpoint = `${resource}.update`;
  return combine(
    rememberAllStores,
    around(update, async (context, route, next: Handle) => {
      const read = await withBodyRead(context);
      const bodyId = read.body.values.id;
      if (
        typeof bodyId !== 'string' ||
        bodyId === route.id ||
        route.id === undefined ||
        context.store[resource].get(route.id) === undefined
      ) {
        return next(read.context, route);
      }
      const overrides = { [resource]: reachingEveryone(context.store, resource) } as StoreOverrides;
      const redirected: RouteInfo = { ...route, id: bodyId, pathname: `/v1/${resource}/${encodeURIComponent(bodyId)}` };
      return next({ ...read.context, store: interceptStore(context.store, overrides) }, redirected);
    }),
  );
}

/** GET /v1/conversations?group_id=: the filter reads every user's conversations; the plain list stays the caller's. */
const groupFilterOfEveryone = combine(
  rememberAllStores,
  withStore('conversations.list', (store, context): StoreOverrides => {
    if (context.query().values.group_id === undefined) return {};
    return {
      conversations: {
        // Sequence numbers are per user; mixed, the lists of all users interleave.
        newestFirst: () =>
          everyone(store)
            .flatMap((each): Array<Entry<ObjectOf['conversations']>> => [...each.conversations.newestFirst()])
            .sort((a, b) => b.seq - a.seq),
        seqOf: (id) => holderOf(store, 'conversations', id)?.conversations.seqOf(id),
      },
    };
  }),
);

/**
 * POST /v1/conversations looks the group of group_id up among every user's groups (and, with
 * `conversationsToo`, the group's conversation among every user's conversations).
 */
const createFindsEveryonesGroup = (conversationsToo: boolean): ServerModifier =>
  combine(
    rememberAllStores,
    withStore('conversations.create', (store): StoreOverrides => ({
      groups: reachingEveryone(store, 'groups'),
      ...(conversationsToo ? { conversations: { get: reachingEveryone(store, 'conversations').get } } : {}),
    })),
  );

export const foreignIdFaults = defineFaults([
  {
    name: 'isolation.conversations.group-filter-unscoped',
    ...spec.conversationOfUser,
    breaks:
      "GET /v1/conversations?group_id= filters every user's conversations by the group (no \"AND user_id = ?\"): another user's group's conversation is listed",
    modifier: groupFilterOfEveryone,
    detectedBy: ['isolation.list.other-user'],
  },
  {
    name: 'isolation.conversations.create-foreign-group-answers-its-conversation',
    ...spec.conversationOfUser,
    breaks:
      "POST /v1/conversations with another user's group_id finds that group and answers with its conversation, as for one's own group",
    modifier: createFindsEveryonesGroup(true),
    detectedBy: ['isolation.foreign-ids.create-with-group-id'],
  },
  {
    name: 'isolation.conversations.create-foreign-group-takes-it-over',
    ...spec.conversationOfUser,
    breaks:
      "POST /v1/conversations with another user's group_id makes a conversation and sets it as that group's conversation_id",
    modifier: createFindsEveryonesGroup(false),
    detectedBy: ['isolation.foreign-ids.create-with-group-id'],
  },
  {
    name: 'isolation.conversations.archive-unscoped',
    ...spec.conversationOfUser,
    breaks:
      "PUT /v1/conversations/:id with archived_at goes through an archive lookup without the owner: another user's conversation is archived",
    modifier: updateUnscopedWhen('conversations', (values) => values.archived_at !== undefined),
    detectedBy: ['isolation.foreign-ids.update-each-field'],
  },
  {
    name: 'isolation.groups.members-unscoped',
    ...spec.bearerToken,
    breaks:
      "PUT /v1/groups/:id with contacts goes through a membership lookup without the owner: another user's group's members are changed",
    modifier: updateUnscopedWhen('groups', (values) => values.contacts !== undefined),
    detectedBy: ['isolation.foreign-ids.update-each-field'],
  },
  {
    name: 'isolation.conversations.update-id-from-body',
    ...spec.conversationOfUser,
    breaks:
      "PUT /v1/conversations/:id checks the path's id is the caller's, then updates the conversation an id in the body names, whoever's it is",
    modifier: updateTakesIdFromBody('conversations'),
    detectedBy: ['isolation.foreign-ids.id-in-body'],
  },
  {
    name: 'isolation.groups.update-id-from-body',
    ...spec.bearerToken,
    breaks:
      "PUT /v1/groups/:id checks the path's id is the caller's, then updates the group an id in the body names, whoever's it is",
    modifier: updateTakesIdFromBody('groups'),
    detectedBy: ['isolation.foreign-ids.id-in-body'],
  },
]);
