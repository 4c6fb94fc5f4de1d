// Ownership (§1, §2, §2.2, §4): answers that name records the suite did not create, to lure it
// into changing them. Each is run against a target holding the user's own (foreign) data; the suite
// must catch the fault and leave that data exactly as it was.
import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { UserStore } from '../store.ts';
import { defineFaults } from './fault.ts';
import { around, combine, isRecord, rewriteBody } from './helpers.ts';
import { spec } from './spec.ts';

/** What the suite makes carries its marker (README: names msgapi-<run>-…); anything else is the user's own. */
const marked = (text: unknown): boolean => typeof text === 'string' && text.startsWith('msgapi');

/** The user's one-to-one conversations that the suite did not make, oldest first. */
function foreignConversations(store: UserStore): Conversation[] {
  return [...store.conversations.newestFirst()]
    .reverse()
    .map((entry) => entry.value)
    .filter(
      (conversation) =>
        conversation.group_id === null &&
        typeof conversation.contact_id === 'string' &&
        !marked(conversation.contact_id),
    );
}

const foreignGroups = (store: UserStore): Group[] =>
  [...store.groups.newestFirst()]
    .reverse()
    .map((entry) => entry.value)
    .filter((group) => !marked(group.name));

/** Each of the suite's items of a list answer, replaced by one of the user's other records wearing its marker. */
function listsReturnForeign(resource: 'conversations' | 'groups') {
  return around(`${resource}.list`, async (context, route, next) => {
    const reply = await next(context, route);
    if (reply.status !== 200 || !isRecord(reply.body) || !Array.isArray(reply.body.data)) return reply;
    const others = resource === 'groups' ? foreignGroups(context.store) : foreignConversations(context.store);
    if (others.length === 0) return reply;
    let taken = 0;
    const data = reply.body.data.map((item: Record<string, unknown>) => {
      const mark = resource === 'groups' ? item.name : item.contact_id;
      if (!marked(mark)) return item;
      const other = structuredClone(others[taken++ % others.length]!) as unknown as Record<string, unknown>;
      return resource === 'groups' ? { ...other, name: mark } : { ...other, contact_id: mark };
    });
    return { ...reply, body: { ...reply.body, data } };
  });
}

export const ownershipFaults = defineFaults([
  {
    name: 'ownership.group-conversation-id-foreign',
    ...spec.conversationIdField,
    breaks:
      'a created group answers with the conversation_id of another, older conversation of the user (its own conversation is stored as usual)',
    lures: {},
    modifier: around('groups.create', async (context, route, next) => {
      const reply = await next(context, route);
      const foreign = foreignConversations(context.store)[0];
      if (reply.status !== 201 || !isRecord(reply.body) || foreign === undefined) return reply;
      return { ...reply, body: { ...reply.body, conversation_id: foreign.id } };
    }),
  },
  {
    name: 'ownership.list-returns-foreign',
    ...spec.listConversations,
    breaks:
      "lists answer with the user's other records in place of the suite's, each carrying the name or contact_id of the item it replaces",
    lures: {},
    modifier: combine(listsReturnForeign('conversations'), listsReturnForeign('groups')),
  },
  {
    name: 'ownership.group-id-reused',
    ...spec.groupIdField,
    breaks:
      'the answer to a group create names the id of another, older group of the user (the new group is stored under its own id)',
    lures: {
      leaves: "the new group is not the suite's to delete by the id the answer gave, so the server's new groups stay",
    },
    modifier: around('groups.create', async (context, route, next) => {
      const foreign = foreignGroups(context.store)[0];
      const reply = await next(context, route);
      if (reply.status !== 201 || !isRecord(reply.body) || foreign === undefined) return reply;
      return { ...reply, body: { ...reply.body, id: foreign.id } };
    }),
  },
  {
    name: 'ownership.create-answer-fails-schema',
    ...spec.integerTimestamps,
    breaks:
      'the answer to a create has created_at as a string (conversations) or no created_at at all (groups); the record is stored as usual',
    lures: {},
    modifier: rewriteBody(['conversations.create', 'groups.create'], (body, route) => {
      if (!isRecord(body)) return body;
      if (route.resource === 'groups') {
        const { created_at: _dropped, ...rest } = body;
        return rest;
      }
      return { ...body, created_at: String(body.created_at) };
    }),
  },
]);
