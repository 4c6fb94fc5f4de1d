import type { Conversation } from '../../lib/api/resources.ts';
import { optionalBoolean, optionalString, optionalTimestampOrNull } from '../params/fields.ts';
import { acceptedText, storedText } from '../params/text-rules.ts';
import { ApiError, badRequest, created, notFound, ok } from '../respond.ts';
import type { UserStore } from '../store.ts';
import { newId } from '../ids.ts';
import type { ResourceRoutes } from './context.ts';
import { archivedAt, newConversation, withChanges } from './defaults.ts';
import { matchesArchived, matchesFlag, paginate } from './list.ts';
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
    const { filterFalse, defaultListScope } = ctx.choices;
    return ok(
      paginate(
        ctx.store.conversations,
        page,
        {
          key: JSON.stringify([muted, archived, pinned, groupId, filterFalse, defaultListScope]),
          keep: (c) =>
            matchesFlag(muted, c.is_muted, filterFalse) &&
            matchesArchived(archived, c.archived_at !== null, ctx.choices) &&
            matchesFlag(pinned, c.is_pinned, filterFalse) &&
            (groupId === undefined || c.group_id === groupId),
        },
        ctx.choices,
      ),
    );
  },

  async create(ctx) {
    const body = await ctx.body();
    const contactId = acceptedText(nonEmpty(optionalString(body, 'contact_id')), 'contact_id', ctx.choices);
    const groupId = acceptedText(nonEmpty(optionalString(body, 'group_id')), 'group_id', ctx.choices);
    const { store, choices } = ctx;
    if (groupId === undefined) {
      if (contactId === undefined) throw badRequest('Give contact_id or group_id (at least one, non-empty).');
      if (choices.contactConversationCreate === 'existing') {
        const known = store.conversations
          .newestFirst()
          .find(({ value }) => value.group_id === null && value.contact_id === contactId);
        if (known !== undefined) return ok(structuredClone(known.value));
      }
      const id = newId('conv', ctx.choices.ids);
      return created(store.conversations.insert(newConversation(id, ctx.now(), contactId, null)));
    }
    const group = store.groups.get(groupId);
    if (group === undefined) throw badRequest(`group_id names no group: ${JSON.stringify(groupId)}.`, 'group_id');
    // Both given (createWithBoth): a conversation of both, the group's alone, or neither.
    if (contactId !== undefined && choices.createWithBoth === 'refused')
      throw badRequest('Give contact_id or group_id, not both.', 'contact_id');
    const groupContact = choices.createWithBoth === 'group-only' ? undefined : contactId;
    // Each group has one conversation (spec §1): while it exists, "creating" it returns it.
    // (groupConversationCreate: or refuses, or makes a new one that takes the old one's place).
    const existing = store.conversations.get(group.conversation_id);
    if (existing !== undefined && choices.groupConversationCreate === 'existing') return ok(existing);
    if (existing !== undefined && choices.groupConversationCreate === 'refused') {
      const status = choices.groupConversationRefusal;
      throw new ApiError(
        status,
        status === 409 ? 'conflict' : 'invalid_request_error',
        `The group already has its conversation: ${JSON.stringify(existing.id)}.`,
        'group_id',
      );
    }
    const id = newId('conv', ctx.choices.ids);
    const conversation = store.conversations.insert(newConversation(id, ctx.now(), groupContact ?? null, group.id));
    store.groups.replace({ ...group, conversation_id: conversation.id });
    // Still one conversation per group: the new one replaces the old one.
    if (existing !== undefined) store.conversations.delete(existing.id);
    return created(conversation);
  },

  retrieve(ctx, id) {
    const conversation = find(ctx.store, id);
    if (ctx.choices.lastOpenedAt === 'never') return ok(conversation);
    // lastOpenedAt 'on-retrieve': reading a conversation is opening it.
    return ok(ctx.store.conversations.replace({ ...conversation, last_opened_at: ctx.now() }) ?? find(ctx.store, id));
  },

  async update(ctx, id) {
    find(ctx.store, id); // an unknown id is a 404 before the body is read
    const body = await ctx.body();
    const { choices } = ctx,
      current = find(ctx.store, id); // as it is now: another PUT may have landed while the body was read
    const next = withChanges(current, {
      pinned_message_id: storedText(
        acceptedText(optionalString(body, 'pinned_message_id'), 'pinned_message_id', choices),
        choices,
      ),
      is_pinned: optionalBoolean(body, 'is_pinned'),
      is_muted: optionalBoolean(body, 'is_muted'),
      archived_at: archivedAt(optionalTimestampOrNull(body, 'archived_at'), current.archived_at, choices),
      // lastActiveAt 'on-update': every PUT is activity.
      last_active_at: choices.lastActiveAt === 'on-update' ? ctx.now() : undefined,
    });
    // replace() misses when a concurrent DELETE won while the body was being read: then 404.
    return ok(ctx.store.conversations.replace(next) ?? find(ctx.store, id));
  },

  remove(ctx, id) {
    const conversation = find(ctx.store, id);
    // groupConversationDelete 'refused': a group's own conversation goes only with its group.
    const group = conversation.group_id === null ? undefined : ctx.store.groups.get(conversation.group_id);
    if (group?.conversation_id === id && ctx.choices.groupConversationDelete === 'refused') {
      throw new ApiError(
        409,
        'conflict',
        `Conversation ${JSON.stringify(id)} is group ${JSON.stringify(group.id)}'s: it is deleted with its group.`,
      );
    }
    ctx.store.conversations.delete(id);
    return ok({ id, deleted: true });
  },
};
