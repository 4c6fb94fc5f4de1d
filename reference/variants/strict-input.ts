// Strict input (register: input-rules; §2.2 "The format, length and character limits of
// identifiers, names, descriptions and URLs ...: not shown"; §7 "Error codes ... not shown"): what a
// server with tight validation takes. Usernames of 1 to 32 characters, group names of 1 to 100,
// and only the parameters its operation names (§4.1, §4.2): any other is refused with 400 naming
// it. Everything the server does take, it does as the clean server does.
import type { ServerModifier } from '../modifiers.ts';
import type { ParamSource } from '../params/source.ts';
import { badRequest } from '../respond.ts';

/** The parameters each write names (§4.1, §4.2), by resource and by whether it is a create. */
const NAMED: Readonly<Record<string, { create: readonly string[]; update: readonly string[] }>> = {
  conversations: {
    create: ['contact_id', 'group_id'],
    update: ['pinned_message_id', 'is_pinned', 'is_muted', 'archived_at'],
  },
  groups: {
    create: ['name', 'description', 'avatar_url', 'contacts'],
    update: ['name', 'description', 'avatar_url', 'contacts', 'archived_at'],
  },
};

export const STRICT_LIMITS = { username: 32, name: 100 } as const;

const lengthOf = (text: string) => [...text].length;

function refuseWhatIsNotTaken(source: ParamSource, named: readonly string[]): void {
  for (const name of Object.keys(source.values)) {
    if (!named.includes(name)) throw badRequest(`Unknown parameter: ${name}.`, name);
  }
  const { name, contacts } = source.values;
  if (typeof name === 'string' && (lengthOf(name) < 1 || lengthOf(name) > STRICT_LIMITS.name)) {
    throw badRequest(`name must be 1 to ${STRICT_LIMITS.name} characters.`, 'name');
  }
  const members = Array.isArray(contacts)
    ? contacts
    : typeof contacts === 'object' && contacts !== null
      ? Object.values(contacts)
      : [];
  for (const member of members) {
    const username = (member as { username?: unknown } | null)?.username;
    if (typeof username === 'string' && (lengthOf(username) < 1 || lengthOf(username) > STRICT_LIMITS.username)) {
      throw badRequest(`A contact's username must be 1 to ${STRICT_LIMITS.username} characters.`, 'contacts');
    }
  }
}

export const strictInput: ServerModifier = {
  handle: (next) => (context, route) => {
    const named = route.resource === undefined ? undefined : NAMED[route.resource];
    const write =
      route.method === 'POST' && route.id === undefined
        ? 'create'
        : route.method === 'PUT' && route.id !== undefined
          ? 'update'
          : undefined;
    if (named === undefined || write === undefined) return next(context, route);
    return next(
      {
        ...context,
        body: async () => {
          const source = await context.body();
          refuseWhatIsNotTaken(source, named[write]);
          return source;
        },
      },
      route,
    );
  },
};
