// State a server keys without the user (§5): a cache by id, a uniqueness by contact. Each user's
// requests, sent alone, are answered right; the same request of a second user, close after the
// first's, is answered from the first user's data.
import { defineFaults } from './fault.ts';
import { around, combine, readParams } from './helpers.ts';
import { ok, type Reply } from '../respond.ts';
import { spec } from './spec.ts';
import { otherStores, rememberAllStores } from './stores.ts';

/** How long a cached answer is served: long enough for the next request of a run, short enough to look harmless. */
const cachedForMs = 2_000;

/**
 * A cache of GET /v1/groups/:id answers by the group's id, as an application caches its reads:
 * dropped when that group is written (so each user alone sees every write at once), but not keyed
 * by the user who asked.
 */
function groupReadsCachedById() {
  const cache = new Map<string, { at: number; reply: Reply }>();
  const forget = around('groups.update', (context, route, next) => {
    if (route.id !== undefined) cache.delete(route.id);
    return next(context, route);
  });
  const forgetOnDelete = around('groups.delete', (context, route, next) => {
    if (route.id !== undefined) cache.delete(route.id);
    return next(context, route);
  });
  const served = around('groups.retrieve', async (context, route, next) => {
    const cached = route.id === undefined ? undefined : cache.get(route.id);
    if (cached !== undefined && Date.now() - cached.at < cachedForMs) return cached.reply;
    const reply = await next(context, route);
    if (route.id !== undefined && reply.status === 200) cache.set(route.id, { at: Date.now(), reply });
    return reply;
  });
  return combine(forget, forgetOnDelete, served);
}

export const keyedWithoutUserFaults = defineFaults([
  {
    name: 'isolation.groups.retrieve-cached-without-user',
    ...spec.bearerToken,
    breaks:
      "GET /v1/groups/:id is served from a cache keyed by the group's id alone: another user's same request, within two seconds, gets the group",
    modifier: groupReadsCachedById(),
    detectedBy: ['isolation.same-request.other-user'],
  },
  {
    name: 'isolation.conversations.create-unique-contact-across-users',
    ...spec.conversationOfUser,
    breaks:
      "POST /v1/conversations with a contact_id that any user's conversation already has answers with that conversation, whoever's it is",
    modifier: combine(
      rememberAllStores,
      around('conversations.create', async (context, route, next) => {
        // Read once, and handed on as read: a request's body can be read only once.
        const source = await readParams(context, route);
        const { values } = source;
        const contact = values.contact_id;
        const existing =
          typeof contact === 'string' && values.group_id === undefined
            ? otherStores(context.store)
                .flatMap((store) => store.conversations.newestFirst())
                .find((entry) => entry.value.contact_id === contact && entry.value.group_id === null)
            : undefined;
        return existing === undefined
          ? next({ ...context, body: () => Promise.resolve(source) }, route)
          : ok(existing.value);
      }),
    ),
    detectedBy: ['isolation.same-request.other-user'],
  },
]);
