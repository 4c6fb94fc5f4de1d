// Updates (§4.1, §4.2): each updatable field ignored, a partial update resetting a field it did not
// name, and the answer not being the updated object.
import type { Collection } from '../store.ts';
import { defineFaults } from './fault.ts';
import { around, dropParam, meetingPlace, mapParams, readBoolean, type ObjectOf, type Resource } from './helpers.ts';
import { spec } from './spec.ts';
import { interceptStore } from './stores.ts';

/**
 * A PUT that does not name `field` stores it as `value` anyway: the clean handler keeps it, and
 * the store's replace puts the reset in. Whether the field was given is seen as the body is read.
 */
function resetsWhenNotGiven<R extends Resource, F extends keyof ObjectOf[R] & string>(
  resource: R,
  field: F,
  value: ObjectOf[R][F],
) {
  return around(`${resource}.update`, (context, route, next) => {
    let given = false;
    const body = async () => {
      const source = await context.body();
      given = Object.hasOwn(source.values, field);
      return source;
    };
    const collection = context.store[resource] as unknown as Collection<ObjectOf[R]>;
    const store = interceptStore(context.store, {
      [resource]: {
        replace: (changed: ObjectOf[R]) => collection.replace(given ? changed : { ...changed, [field]: value }),
      },
    });
    return next({ ...context, body, store }, route);
  });
}

/** The PUT changes the object, but answers with the object as it was before. */
function answersWithPrevious(resource: Resource) {
  return around(`${resource}.update`, async (context, route, next) => {
    const before = route.id === undefined ? undefined : context.store[resource].get(route.id);
    const reply = await next(context, route);
    return before === undefined || reply.status !== 200 ? reply : { ...reply, body: before };
  });
}

/**
 * The object a PUT merges its fields into is the one read when the request arrived, not the one
 * there once it writes: of two PUTs at once, the second to write undoes the first (a lost update,
 * as a read-modify-write without a lock or a version gives). A PUT waits for another to the same
 * object, at most 100 ms, as a database round trip between the read and the write would.
 */
function mergesIntoStaleCopy(resource: Resource) {
  const meetAnother = meetingPlace(100);
  return around(`${resource}.update`, async (context, route, next) => {
    const collection = context.store[resource] as unknown as Collection<ObjectOf[typeof resource]>;
    const stale = route.id === undefined ? undefined : collection.get(route.id);
    if (route.id === undefined || stale === undefined) return next(context, route);
    await meetAnother(route.id);
    const get = (id: string) => (id === route.id && collection.get(id) !== undefined ? stale : collection.get(id));
    return next({ ...context, store: interceptStore(context.store, { [resource]: { get } }) }, route);
  });
}

export const updateFaults = defineFaults([
  {
    name: 'conversations.update.lost-update',
    ...spec.conversationFieldsUnchanged,
    breaks:
      'PUT /v1/conversations/:id merges its fields into the conversation as it was when the request arrived: of PUTs sent at once, the last to land undoes the others',
    detectedBy: ['conversations.concurrent.updates-kept'],
    modifier: mergesIntoStaleCopy('conversations'),
  },
  {
    name: 'groups.update.lost-update',
    ...spec.groupFieldsUnchanged,
    breaks:
      'PUT /v1/groups/:id merges its fields into the group as it was when the request arrived: of PUTs sent at once, the last to land undoes the others',
    detectedBy: ['groups.concurrent.updates-kept'],
    modifier: mergesIntoStaleCopy('groups'),
  },
  {
    name: 'conversations.update.pinned-message-id-ignored',
    ...spec.pinnedMessageIdParam,
    breaks: 'PUT /v1/conversations/:id ignores pinned_message_id',
    modifier: dropParam('conversations.update', 'pinned_message_id'),
  },
  {
    name: 'conversations.update.is-pinned-ignored',
    ...spec.isPinnedParam,
    breaks: 'PUT /v1/conversations/:id ignores is_pinned',
    modifier: dropParam('conversations.update', 'is_pinned'),
  },
  {
    name: 'conversations.update.unpin-ignored',
    ...spec.isPinnedParam,
    breaks: 'is_pinned=true pins, but is_pinned=false is ignored: a pinned conversation cannot be unpinned',
    modifier: mapParams('conversations.update', (values, encoding) => {
      if (readBoolean(values.is_pinned, encoding) === false) delete values.is_pinned;
      return values;
    }),
  },
  {
    name: 'conversations.update.is-muted-ignored',
    ...spec.isMutedParam,
    breaks: 'PUT /v1/conversations/:id ignores is_muted',
    modifier: dropParam('conversations.update', 'is_muted'),
  },
  {
    name: 'conversations.update.resets-is-muted',
    ...spec.conversationFieldsUnchanged,
    breaks: 'a PUT that does not name is_muted unmutes the conversation',
    modifier: resetsWhenNotGiven('conversations', 'is_muted', false),
  },
  {
    name: 'conversations.update.resets-pinned-message-id',
    ...spec.conversationFieldsUnchanged,
    breaks: 'a PUT that does not name pinned_message_id sets it to null',
    modifier: resetsWhenNotGiven('conversations', 'pinned_message_id', null),
  },
  {
    name: 'conversations.update.returns-previous-object',
    ...spec.updatedConversation,
    breaks: 'PUT /v1/conversations/:id stores the change but answers with the conversation as it was before',
    modifier: answersWithPrevious('conversations'),
  },
  {
    name: 'groups.update.name-ignored',
    ...spec.updateGroup,
    breaks: 'PUT /v1/groups/:id ignores name',
    modifier: dropParam('groups.update', 'name'),
  },
  {
    name: 'groups.update.description-ignored',
    ...spec.updateGroup,
    breaks: 'PUT /v1/groups/:id ignores description',
    modifier: dropParam('groups.update', 'description'),
  },
  {
    name: 'groups.update.avatar-url-ignored',
    ...spec.updateGroup,
    breaks: 'PUT /v1/groups/:id ignores avatar_url',
    modifier: dropParam('groups.update', 'avatar_url'),
  },
  {
    name: 'groups.update.contacts-ignored',
    ...spec.updateGroup,
    breaks: 'PUT /v1/groups/:id ignores contacts: members can be neither added nor removed',
    modifier: dropParam('groups.update', 'contacts'),
  },
  {
    name: 'groups.update.resets-contacts',
    ...spec.groupFieldsUnchanged,
    breaks: 'a PUT that does not name contacts removes every member',
    modifier: resetsWhenNotGiven('groups', 'contacts', []),
  },
  {
    name: 'groups.update.resets-description',
    ...spec.groupFieldsUnchanged,
    breaks: 'a PUT that does not name description sets it to null',
    modifier: resetsWhenNotGiven('groups', 'description', null),
  },
  {
    name: 'groups.update.returns-previous-object',
    ...spec.updatedGroup,
    breaks: 'PUT /v1/groups/:id stores the change but answers with the group as it was before',
    modifier: answersWithPrevious('groups'),
  },
]);
