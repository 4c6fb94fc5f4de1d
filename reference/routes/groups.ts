import type { Contact, Group } from '../../lib/api/resources.ts';
import type { ReferenceChoices } from '../choices.ts';
import {
  optionalBoolean,
  optionalContacts,
  optionalNonEmptyString,
  optionalString,
  optionalTimestampOrNull,
  requiredNonEmptyString,
} from '../params/fields.ts';
import { acceptedText, keptMembers, sortedMembers, storedText } from '../params/text-rules.ts';
import { created, notFound, ok } from '../respond.ts';
import type { UserStore } from '../store.ts';
import { newId } from '../ids.ts';
import type { ResourceRoutes } from './context.ts';
import { archivedAt, mergeContacts, newConversation, newGroup, withChanges } from './defaults.ts';
import { matchesArchived, paginate } from './list.ts';
import { readPageRequest } from './page-request.ts';

function find(store: UserStore, id: string): Group {
  const group = store.groups.get(id);
  if (group === undefined) throw notFound(`No such group: ${JSON.stringify(id)}.`);
  return group;
}

/**
 * contacts replaces the member list by default: removing a member is then just sending the list
 * without it. Under 'merge' it adds to the members (and nothing can be removed through PUT).
 */
function newMembers(
  members: Contact[],
  given: Contact[] | undefined,
  choices: Pick<ReferenceChoices, 'groupContacts' | 'memberOrder'>,
): Contact[] | undefined {
  if (given === undefined || choices.groupContacts === 'replace') return given;
  const merged = mergeContacts(members, given);
  return choices.memberOrder === 'by-username' ? sortedMembers(merged) : merged;
}

export const groupRoutes: ResourceRoutes = {
  list(ctx) {
    const query = ctx.query();
    const page = readPageRequest(query, ctx.choices);
    const archived = optionalBoolean(query, 'archived');
    const { filterFalse, defaultListScope } = ctx.choices;
    return ok(
      paginate(
        ctx.store.groups,
        page,
        {
          key: JSON.stringify([archived, filterFalse, defaultListScope]),
          keep: (g) => matchesArchived(archived, g.archived_at !== null, ctx.choices),
        },
        ctx.choices,
      ),
    );
  },

  async create(ctx) {
    const body = await ctx.body();
    const { choices } = ctx;
    const fields = {
      name: acceptedText(requiredNonEmptyString(body, 'name'), 'name', choices),
      description: storedText(acceptedText(optionalString(body, 'description'), 'description', choices), choices),
      avatar_url: storedText(acceptedText(optionalString(body, 'avatar_url'), 'avatar_url', choices, 'url'), choices),
      contacts: keptMembers(optionalContacts(body, 'contacts'), 'contacts', choices),
    };
    // "Each group has one conversation" (spec §1), so it is born with the group.
    const now = ctx.now();
    const groupId = newId('grp', ctx.choices.ids);
    const conversationId = newId('conv', ctx.choices.ids);
    const conversation = ctx.store.conversations.insert(newConversation(conversationId, now, null, groupId));
    return created(ctx.store.groups.insert(newGroup(groupId, now, conversation.id, fields)));
  },

  retrieve(ctx, id) {
    return ok(find(ctx.store, id));
  },

  async update(ctx, id) {
    find(ctx.store, id); // an unknown id is a 404 before the body is read
    const body = await ctx.body();
    const { choices } = ctx,
      current = find(ctx.store, id); // as it is now: another PUT may have landed while the body was read
    const next = withChanges(current, {
      name: acceptedText(optionalNonEmptyString(body, 'name'), 'name', choices),
      description: storedText(acceptedText(optionalString(body, 'description'), 'description', choices), choices),
      avatar_url: storedText(acceptedText(optionalString(body, 'avatar_url'), 'avatar_url', choices, 'url'), choices),
      contacts: newMembers(
        current.contacts,
        keptMembers(optionalContacts(body, 'contacts'), 'contacts', choices),
        choices,
      ),
      archived_at: archivedAt(optionalTimestampOrNull(body, 'archived_at'), current.archived_at, choices),
    });
    // replace() misses when a concurrent DELETE won while the body was being read: then 404.
    return ok(ctx.store.groups.replace(next) ?? find(ctx.store, id));
  },

  remove(ctx, id) {
    const group = find(ctx.store, id);
    ctx.store.groups.delete(id);
    // Spec §3: the group is removed "including its messages", which live in its conversation
    // (groupDeleteConversation: or the conversation stays, still naming the group).
    if (ctx.choices.groupDeleteConversation === 'removed') ctx.store.conversations.delete(group.conversation_id);
    return ok({ id, deleted: true });
  },
};
