// Unit tests of the embedded reference server (reference/). They talk HTTP directly with undici on
// purpose: the server is tested on its own, independently of the project's typed client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, ListEnvelope } from '../../../lib/api/resources.ts';
import { buildReferenceServer } from '../../../reference/build.ts';
import { startReferenceServer, type RunningReferenceServer } from '../../../reference/listen.ts';
import { sendRaw, type RawRequest, type RawResponse } from '../../helpers/raw-http.ts';

const A = 'tok-a';
const B = 'tok-b';
const USERS = [
  { token: A, name: 'a' },
  { token: B, name: 'b' },
];
const JSON_TYPE = 'application/json; charset=utf-8';

interface ErrorBody {
  error: { type: string; message: string; param?: string };
}

type Res<T> = RawResponse<T>;
type SendOptions = Partial<RawRequest>;

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ users: USERS });
});
afterAll(async () => {
  await server.close();
});

function sendTo<T>(base: string, method: string, path: string, options: SendOptions = {}): Promise<Res<T>> {
  return sendRaw<T>(base, method, path, { ...options, token: options.token === undefined ? A : options.token });
}

function send<T = unknown>(method: string, path: string, options: SendOptions = {}): Promise<Res<T>> {
  return sendTo<T>(server.url, method, path, options);
}

async function createConversation(form: string, token = A): Promise<Conversation> {
  const res = await send<Conversation>('POST', '/v1/conversations', { form, token });
  expect(res.status, `POST /v1/conversations ${form}`).toBe(201);
  return res.body;
}

async function createGroup(json: Record<string, unknown>, token = A): Promise<Group> {
  const res = await send<Group>('POST', '/v1/groups', { json, token });
  expect(res.status, `POST /v1/groups ${JSON.stringify(json)}`).toBe(201);
  return res.body;
}

async function updateConversation(id: string, options: SendOptions): Promise<Conversation> {
  const res = await send<Conversation>('PUT', `/v1/conversations/${id}`, options);
  expect(res.status, `PUT /v1/conversations/${id}`).toBe(200);
  return res.body;
}

/** Walks every page, so assertions about lists never depend on what other tests created. */
async function listAll<T extends { id: string }>(path: string, filters = '', token = A): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const query = new URLSearchParams(filters);
    query.set('limit', '100');
    if (after !== undefined) query.set('starting_after', after);
    const res = await send<ListEnvelope<T>>('GET', `${path}?${query}`, { token });
    expect(res.status, `GET ${path}?${query}`).toBe(200);
    items.push(...res.body.data);
    const last = res.body.data.at(-1);
    if (!res.body.has_more || last === undefined) return items;
    after = last.id;
  }
  throw new Error(`${path}: more than 1000 pages`);
}

const ids = (items: Array<{ id: string }>): string[] => items.map((item) => item.id);

describe('auth', () => {
  it('auth.missing — a request without Authorization is 401 with WWW-Authenticate: Bearer and no data', async () => {
    const res = await send<ErrorBody>('GET', '/v1/conversations', { token: null });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).toEqual({ error: { type: 'authentication_error', message: expect.any(String) } });
  });

  it('auth.scheme — another scheme (Basic) is 401', async () => {
    const res = await send('GET', '/v1/conversations', { authorization: 'Basic dG9rLWE6' });
    expect(res.status).toBe(401);
  });

  it('auth.unknown-token — a token of no user is 401', async () => {
    const res = await send<ErrorBody>('GET', '/v1/groups', { token: 'tok-nobody' });
    expect(res.status).toBe(401);
    expect(res.body.error.type).toBe('authentication_error');
  });

  it('auth.spacing — two spaces between scheme and token is 401', async () => {
    const res = await send('GET', '/v1/groups', { authorization: `Bearer  ${A}` });
    expect(res.status).toBe(401);
  });

  it('auth.scheme-case — the scheme is matched case-insensitively', async () => {
    const res = await send('GET', '/v1/groups', { authorization: `bEARER ${A}` });
    expect(res.status).toBe(200);
  });

  it('auth.before-routing — an unauthenticated request to an unknown path is 401, not 404', async () => {
    const res = await send('GET', '/v1/nothing-here', { token: null });
    expect(res.status).toBe(401);
  });

  it('auth.before-lookup — an unauthenticated request for an existing id is 401 and carries no resource', async () => {
    const conversation = await createConversation('contact_id=auth-probe');
    const res = await send<Record<string, unknown>>('GET', `/v1/conversations/${conversation.id}`, { token: 'tok-x' });
    expect(res.status).toBe(401);
    expect(Object.keys(res.body)).toEqual(['error']);
  });

  it('auth.before-body — an unauthenticated POST with invalid JSON is 401, not 400', async () => {
    const res = await send('POST', '/v1/groups', { token: null, raw: '{nope', contentType: 'application/json' });
    expect(res.status).toBe(401);
  });
});

