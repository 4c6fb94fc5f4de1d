// What an answer looks like (§2, §2.1, §4.1, §4.2): values of another type, retrieve answering with
// another object, and a 500 for one kind of bad input.
import type { Encoding } from '../params/source.ts';
import { ApiError } from '../respond.ts';
import { defineFaults } from './fault.ts';
import { around, mapObjects, mapParams, readBoolean, type Endpoint, type Resource } from './helpers.ts';
import { spec } from './spec.ts';

const CONVERSATION_TIMESTAMPS = ['created_at', 'archived_at', 'last_active_at', 'last_opened_at'] as const;

/** Seconds since the epoch (the default unit) as an ISO 8601 string. */
const isoString = (seconds: number | null): string | null =>
  seconds === null ? null : new Date(seconds * 1000).toISOString();

/** GET /:id answers with the newest other object of the user, when there is one. */
function retrievesAnother(resource: Resource) {
  return around(`${resource}.retrieve`, async (context, route, next) => {
    const reply = await next(context, route);
    const other = context.store[resource].newestFirst().find((entry) => entry.value.id !== route.id);
    return reply.status === 200 && other !== undefined ? { ...reply, body: structuredClone(other.value) } : reply;
  });
}

/**
 * One kind of bad input gets a 500, as an unguarded parse would give. It is answered as an
 * ApiError, not thrown as a plain Error, so that the server does not log it as a bug of its own
 * (it is the fault doing its job). Every other request, bad or good, is answered as before.
 */
function failsOn(endpoint: Endpoint, name: string, isBad: (value: unknown, encoding: Encoding) => boolean) {
  return mapParams(endpoint, (values, encoding) => {
    if (values[name] !== undefined && isBad(values[name], encoding)) {
      throw new ApiError(500, 'api_error', `Internal error (seeded fault: ${name} not guarded).`);
    }
    return values;
  });
}

export const shapeFaults = defineFaults([
  {
    name: 'conversations.timestamps-as-iso-strings',
    ...spec.integerTimestamps,
    breaks: 'the timestamps of every conversation are ISO 8601 strings instead of integers',
    modifier: mapObjects('conversations', (c) => ({
      ...c,
      ...Object.fromEntries(CONVERSATION_TIMESTAMPS.map((field) => [field, isoString(c[field])])),
    })),
  },
  {
    name: 'groups.timestamps-as-strings',
    ...spec.integerTimestamps,
    breaks: 'the timestamps of every group are strings of digits ("1700000000") instead of integers',
    modifier: mapObjects('groups', (g) => ({
      ...g,
      created_at: String(g.created_at),
      archived_at: g.archived_at === null ? null : String(g.archived_at),
    })),
  },
  {
    name: 'conversations.is-muted-as-string',
    ...spec.isMutedField,
    breaks: 'is_muted of every conversation is the string "true" or "false" instead of a boolean',
    modifier: mapObjects('conversations', (c) => ({ ...c, is_muted: String(c.is_muted) })),
  },
  {
    name: 'conversations.retrieve.returns-another',
    ...spec.retrieveConversation,
    breaks: "GET /v1/conversations/:id answers with the user's newest other conversation instead of the one asked for",
    modifier: retrievesAnother('conversations'),
  },
  {
    name: 'groups.retrieve.returns-another',
    ...spec.retrieveGroup,
    breaks: "GET /v1/groups/:id answers with the user's newest other group instead of the one asked for",
    modifier: retrievesAnother('groups'),
  },
  {
    name: 'conversations.update.non-boolean-is-muted-500',
    ...spec.isMutedParam,
    breaks: 'PUT /v1/conversations/:id with an is_muted that is not a boolean answers 500 instead of a 4xx',
    modifier: failsOn(
      'conversations.update',
      'is_muted',
      (value, encoding) => readBoolean(value, encoding) === undefined,
    ),
  },
  {
    name: 'groups.create.non-string-name-500',
    ...spec.nameParam,
    breaks: 'POST /v1/groups with a name that is not a string answers 500 instead of a 4xx',
    modifier: failsOn('groups.create', 'name', (value) => typeof value !== 'string'),
  },
  {
    name: 'groups.list.non-integer-limit-500',
    ...spec.groupsLimit,
    breaks: 'GET /v1/groups with a limit that is not an integer (limit=abc) answers 500 instead of a 4xx or a page',
    modifier: failsOn('groups.list', 'limit', (value) => typeof value !== 'string' || !/^-?\d+$/.test(value)),
  },
]);
