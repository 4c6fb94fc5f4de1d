import type { Conversation } from '../../src/api/resources.ts';
import { optionalBoolean, optionalString, optionalTimestampOrNull } from '../params/fields.ts';
import { badRequest, created, notFound, ok } from '../respond.ts';
import type { UserStore } from '../store.ts';
import { newId } from '../ids.ts';
import type { ResourceRoutes } from './context.ts';
import { newConversation, withChanges } from './defaults.ts';
import { matchesFlag, paginate } from './list.ts';
import { readPageRequest } from './page-request.ts';

function find(store: UserStore, id: string): Conversation {
  const conversation = store.conversations.get(id);
  if (conversation === undefined) throw notFound(`No such conversation: ${JSON.stringify(id)}.`);
  return conversation;
}

/** An empty id is no id: "at least one of them must be given" (spec §4.1) means a usable one. */
function nonEmpty(value: string | undefined): string | undefined {
  return value === '' ? undefined : value;
}

export const conversationRoutes: ResourceRoutes = {
  list(ctx) {
    const query = ctx.query();
    const page = readPageRequest(query, ctx.choices);
    const muted = optionalBoolean(query, 'muted');
    const archived = optionalBoolean(query, 'archived');
    const pinned = optionalBoolean(query, 'pinned');
    const groupId = optionalString(query, 'group_id');
    return ok(paginate(ctx.store.conversations, page, (c) =>
      matchesFlag(muted, c.is_muted) &&
      matchesFlag(archived, c.archived_at !== null) &&
      matchesFlag(pinned, c.is_pinned) &&
      (groupId === undefined || c.group_id === groupId), ctx.choices));
  },

  async create(ctx) {
    const body = await ctx.body();
    const contactId = nonEmpty(optionalString(body, 'contact_id'));
    const groupId = nonEmpty(optionalString(body, 'group_id'));
    const { store } = ctx;
    if (groupId === undefined) {
      if (contactId === undefined) throw badRequest('Give contact_id or group_id (at least one, non-empty).');
      const id = newId('conv', ctx.choices.ids);
      return created(store.conversations.insert(newConversation(id, ctx.now(), contactId, null)));
    }
    const group = store.groups.get(groupId);
    if (group === undefined) throw badRequest(`group_id names no group: ${JSON.stringify(groupId)}.`, 'group_id');
    // Each group has one conversation (spec §1): while it exists, "creating" it returns it.
    const existing = store.conversations.get(group.conversation_id);
    if (existing !== undefined) return ok(existing);
    const id = newId('conv', ctx.choices.ids);
    const conversation = store.conversations.insert(newConversation(id, ctx.now(), contactId ?? null, group.id));
    store.groups.replace({ ...group, conversation_id: conversation.id });
    return created(conversation);
  },

  retrieve(ctx, id) {
    return ok(find(ctx.store, id));
  },

  async update(ctx, id) {
    const current = find(ctx.store, id);
    const body = await ctx.body();
    const next = withChanges(current, {
      pinned_message_id: optionalString(body, 'pinned_message_id'),
      is_pinned: optionalBoolean(body, 'is_pinned'),
      is_muted: optionalBoolean(body, 'is_muted'),
      archived_at: optionalTimestampOrNull(body, 'archived_at'),
    });
    // replace() misses when a concurrent DELETE won while the body was being read: then 404.
    return ok(ctx.store.conversations.replace(next) ?? find(ctx.store, id));
  },

  remove(ctx, id) {
    find(ctx.store, id);
    ctx.store.conversations.delete(id);
    return ok({ id, deleted: true });
  },
};