describe('connections', () => {
  it("connections.keep-alive — leaves idle connections to the client for 30 s (a shorter close raced the matrix's requests)", async () => {
    const res = await send('GET', '/v1/conversations');
    expect(res.status).toBe(200);
    expect(res.headers['keep-alive']).toBe('timeout=30');
  });
});

describe('routing, bodies and content types', () => {
  it('routing.unknown-path — an unknown path is a 404 JSON error of type not_found', async () => {
    const res = await send<ErrorBody>('GET', '/v1/messages');
    expect(res.status).toBe(404);
    expect(res.body.error.type).toBe('not_found');
  });

  it('routing.trailing-slash — a trailing slash is not accepted (404)', async () => {
    const group = await createGroup({ name: 'slash' });
    expect((await send('GET', '/v1/conversations/')).status).toBe(404);
    expect((await send('GET', `/v1/groups/${group.id}/`)).status).toBe(404);
  });

  it('routing.collection-405 — DELETE on a collection is 405 with Allow: GET, POST', async () => {
    const res = await send<ErrorBody>('DELETE', '/v1/groups');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
    expect(res.body.error.type).toBe('method_not_allowed');
  });

  it('routing.item-405 — PATCH on an item is 405 with Allow: GET, PUT, DELETE', async () => {
    const res = await send('PATCH', '/v1/conversations/conv_whatever', { json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, PUT, DELETE');
  });

  it('bodies.unsupported-type — a text/plain body is 415 unsupported_media_type', async () => {
    const res = await send<ErrorBody>('POST', '/v1/groups', { raw: 'name=x', contentType: 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.body.error.type).toBe('unsupported_media_type');
  });

  it('bodies.no-type — a non-empty body without Content-Type is 415', async () => {
    const res = await send('POST', '/v1/groups', { raw: 'name=x' });
    expect(res.status).toBe(415);
  });

  it('bodies.invalid-json — invalid JSON is 400 invalid_request_error', async () => {
    const res = await send<ErrorBody>('POST', '/v1/groups', { raw: '{"name":', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('invalid_request_error');
  });

  it('bodies.json-not-object — a JSON array body is 400', async () => {
    const res = await send('POST', '/v1/groups', { json: [{ name: 'x' }] });
    expect(res.status).toBe(400);
  });

  it('bodies.json-charset — application/json with a charset parameter is accepted', async () => {
    const res = await send<Group>('POST', '/v1/groups', {
      raw: '{"name":"charset"}',
      contentType: 'application/json; charset=utf-8',
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('charset');
  });

  it('bodies.too-large — a body over 1 MiB is a 413 JSON error', async () => {
    const res = await send<ErrorBody>('POST', '/v1/groups', {
      raw: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
      contentType: 'application/json',
    });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/1048576/);
  });

  it('responses.content-type — every response, errors and DELETE included, is application/json; charset=utf-8', async () => {
    const group = await createGroup({ name: 'types' });
    const responses = [
      await send('GET', '/v1/groups'),
      await send('POST', '/v1/conversations', { form: 'contact_id=ct' }),
      await send('GET', '/v1/groups?limit=0'),
      await send('GET', '/v1/groups', { token: null }),
      await send('GET', '/v1/groups/grp_missing'),
      await send('PUT', '/v1/groups'),
      await send('POST', '/v1/groups', { raw: 'x', contentType: 'text/csv' }),
      await send('DELETE', `/v1/groups/${group.id}`),
    ];
    expect(responses.map((res) => res.status)).toEqual([200, 201, 400, 401, 404, 405, 415, 200]);
    for (const res of responses) expect(res.headers['content-type'], `status ${res.status}`).toBe(JSON_TYPE);
  });
});

describe('conversations.create', () => {
  it('conversations.create.defaults — a contact conversation is 201 with the documented defaults', async () => {
    const res = await send<Conversation>('POST', '/v1/conversations', { form: 'contact_id=alice' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^conv_[0-9a-f]{16}$/),
      contact_id: 'alice',
      group_id: null,
      pinned_message_id: null,
      is_pinned: false,
      is_muted: false,
      last_active_at: null,
      last_opened_at: null,
      created_at: expect.any(Number),
      archived_at: null,
    });
    expect(Number.isInteger(res.body.created_at)).toBe(true);
  });

  it('conversations.create.json — a JSON body is accepted', async () => {
    const res = await send<Conversation>('POST', '/v1/conversations', { json: { contact_id: 'bob' } });
    expect(res.status).toBe(201);
    expect(res.body.contact_id).toBe('bob');
  });

  it('conversations.create.retrievable — a created conversation can be retrieved as created', async () => {
    const conversation = await createConversation('contact_id=carol');
    const res = await send<Conversation>('GET', `/v1/conversations/${conversation.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(conversation);
  });

  it('conversations.create.requires-target — neither contact_id nor group_id is 400', async () => {
    expect((await send('POST', '/v1/conversations', { form: '' })).status).toBe(400);
    expect((await send('POST', '/v1/conversations', { form: 'contact_id=&group_id=' })).status).toBe(400);
    expect((await send('POST', '/v1/conversations')).status).toBe(400);
  });

  it('conversations.create.unknown-group — a group_id of no group is 400 naming group_id', async () => {
    const res = await send<ErrorBody>('POST', '/v1/conversations', { form: 'group_id=grp_0000000000000000' });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('group_id');
  });

  it('conversations.create.existing-group — a group whose conversation exists answers 200 with that conversation', async () => {
    const group = await createGroup({ name: 'existing' });
    const res = await send<Conversation>('POST', '/v1/conversations', { form: `group_id=${group.id}` });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(group.conversation_id);
    expect(res.body.group_id).toBe(group.id);
  });

  it('conversations.create.relinks-group — after its conversation is deleted, a new one is created and linked', async () => {
    const group = await createGroup({ name: 'relink' });
    expect((await send('DELETE', `/v1/conversations/${group.conversation_id}`)).status).toBe(200);
    const res = await send<Conversation>('POST', '/v1/conversations', {
      json: { group_id: group.id, contact_id: 'dave' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ group_id: group.id, contact_id: 'dave' });
    expect(res.body.id).not.toBe(group.conversation_id);
    const after = await send<Group>('GET', `/v1/groups/${group.id}`);
    expect(after.body.conversation_id).toBe(res.body.id);
  });
});

describe('groups.create', () => {
  it('groups.create.defaults — only a name gives null description and avatar_url and no contacts', async () => {
    const res = await send<Group>('POST', '/v1/groups', { form: 'name=Team' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^grp_[0-9a-f]{16}$/),
      name: 'Team',
      description: null,
      avatar_url: null,
      conversation_id: expect.stringMatching(/^conv_/),
      contacts: [],
      created_at: expect.any(Number),
      archived_at: null,
    });
  });

  it('groups.create.conversation — a group is born with its conversation, which names the group', async () => {
    const group = await createGroup({ name: 'with-conversation' });
    const res = await send<Conversation>('GET', `/v1/conversations/${group.conversation_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      group_id: group.id,
      contact_id: null,
      pinned_message_id: null,
      is_pinned: false,
      is_muted: false,
      last_active_at: null,
      last_opened_at: null,
      archived_at: null,
      created_at: group.created_at,
    });
  });

  it('groups.create.form-contacts — bracket-encoded contacts are parsed and extra fields echoed', async () => {
    const form =
      'name=Band&description=loud&avatar_url=https%3A%2F%2Fx.test%2Fa.png' +
      '&contacts[0][username]=alice&contacts[0][role]=drums&contacts[1][username]=bob';
    const res = await send<Group>('POST', '/v1/groups', { form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ description: 'loud', avatar_url: 'https://x.test/a.png' });
    expect(res.body.contacts).toEqual([{ username: 'alice', role: 'drums' }, { username: 'bob' }]);
  });

  it('groups.create.json-contacts — JSON contacts keep their extra fields and types', async () => {
    const contacts = [{ username: 'carol', tags: ['x'], admin: true }];
    const group = await createGroup({ name: 'json', contacts });
    expect(group.contacts).toEqual(contacts);
  });

  it('groups.create.empty-form-contacts — contacts= in a form is the empty array', async () => {
    const res = await send<Group>('POST', '/v1/groups', { form: 'name=empty&contacts=' });
    expect(res.status).toBe(201);
    expect(res.body.contacts).toEqual([]);
  });

  it('groups.create.name-required — a missing or empty name is 400 naming name', async () => {
    const missing = await send<ErrorBody>('POST', '/v1/groups', { form: 'description=x' });
    const empty = await send<ErrorBody>('POST', '/v1/groups', { json: { name: '' } });
    expect([missing.status, missing.body.error.param]).toEqual([400, 'name']);
    expect([empty.status, empty.body.error.param]).toEqual([400, 'name']);
  });

  it('groups.create.ignores-unknown — unknown parameters are ignored, not echoed', async () => {
    const group = await createGroup({ name: 'unknown', colour: 'blue' });
    expect(group).not.toHaveProperty('colour');
  });
});

describe('parameter types', () => {
  const badRequests: Array<[string, string, string, SendOptions, string]> = [
    ['a JSON string for a boolean', 'PUT', 'conv', { json: { is_muted: 'true' } }, 'is_muted'],
    ['a form boolean other than true/false', 'PUT', 'conv', { form: 'is_pinned=yes' }, 'is_pinned'],
    ['a form boolean in upper case', 'PUT', 'conv', { form: 'is_muted=TRUE' }, 'is_muted'],
    ['a JSON string for a timestamp', 'PUT', 'conv', { json: { archived_at: '1700000000' } }, 'archived_at'],
    ['a fractional timestamp', 'PUT', 'conv', { json: { archived_at: 1.5 } }, 'archived_at'],
    ['a negative form timestamp', 'PUT', 'conv', { form: 'archived_at=-1' }, 'archived_at'],
    ['a non-numeric form timestamp', 'PUT', 'conv', { form: 'archived_at=12abc' }, 'archived_at'],
    ['a JSON number for a string', 'PUT', 'conv', { json: { pinned_message_id: 7 } }, 'pinned_message_id'],
    ['JSON null for a string', 'PUT', 'conv', { json: { pinned_message_id: null } }, 'pinned_message_id'],
    ['a JSON number for a name', 'POST', 'groups', { json: { name: 42 } }, 'name'],
    [
      'contacts that are not an array',
      'POST',
      'groups',
      { json: { name: 'x', contacts: { username: 'a' } } },
      'contacts',
    ],
    ['a contact without username', 'POST', 'groups', { json: { name: 'x', contacts: [{ nick: 'a' }] } }, 'contacts'],
    ['a contact that is a bare string', 'POST', 'groups', { form: 'name=x&contacts[0]=alice' }, 'contacts'],
    ['a non-numeric limit', 'GET', 'list', {}, 'limit'],
  ];

  it.each(badRequests)('params.types — %s is 400 naming the parameter', async (_, method, target, options, param) => {
    const conversation = await createConversation('contact_id=types');
    const path =
      target === 'conv'
        ? `/v1/conversations/${conversation.id}`
        : target === 'groups'
          ? '/v1/groups'
          : '/v1/conversations?limit=ten';
    const res = await send<ErrorBody>(method, path, options);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it.each(['limit=0', 'limit=-3', 'limit=', 'muted=yes', 'archived=1', 'limit=1&limit=2'])(
    'params.list-query — GET /v1/conversations?%s is 400',
    async (query) => {
      const res = await send<ErrorBody>('GET', `/v1/conversations?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe(query.split('=')[0]);
    },
  );
});

describe('updates', () => {
  it('conversations.update.partial — fields not given are unchanged', async () => {
    const created = await createConversation('contact_id=partial');
    const muted = await updateConversation(created.id, { form: 'is_muted=true' });
    expect(muted).toEqual({ ...created, is_muted: true });
    const pinned = await updateConversation(created.id, { json: { pinned_message_id: 'msg_1', is_pinned: true } });
    expect(pinned).toEqual({ ...created, is_muted: true, pinned_message_id: 'msg_1', is_pinned: true });
    expect((await send<Conversation>('GET', `/v1/conversations/${created.id}`)).body).toEqual(pinned);
  });

  it('conversations.update.empty — an empty body changes nothing', async () => {
    const created = await createConversation('contact_id=empty-update');
    expect(await updateConversation(created.id, {})).toEqual(created);
  });

  it('conversations.update.immutable — contact_id and group_id are not updatable (ignored)', async () => {
    const created = await createConversation('contact_id=fixed');
    expect(await updateConversation(created.id, { form: 'contact_id=other&group_id=grp_x' })).toEqual(created);
  });

  it('conversations.archive.form — archived_at=<ts> archives and archived_at= restores', async () => {
    const created = await createConversation('contact_id=archive-form');
    const archived = await updateConversation(created.id, { form: 'archived_at=1700000000' });
    expect(archived.archived_at).toBe(1700000000);
    const restored = await updateConversation(created.id, { form: 'archived_at=' });
    expect(restored).toEqual(created);
  });

  it('conversations.archive.json — JSON null restores an archived conversation', async () => {
    const created = await createConversation('contact_id=archive-json');
    expect((await updateConversation(created.id, { json: { archived_at: 0 } })).archived_at).toBe(0);
    expect((await updateConversation(created.id, { json: { archived_at: null } })).archived_at).toBeNull();
  });

  it('conversations.update.not-found-first — an unknown id is 404 even with invalid parameters', async () => {
    const res = await send<ErrorBody>('PUT', '/v1/conversations/conv_missing', { json: { is_muted: 'nope' } });
    expect(res.status).toBe(404);
    expect(res.body.error.type).toBe('not_found');
  });

  it('groups.update.contacts-replace — contacts replaces the member list', async () => {
    const group = await createGroup({ name: 'members', contacts: [{ username: 'a' }, { username: 'b' }] });
    const res = await send<Group>('PUT', `/v1/groups/${group.id}`, { form: 'contacts[0][username]=c' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...group, contacts: [{ username: 'c' }] });
  });

  it('groups.update.partial — changing the name leaves the other fields unchanged', async () => {
    const group = await createGroup({ name: 'before', description: 'kept', avatar_url: 'https://x.test/k.png' });
    const res = await send<Group>('PUT', `/v1/groups/${group.id}`, { json: { name: 'after' } });
    expect(res.body).toEqual({ ...group, name: 'after' });
  });

  it('groups.update.empty-name — an empty name is 400 and changes nothing', async () => {
    const group = await createGroup({ name: 'keep-me' });
    const res = await send<ErrorBody>('PUT', `/v1/groups/${group.id}`, { form: 'name=' });
    expect([res.status, res.body.error.param]).toEqual([400, 'name']);
    expect((await send<Group>('GET', `/v1/groups/${group.id}`)).body).toEqual(group);
  });

  it('groups.archive — a group is archived with a timestamp and restored with null', async () => {
    const group = await createGroup({ name: 'archive-me' });
    const archived = await send<Group>('PUT', `/v1/groups/${group.id}`, { form: 'archived_at=1700000001' });
    expect(archived.body).toEqual({ ...group, archived_at: 1700000001 });
    const restored = await send<Group>('PUT', `/v1/groups/${group.id}`, { json: { archived_at: null } });
    expect(restored.body).toEqual(group);
  });
});

describe('deletes', () => {
  it('conversations.delete — answers {id, deleted: true}; afterwards 404 and not listed', async () => {
    const conversation = await createConversation('contact_id=doomed');
    const res = await send('DELETE', `/v1/conversations/${conversation.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: conversation.id, deleted: true });
    expect((await send('GET', `/v1/conversations/${conversation.id}`)).status).toBe(404);
    expect(ids(await listAll('/v1/conversations'))).not.toContain(conversation.id);
    expect((await send('DELETE', `/v1/conversations/${conversation.id}`)).status).toBe(404);
  });

  it('groups.delete.cascades-to-conversation — deleting a group removes its conversation', async () => {
    const group = await createGroup({ name: 'cascade' });
    const res = await send('DELETE', `/v1/groups/${group.id}`);
    expect(res.body).toEqual({ id: group.id, deleted: true });
    expect((await send('GET', `/v1/groups/${group.id}`)).status).toBe(404);
    expect((await send('GET', `/v1/conversations/${group.conversation_id}`)).status).toBe(404);
    expect(ids(await listAll('/v1/groups'))).not.toContain(group.id);
    expect(ids(await listAll('/v1/conversations'))).not.toContain(group.conversation_id);
  });

  it('conversations.delete.group-conversation — the group survives and keeps its conversation_id', async () => {
    const group = await createGroup({ name: 'survivor' });
    expect((await send('DELETE', `/v1/conversations/${group.conversation_id}`)).status).toBe(200);
    const res = await send<Group>('GET', `/v1/groups/${group.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(group);
  });
});

describe('list filters', () => {
  let plain: Conversation, muted: Conversation, pinned: Conversation, archived: Conversation, both: Conversation;
  beforeAll(async () => {
    plain = await createConversation('contact_id=f-plain');
    muted = await updateConversation((await createConversation('contact_id=f-muted')).id, { form: 'is_muted=true' });
    pinned = await updateConversation((await createConversation('contact_id=f-pinned')).id, { form: 'is_pinned=true' });
    archived = await updateConversation((await createConversation('contact_id=f-arch')).id, { form: 'archived_at=5' });
    both = await updateConversation((await createConversation('contact_id=f-both')).id, {
      json: { is_muted: true, is_pinned: true },
    });
  });

  /** Which of this block's conversations the filtered list contains. */
  async function ours(filters: string): Promise<string[]> {
    const listed = new Set(ids(await listAll<Conversation>('/v1/conversations', filters)));
    return [plain, muted, pinned, archived, both].filter((c) => listed.has(c.id)).map((c) => c.contact_id ?? '');
  }

  it('conversations.list.no-filter — without filters every conversation is listed, archived included', async () => {
    expect(await ours('')).toEqual(['f-plain', 'f-muted', 'f-pinned', 'f-arch', 'f-both']);
  });

  it('conversations.list.muted-filter — muted=true returns only muted, muted=false only unmuted', async () => {
    expect(await ours('muted=true')).toEqual(['f-muted', 'f-both']);
    expect(await ours('muted=false')).toEqual(['f-plain', 'f-pinned', 'f-arch']);
    const all = await listAll<Conversation>('/v1/conversations', 'muted=true');
    expect(all.every((c) => c.is_muted)).toBe(true);
  });

  it('conversations.list.pinned-filter — pinned=true returns only pinned, pinned=false only unpinned', async () => {
    expect(await ours('pinned=true')).toEqual(['f-pinned', 'f-both']);
    expect(await ours('pinned=false')).toEqual(['f-plain', 'f-muted', 'f-arch']);
  });

  it('conversations.list.archived-filter — archived=true returns only archived, archived=false only active', async () => {
    expect(await ours('archived=true')).toEqual(['f-arch']);
    expect(await ours('archived=false')).toEqual(['f-plain', 'f-muted', 'f-pinned', 'f-both']);
  });

  it('conversations.list.and — filters combine with AND', async () => {
    expect(await ours('muted=true&pinned=true')).toEqual(['f-both']);
    expect(await ours('muted=true&pinned=false')).toEqual(['f-muted']);
  });

  it("conversations.list.group-filter — group_id returns only that group's conversation, has_more false", async () => {
    const group = await createGroup({ name: 'filter' });
    await createConversation('contact_id=not-in-group');
    const res = await send<ListEnvelope<Conversation>>('GET', `/v1/conversations?group_id=${group.id}&limit=1`);
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual([group.conversation_id]);
    expect(res.body.has_more).toBe(false);
  });

  it('groups.list.archived-filter — archived=true returns only archived groups, false only active', async () => {
    const active = await createGroup({ name: 'g-active' });
    const gone = await createGroup({ name: 'g-archived' });
    await send('PUT', `/v1/groups/${gone.id}`, { json: { archived_at: 1 } });
    const archivedIds = ids(await listAll<Group>('/v1/groups', 'archived=true'));
    const activeIds = ids(await listAll<Group>('/v1/groups', 'archived=false'));
    expect([archivedIds.includes(gone.id), archivedIds.includes(active.id)]).toEqual([true, false]);
    expect([activeIds.includes(gone.id), activeIds.includes(active.id)]).toEqual([false, true]);
  });
});

describe('pagination (a server of its own with 105 conversations)', () => {
  let own: RunningReferenceServer;
  let newestFirst: string[];
  const list = (query: string): Promise<Res<ListEnvelope<Conversation>>> =>
    sendTo(own.url, 'GET', `/v1/conversations?${query}`);

  beforeAll(async () => {
    own = await startReferenceServer({ users: USERS });
    const created: string[] = [];
    for (let i = 0; i < 105; i++) {
      const res = await sendTo<Conversation>(own.url, 'POST', '/v1/conversations', { form: `contact_id=c${i}` });
      created.push(res.body.id);
    }
    newestFirst = created.reverse();
  });
  afterAll(async () => {
    await own.close();
  });

  it('conversations.list.default-page — without limit, the ten newest come first and has_more is true', async () => {
    const res = await list('');
    expect(ids(res.body.data)).toEqual(newestFirst.slice(0, 10));
    expect(res.body.has_more).toBe(true);
  });

  it('conversations.list.limit — limit=5 returns five', async () => {
    expect(ids((await list('limit=5')).body.data)).toEqual(newestFirst.slice(0, 5));
  });

  it('conversations.list.limit-clamp — a limit above 100 is clamped to 100', async () => {
    const res = await list('limit=1000');
    expect(res.body.data).toHaveLength(100);
    expect(res.body.has_more).toBe(true);
  });

  it('conversations.list.has-more-exact — has_more is false when the page ends exactly at the last item', async () => {
    const res = await list(`limit=10&starting_after=${newestFirst[94]}`);
    expect(ids(res.body.data)).toEqual(newestFirst.slice(95));
    expect(res.body.has_more).toBe(false);
  });

  it('conversations.list.walk — starting_after visits every item exactly once, newest first', async () => {
    const seen: string[] = [];
    let query = 'limit=7';
    for (let page = 0; page < 20; page++) {
      const res = await list(query);
      seen.push(...ids(res.body.data));
      if (!res.body.has_more) break;
      query = `limit=7&starting_after=${seen.at(-1)}`;
    }
    expect(seen).toEqual(newestFirst);
  });

  it('conversations.list.unknown-cursor — starting_after of no item is 400 naming starting_after', async () => {
    const res = await sendTo<ErrorBody>(own.url, 'GET', '/v1/conversations?starting_after=conv_nope');
    expect([res.status, res.body.error.param]).toEqual([400, 'starting_after']);
  });

  it('groups.list.empty — a user with no groups gets an empty first page', async () => {
    const res = await sendTo<ListEnvelope<Group>>(own.url, 'GET', '/v1/groups');
    expect(res.body).toEqual({ has_more: false, data: [] });
  });
});

describe('user isolation', () => {
  it("isolation.retrieve — user b gets 404 for user a's conversation and group", async () => {
    const group = await createGroup({ name: 'private' });
    expect((await send('GET', `/v1/groups/${group.id}`, { token: B })).status).toBe(404);
    expect((await send('GET', `/v1/conversations/${group.conversation_id}`, { token: B })).status).toBe(404);
  });

  it("isolation.write — user b cannot update or delete user a's resources", async () => {
    const conversation = await createConversation('contact_id=mine');
    const group = await createGroup({ name: 'mine' });
    expect(
      (await send('PUT', `/v1/conversations/${conversation.id}`, { token: B, form: 'is_muted=true' })).status,
    ).toBe(404);
    expect((await send('DELETE', `/v1/conversations/${conversation.id}`, { token: B })).status).toBe(404);
    expect((await send('DELETE', `/v1/groups/${group.id}`, { token: B })).status).toBe(404);
    expect((await send('GET', `/v1/conversations/${conversation.id}`)).body).toEqual(conversation);
    expect((await send('GET', `/v1/groups/${group.id}`)).body).toEqual(group);
  });

  it("isolation.list — user b's lists never show user a's items", async () => {
    const group = await createGroup({ name: 'hidden' });
    const own = await createConversation('contact_id=b-own', B);
    const conversations = ids(await listAll('/v1/conversations', '', B));
    expect(conversations).toContain(own.id);
    expect(conversations).not.toContain(group.conversation_id);
    expect(ids(await listAll('/v1/groups', '', B))).not.toContain(group.id);
  });

  it("isolation.references — user a's ids are unknown as group_id and starting_after for user b", async () => {
    const group = await createGroup({ name: 'not-yours' });
    const create = await send<ErrorBody>('POST', '/v1/conversations', { token: B, form: `group_id=${group.id}` });
    expect([create.status, create.body.error.param]).toEqual([400, 'group_id']);
    const list = await send<ErrorBody>('GET', `/v1/groups?starting_after=${group.id}`, { token: B });
    expect([list.status, list.body.error.param]).toEqual([400, 'starting_after']);
  });
});

describe('server options', () => {
  it('options.now — created_at comes from now(), in seconds', async () => {
    const fixed = await startReferenceServer({ users: USERS, now: () => 1_700_000_123 });
    try {
      const group = await sendTo<Group>(fixed.url, 'POST', '/v1/groups', { form: 'name=clock' });
      const conversation = await sendTo<Conversation>(
        fixed.url,
        'GET',
        `/v1/conversations/${group.body.conversation_id}`,
      );
      expect([group.body.created_at, conversation.body.created_at]).toEqual([1_700_000_123, 1_700_000_123]);
    } finally {
      await fixed.close();
    }
  });

  it('options.default-now — by default created_at is the current time in seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const conversation = await createConversation('contact_id=clock');
    expect(conversation.created_at).toBeGreaterThanOrEqual(before);
    expect(conversation.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('build.not-listening — buildReferenceServer returns a server that is not listening yet', () => {
    expect(buildReferenceServer({ users: USERS }).listening).toBe(false);
  });

  it('build.duplicate-token — two users with one token are refused at build time', () => {
    expect(() =>
      buildReferenceServer({
        users: [
          { token: 't', name: 'x' },
          { token: 't', name: 'y' },
        ],
      }),
    ).toThrow(/users\[1\]\.token/);
  });

  it('listen.url — the URL has no trailing slash and close() is idempotent', async () => {
    const other = await startReferenceServer({ users: USERS });
    expect(other.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await Promise.all([other.close(), other.close()]);
  });
});
