// Archiving and deleting (§3, §4.1, §4.2): archived_at ignored or another time stored, a delete
// that removes nothing or only hides the item, and the group's conversation left behind.
import { defineFaults } from './fault.ts';
import { around, dropParam, encodeParam, mapParams, type Resource } from './helpers.ts';
import { spec } from './spec.ts';
import { ApiError } from '../respond.ts';
import { deleteHidesFromGetOnly, withStore } from './stores.ts';

/** A timestamp the handler would accept (not null, not the empty text that restores). */
const isTimestamp = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
  (typeof value === 'string' && /^\d+$/.test(value));

/**
 * A DELETE of an archived record answers 409 and removes nothing (§3: DELETE removes one in "any"
 * state); an active one is deleted as usual. Issue 24: a run must restore its archived records
 * (PUT archived_at=null) to remove them from such a target.
 */
function archivedNotDeleted(resource: Resource) {
  return around(`${resource}.delete`, (context, route, next) => {
    const stored = route.id === undefined ? undefined : context.store[resource].get(route.id);
    if (stored === undefined || stored.archived_at === null) return next(context, route);
    return Promise.resolve(
      new ApiError(
        409,
        'conflict',
        `An archived ${resource === 'groups' ? 'group' : 'conversation'} cannot be deleted.`,
      ).toReply(),
    );
  });
}

/** A DELETE that answers as if it had deleted, and removes nothing (for a group, nor its conversation). */
function deleteRemovesNothing(resource: Resource) {
  const keep = { delete: () => true };
  return withStore(`${resource}.delete`, () =>
    resource === 'groups' ? { groups: keep, conversations: keep } : { conversations: keep },
  );
}

export const archiveDeleteFaults = defineFaults([
  {
    name: 'conversations.archive.ignored',
    ...spec.archivedAtParam,
    breaks: 'PUT /v1/conversations/:id ignores archived_at: the conversation stays active',
    modifier: dropParam('conversations.update', 'archived_at'),
  },
  {
    name: 'conversations.archive.stores-request-time',
    ...spec.archiveConversation,
    breaks: 'PUT /v1/conversations/:id with archived_at stores the time of the request instead of the timestamp given',
    modifier: around('conversations.update', (context, route, next) =>
      next(
        {
          ...context,
          body: async () => {
            const source = await context.body();
            if (!isTimestamp(source.values.archived_at)) return source;
            return {
              encoding: source.encoding,
              values: { ...source.values, archived_at: encodeParam(context.now(), source.encoding) },
            };
          },
        },
        route,
      ),
    ),
  },
  {
    name: 'groups.archive.ignored',
    ...spec.archiveGroup,
    breaks: 'PUT /v1/groups/:id ignores archived_at: the group stays active',
    modifier: dropParam('groups.update', 'archived_at'),
  },
  {
    name: 'groups.archive.stores-milliseconds',
    ...spec.archiveGroup,
    breaks: 'PUT /v1/groups/:id with archived_at=t stores t × 1000 (read as seconds, stored as milliseconds)',
    modifier: mapParams('groups.update', (values, encoding) =>
      isTimestamp(values.archived_at)
        ? { ...values, archived_at: encodeParam(Number(values.archived_at) * 1000, encoding) }
        : values,
    ),
  },
  {
    name: 'conversations.delete.not-deleted',
    ...spec.deleteConversation,
    breaks: 'DELETE /v1/conversations/:id answers as deleted but removes nothing',
    modifier: deleteRemovesNothing('conversations'),
  },
  {
    name: 'conversations.delete.still-listed',
    ...spec.removeConversation,
    breaks: 'a deleted conversation can no longer be retrieved, but is still listed',
    modifier: deleteHidesFromGetOnly('conversations'),
  },
  {
    name: 'groups.delete.not-deleted',
    ...spec.deleteGroup,
    breaks: 'DELETE /v1/groups/:id answers as deleted but removes nothing, neither the group nor its conversation',
    modifier: deleteRemovesNothing('groups'),
  },
  {
    name: 'groups.delete.still-listed',
    ...spec.removeGroup,
    breaks: 'a deleted group can no longer be retrieved, but is still listed',
    modifier: deleteHidesFromGetOnly('groups'),
  },
  {
    name: 'conversations.delete.archived-refused',
    ...spec.removeConversation,
    breaks: 'DELETE /v1/conversations/:id of an archived conversation answers 409 and removes nothing',
    modifier: archivedNotDeleted('conversations'),
  },
  {
    name: 'groups.delete.archived-refused',
    ...spec.removeGroup,
    breaks:
      'DELETE /v1/groups/:id of an archived group answers 409 and removes nothing, neither the group nor its conversation',
    modifier: archivedNotDeleted('groups'),
  },
  {
    name: 'groups.delete.no-cascade',
    ...spec.removeGroup,
    breaks:
      'DELETE /v1/groups/:id removes the group but leaves its conversation, on a server that declares GROUP_DELETE_CONVERSATION=removed (kept is a reading of its own: group-delete-conversation:kept)',
    modifier: withStore('groups.delete', () => ({ conversations: { delete: () => true } })),
    declares: { GROUP_DELETE_CONVERSATION: 'removed' },
  },
]);
