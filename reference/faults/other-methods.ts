// Methods and paths the API does not have (§3: PUT and DELETE are the only triggers of a change;
// HTTP makes HEAD, OPTIONS and GET safe): a router that sends them to a handler that writes, a
// label that is not the body's, a crash on a path nobody routes. The first two were mutants of
// the reference server's router that the suite let live (issue 23's audit).
import { defineFaults } from './fault.ts';
import { endpointOf, isRecord } from './helpers.ts';
import { spec } from './spec.ts';

export const otherMethodFaults = defineFaults([
  {
    name: 'groups.other-methods.head-deletes',
    ...spec.removeGroup,
    breaks:
      'HEAD, OPTIONS or POST on /v1/groups/:id deletes the group (and its conversation), then answers 405 as the clean server does',
    detectedBy: ['groups.other-methods.change-nothing'],
    modifier: {
      handle: (next) => (context, route) => {
        if (
          route.resource === 'groups' &&
          route.id !== undefined &&
          ['HEAD', 'OPTIONS', 'POST'].includes(route.method)
        ) {
          const group = context.store.groups.get(route.id);
          if (group !== undefined) {
            context.store.groups.delete(group.id);
            context.store.conversations.delete(group.conversation_id);
          }
        }
        return next(context, route);
      },
    },
  },
  {
    name: 'conversations.other-methods.patch-archives',
    ...spec.archiveConversation,
    breaks:
      'PATCH /v1/conversations/:id, which the API does not have, archives the conversation (archived_at set to now), then answers 405',
    detectedBy: ['conversations.other-methods.change-nothing'],
    modifier: {
      handle: (next) => (context, route) => {
        if (route.resource === 'conversations' && route.id !== undefined && route.method === 'PATCH') {
          const conversation = context.store.conversations.get(route.id);
          if (conversation !== undefined)
            context.store.conversations.replace({ ...conversation, archived_at: context.now() });
        }
        return next(context, route);
      },
    },
  },
  {
    name: 'groups.unknown-path.500',
    ...spec.listGroups,
    breaks:
      "a path beside the API's (/v1/groups/:id/extra, /v1/groups/extra/...) crashes the router: 500 instead of a 404",
    modifier: {
      handle: (next) => (context, route) => {
        if (route.pathname.startsWith('/v1/groups/') && route.pathname.split('/').length > 4)
          throw new Error('no route for a nested path');
        return next(context, route);
      },
    },
  },
  {
    name: 'conversations.list.labelled-html',
    ...spec.nullWithoutValue,
    breaks: 'GET /v1/conversations answers its JSON page labelled Content-Type: text/html',
    modifier: {
      reply: (reply, route) => {
        if (endpointOf(route) !== 'conversations.list' || reply.status !== 200 || !isRecord(reply.body)) return reply;
        return {
          status: reply.status,
          body: undefined,
          text: JSON.stringify(reply.body),
          headers: { ...reply.headers, 'Content-Type': 'text/html; charset=utf-8' },
        };
      },
    },
  },
]);
