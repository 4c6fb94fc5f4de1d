// List filters (§4.1, §4.2): each filter ignored, inverted, or letting other items through.
import { defineFaults } from './fault.ts';
import { around, dropParam, mapParams, type Endpoint } from './helpers.ts';
import { spec } from './spec.ts';
import { interceptStore } from './stores.ts';

/** filter=true reads as filter=false and the other way round (a list's query is always text). */
function inverted(endpoint: Endpoint, name: string) {
  return mapParams(endpoint, (values) => {
    const value = values[name];
    if (value === 'true' || value === 'false') values[name] = value === 'true' ? 'false' : 'true';
    return values;
  });
}

export const filterFaults = defineFaults([
  {
    name: 'conversations.list.muted-filter-ignored',
    ...spec.mutedFilter,
    breaks: 'muted=true is ignored: unmuted conversations are listed too',
    modifier: dropParam('conversations.list', 'muted'),
  },
  {
    name: 'conversations.list.muted-filter-inverted',
    ...spec.mutedFilter,
    breaks: 'muted=true lists only the conversations that are not muted',
    modifier: inverted('conversations.list', 'muted'),
  },
  {
    name: 'conversations.list.pinned-filter-ignored',
    ...spec.pinnedFilter,
    breaks: 'pinned=true is ignored: unpinned conversations are listed too',
    modifier: dropParam('conversations.list', 'pinned'),
  },
  {
    name: 'conversations.list.pinned-filter-inverted',
    ...spec.pinnedFilter,
    breaks: 'pinned=true lists only the conversations that are not pinned',
    modifier: inverted('conversations.list', 'pinned'),
  },
  {
    name: 'conversations.list.archived-filter-ignored',
    ...spec.archivedConversationsFilter,
    breaks: 'archived=true is ignored on the conversation list: active conversations are listed too',
    modifier: dropParam('conversations.list', 'archived'),
  },
  {
    name: 'conversations.list.archived-filter-inverted',
    ...spec.archivedConversationsFilter,
    breaks: 'archived=true lists only the conversations that are not archived',
    modifier: inverted('conversations.list', 'archived'),
  },
  {
    name: 'conversations.list.group-id-filter-ignored',
    ...spec.groupIdFilter,
    breaks:
      'group_id is ignored on the conversation list: conversations of other groups and one-to-one ones are listed too',
    modifier: dropParam('conversations.list', 'group_id'),
  },
  {
    name: 'conversations.list.group-id-filter-leaks-one-to-one',
    ...spec.groupIdFilter,
    breaks: 'group_id=G lists the conversations of G and also every one-to-one conversation (group_id null)',
    // The list is narrowed in the store instead of by the handler's filter, so pages stay exact.
    modifier: around('conversations.list', (context, route, next) => {
      const wanted = context.query().values.group_id;
      if (typeof wanted !== 'string') return next(context, route);
      const { conversations } = context.store;
      const store = interceptStore(context.store, {
        conversations: {
          newestFirst: () =>
            conversations.newestFirst().filter(({ value }) => value.group_id === wanted || value.group_id === null),
        },
      });
      const { group_id: _narrowedInStore, ...rest } = context.query().values;
      return next({ ...context, store, query: () => ({ encoding: 'text', values: rest }) }, route);
    }),
  },
  {
    name: 'groups.list.archived-filter-ignored',
    ...spec.archivedGroupsFilter,
    breaks: 'archived=true is ignored on the group list: active groups are listed too',
    modifier: dropParam('groups.list', 'archived'),
  },
  {
    name: 'groups.list.archived-filter-inverted',
    ...spec.archivedGroupsFilter,
    breaks: 'archived=true lists only the groups that are not archived',
    modifier: inverted('groups.list', 'archived'),
  },
]);
