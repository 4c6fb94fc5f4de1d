// The valid variants of the reference server (reference/variants/): each really makes the choice it
// names. Plain HTTP and raw sockets on purpose: the server is tested on its own, apart from the
// project's typed client. That the conformance suite passes each variant is the matrix's job.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, ListEnvelope } from '../../../lib/api/resources.ts';
import { settings } from '../../../lib/core/config/settings.ts';
import { defaultChoices } from '../../../reference/choices.ts';
import { startReferenceServer, type RunningReferenceServer } from '../../../reference/listen.ts';
import { sendRaw, type RawRequest, type RawResponse } from '../../helpers/raw-http.ts';
import { extraFields } from '../../../reference/variants/extra-fields.ts';
import { laggingLists } from '../../../reference/variants/lagging-lists.ts';
import { profileEntries } from '../../../lib/api/open-points.ts';
import { declaredChoices } from '../../../conformance/matrix/declared-choices.ts';
import {
  readingEntries,
  readingsOf,
  serverReadings,
  type EntryReadings,
  type ReadingEntry,
  type ReadingVariantName,
} from '../../../reference/variants/readings.ts';
import {
  COMBINED_COUNT,
  combinedVariantNames,
  drawNarrowed,
  drawPicks,
  drawProfiles,
  profileVariant,
  rulesApplied,
  type Pick,
} from '../../../reference/variants/combined.ts';
import { narrowingsOf } from '../../../reference/variants/narrowings.ts';
import {
  isVariantName,
  variantNames,
  variants,
  variantServerOptions,
  type VariantName,
} from '../../../reference/variants/registry.ts';

const A = 'tok-a';
const USERS = [
  { token: A, name: 'a' },
  { token: 'tok-b', name: 'b' },
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Res<T = unknown> = RawResponse<T>;

function send<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: Partial<RawRequest> = {},
): Promise<Res<T>> {
  return sendRaw<T>(base, method, path, { ...options, token: options.token === undefined ? A : options.token });
}

/** A server of the variant for the tests of one describe block; `send()` talks to it as user A. */
function serveVariant(name: VariantName) {
  return serveWith(() => variantServerOptions(variants.get(name)!));
}

/** The reference server with its default choices. */
function serveDefault() {
  return serveWith(() => ({}));
}

function serveWith(options: () => Partial<Parameters<typeof startReferenceServer>[0]>) {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ users: USERS, ...options() });
  });
  afterAll(async () => {
    await server.close();
  });
  return {
    url: () => server.url,
    send: <T = unknown>(method: string, path: string, options?: Partial<RawRequest>) =>
      send<T>(server.url, method, path, options),
  };
}

async function createConversations(api: ReturnType<typeof serveVariant>, count: number): Promise<string[]> {
  const created: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api.send<Conversation>('POST', '/v1/conversations', { json: { contact_id: `c${i}` } });
    expect(res.status).toBe(201);
    created.push(res.body.id);
  }
  return created;
}

const ids = (items: Array<{ id: string }>): string[] => items.map((item) => item.id);

describe('the registry', () => {
  it('variants.registry — every name has exactly one variant, with a description and the spec text that leaves it open', () => {
    expect([...variants.keys()]).toEqual([...variantNames]);
    for (const [name, variant] of variants) {
      expect(variant.name).toBe(name);
      expect(variant.description.length, name).toBeGreaterThan(20);
      expect(variant.leavesOpen.length, name).toBeGreaterThan(20);
    }
  });

  it('variants.is-variant-name — known names are accepted, anything else is not', () => {
    expect(variantNames.every(isVariantName)).toBe(true);
    expect(isVariantName('no-such-variant')).toBe(false);
  });

  it('variants.declares — a variant declares only settings the suite has', () => {
    const known = new Set<string>(settings.map((setting) => setting.env));
    for (const variant of variants.values()) {
      for (const env of Object.keys(variant.declares ?? {}))
        expect(known.has(env), `${variant.name}: ${env}`).toBe(true);
    }
  });

  it('variants.documented — reference/README.md has a row for every choice and every variant', () => {
    const readme = readFileSync(new URL('../../../reference/README.md', import.meta.url), 'utf8');
    for (const name of [...Object.keys(defaultChoices), ...variantNames])
      expect(readme, name).toContain(`| \`${name}\` |`);
  });

  it('variants.readings-cover-the-register — every entry of the register has a variant of each non-default reading, named <entry>:<reading>, and each reading is an instance of one the register names', () => {
    for (const entry of profileEntries) {
      // An entry of one reading that no valid server can take otherwise says why (noOther).
      const { noOther } = serverReadings[entry.key] as EntryReadings;
      if (noOther !== undefined) {
        expect(Object.keys(entry.readings), entry.key).toHaveLength(1);
        continue;
      }
      expect(variantNames.filter((name) => name.startsWith(`${entry.key}:`)).length, entry.key).toBeGreaterThan(0);
    }
    for (const entry of readingEntries) {
      const { default: byDefault, others } = serverReadings[entry] as EntryReadings;
      const registered = profileEntries.find((candidate) => candidate.key === entry);
      for (const [name, reading] of Object.entries(others)) {
        expect(variantNames, entry).toContain(`${entry}:${name}`);
        expect(name, entry).not.toBe(byDefault.name);
        if (registered) expect(Object.keys(registered.readings), `${entry}:${name}`).toContain(reading.takes);
      }
      // Every entry the server takes is in the register, with the sentence it rests on.
      expect(registered, `${entry} is not in lib/api/open-points.ts`).toBeDefined();
      if (registered) expect(Object.keys(registered.readings), entry).toContain(byDefault.takes);
    }
  });

  it('variants.declares-typed — a reading that needs a declaration carries it, and every declaration parses as the suite reads it', () => {
    for (const name of variantNames) {
      const variant = variants.get(name)!;
      expect(() => declaredChoices(variant.declares ?? {}, name), name).not.toThrow();
    }
    expect(variants.get('pagination:offset')!.declares).toEqual({ PAGINATION: 'offset:offset' });
    expect(variants.get('body-encoding:json')!.declares).toEqual({ BODY_ENCODING: 'json' });
    expect(variants.get('group-contacts:merge')!.declares).toEqual({ GROUP_CONTACTS: 'merge' });
  });

  it('variants.setup-only — the run-condition variants leave the server at its defaults', () => {
    for (const name of ['foreign-data', 'concurrent-run'] as const) {
      expect(variantServerOptions(variants.get(name)!)).toEqual({ choices: {}, modifiers: [], http10: false });
    }
  });
});

describe('delete-answer:204', () => {
  const api = serveVariant('delete-answer:204');

  it('delete-answer:204.conversation — DELETE of a conversation answers 204 with an empty body and no Content-Type, and the id is gone', async () => {
    const [id] = await createConversations(api, 1);
    const res = await api.send('DELETE', `/v1/conversations/${id}`);
    expect([res.status, res.text, res.headers['content-type'] ?? null]).toEqual([204, '', null]);
    expect((await api.send('GET', `/v1/conversations/${id}`)).status).toBe(404);
  });

  it('delete-answer:204.group — DELETE of a group answers 204 too; an unknown id is still 404 with a body', async () => {
    const group = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g' } });
    expect((await api.send('DELETE', `/v1/groups/${group.body.id}`)).status).toBe(204);
    const unknown = await api.send('DELETE', `/v1/groups/${group.body.id}`);
    expect([unknown.status, unknown.text === '']).toEqual([404, false]);
  });
});

describe('refusal-status:422 and auth-refusal-status:403', () => {
  const refusal = serveVariant('refusal-status:422');
  const auth = serveVariant('auth-refusal-status:403');

  it('refusal-status:422.bad-request — a bad request gets 422 with the usual error body; an unknown id is still 404', async () => {
    const res = await refusal.send<{ error: { param?: string } }>('POST', '/v1/groups', { json: {} });
    expect([res.status, res.body.error.param]).toEqual([422, 'name']);
    expect((await refusal.send('GET', '/v1/conversations/nope')).status).toBe(404);
  });

  it('auth-refusal-status:403.auth — an unknown token and a missing header get 403, without WWW-Authenticate', async () => {
    const unknown = await auth.send('GET', '/v1/conversations', { token: 'tok-nobody' });
    const missing = await auth.send('GET', '/v1/conversations', { token: null });
    expect([unknown.status, missing.status]).toEqual([403, 403]);
    expect(unknown.headers['www-authenticate'] ?? null).toBeNull();
  });
});

describe('id-format:uuid and the default', () => {
  const uuid = serveVariant('id-format:uuid');
  const prefixed = serveDefault();

  it("id-format:uuid.format — conversation ids, group ids and a group's conversation_id are UUIDs without a prefix", async () => {
    const [conversationId] = await createConversations(uuid, 1);
    const group = await uuid.send<Group>('POST', '/v1/groups', { json: { name: 'g' } });
    for (const id of [conversationId, group.body.id, group.body.conversation_id]) expect(id).toMatch(UUID);
  });

  it('id-format.default — conv_ and grp_ followed by 16 hex characters', async () => {
    const [conversationId] = await createConversations(prefixed, 1);
    const group = await prefixed.send<Group>('POST', '/v1/groups', { json: { name: 'g' } });
    expect(conversationId).toMatch(/^conv_[0-9a-f]{16}$/);
    expect(group.body.id).toMatch(/^grp_[0-9a-f]{16}$/);
    expect(group.body.conversation_id).toMatch(/^conv_[0-9a-f]{16}$/);
  });
});

describe('input-rules:empty-texts-accepted with contact-fields:sorted-by-username', () => {
  const both = serveWith(() => ({
    choices: {
      ...variants.get('input-rules:empty-texts-accepted')!.choices,
      ...variants.get('contact-fields:sorted-by-username')!.choices,
    },
    modifiers: [...(variants.get('input-rules:empty-texts-accepted')!.modifiers ?? [])],
  }));

  it('input-rules:empty-texts-accepted.sorted — an empty username sorts first, as "" does, in the create and in a retrieve', async () => {
    const group = await both.send<Group>('POST', '/v1/groups', {
      json: { name: 'g', contacts: [{ username: 'b' }, { username: '' }, { username: 'a' }] },
    });
    expect(group.body.contacts.map((contact) => contact.username)).toEqual(['', 'a', 'b']);
    expect(
      (await both.send<Group>('GET', `/v1/groups/${group.body.id}`)).body.contacts.map((contact) => contact.username),
    ).toEqual(['', 'a', 'b']);
  });
});

describe('timestamp-unit:milliseconds', () => {
  const api = serveVariant('timestamp-unit:milliseconds');

  it('timestamp-unit:milliseconds.created-and-archived — created_at is the current time in milliseconds, and archived_at takes a millisecond timestamp as given', async () => {
    const before = Date.now();
    const group = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g' } });
    expect(group.body.created_at).toBeGreaterThan(1e12);
    expect(group.body.created_at).toBeGreaterThanOrEqual(before);
    expect(group.body.created_at).toBeLessThanOrEqual(Date.now());
    const archived = await api.send<Group>('PUT', `/v1/groups/${group.body.id}`, {
      json: { archived_at: group.body.created_at + 1 },
    });
    expect(archived.body.archived_at).toBe(group.body.created_at + 1);
  });
});

describe('list-order:oldest-first', () => {
  const api = serveVariant('list-order:oldest-first');

  it('list-order:oldest-first.order — lists are oldest first, and starting_after goes on towards newer items', async () => {
    const created = await createConversations(api, 3);
    const first = await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?limit=2');
    expect([ids(first.body.data), first.body.has_more]).toEqual([created.slice(0, 2), true]);
    const next = await api.send<ListEnvelope<Conversation>>(
      'GET',
      `/v1/conversations?limit=2&starting_after=${created[1]}`,
    );
    expect([ids(next.body.data), next.body.has_more]).toEqual([created.slice(2), false]);
  });
});

describe('extra-fields:everywhere', () => {
  const api = serveVariant('extra-fields:everywhere');
  const extras = expect.objectContaining(extraFields);

  it('extra-fields:everywhere.all-objects — the envelope, each item, each contact, the delete confirmation and error bodies carry the extra fields', async () => {
    const group = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g', contacts: [{ username: 'al' }] } });
    expect(group.body).toEqual(extras);
    expect(group.body.contacts[0]).toEqual(extras);
    expect((await api.send('GET', '/v1/groups')).body).toEqual(
      expect.objectContaining({ ...extraFields, data: expect.arrayContaining([extras]) }),
    );
    expect((await api.send('GET', `/v1/conversations/${group.body.conversation_id}`)).body).toEqual(extras);
    const error = await api.send<{ error: unknown }>('GET', '/v1/groups/nope');
    expect([error.body, error.body.error]).toEqual([extras, extras]);
    expect((await api.send('DELETE', `/v1/groups/${group.body.id}`)).body).toEqual(
      expect.objectContaining({ ...extraFields, deleted: true }),
    );
  });

  it('extra-fields:everywhere.documented-wins — a documented or echoed field is never overwritten by an extra one', async () => {
    const group = await api.send<Group>('POST', '/v1/groups', {
      json: { name: 'g', contacts: [{ username: 'al', x_note: 'mine' }] },
    });
    expect([group.body.name, group.body.contacts[0]?.username, group.body.contacts[0]?.x_note]).toEqual([
      'g',
      'al',
      'mine',
    ]);
  });
});

describe('group-contacts:merge', () => {
  const api = serveVariant('group-contacts:merge');

  it('group-contacts:merge.adds-and-keeps — PUT contacts adds to the members and keeps the old ones; a known username is updated in place', async () => {
    const group = await api.send<Group>('POST', '/v1/groups', {
      json: { name: 'g', contacts: [{ username: 'al' }, { username: 'bo' }] },
    });
    const path = `/v1/groups/${group.body.id}`;
    const added = await api.send<Group>('PUT', path, { json: { contacts: [{ username: 'cy' }] } });
    expect(added.body.contacts).toEqual([{ username: 'al' }, { username: 'bo' }, { username: 'cy' }]);
    const updated = await api.send<Group>('PUT', path, { json: { contacts: [{ username: 'al', role: 'admin' }] } });
    expect(updated.body.contacts).toEqual([{ username: 'al', role: 'admin' }, { username: 'bo' }, { username: 'cy' }]);
  });
});

describe('largest-limit:refused-50', () => {
  const api = serveVariant('largest-limit:refused-50');

  it('largest-limit:refused-50.boundary — limit=50 is served and limit=51 is a 400 naming limit', async () => {
    expect((await api.send('GET', '/v1/conversations?limit=50')).status).toBe(200);
    const refused = await api.send<{ error: { param?: string } }>('GET', '/v1/groups?limit=51');
    expect([refused.status, refused.body.error.param]).toEqual([400, 'limit']);
  });
});

describe('body-encoding:json', () => {
  const api = serveVariant('body-encoding:json');

  it('body-encoding:json.form-refused — a form body gets 415 and the same parameters as JSON are accepted', async () => {
    expect((await api.send('POST', '/v1/conversations', { form: 'contact_id=c1' })).status).toBe(415);
    expect((await api.send('POST', '/v1/conversations', { json: { contact_id: 'c1' } })).status).toBe(201);
  });
});

describe('pagination:cursor', () => {
  const api = serveVariant('pagination:cursor');
  type CursorPage = ListEnvelope<Conversation> & { next_cursor: string | null };

  it('pagination:cursor.walk — next_cursor leads through every item once, newest first, and is null on the last page', async () => {
    const newestFirst = (await createConversations(api, 5)).reverse();
    const seen: string[] = [];
    const cursors: Array<string | null> = [];
    let query = 'limit=2';
    for (let page = 0; page < 10; page++) {
      const res = await api.send<CursorPage>('GET', `/v1/conversations?${query}`);
      seen.push(...ids(res.body.data));
      cursors.push(res.body.next_cursor);
      if (res.body.next_cursor === null) break;
      query = `limit=2&cursor=${encodeURIComponent(res.body.next_cursor)}`;
    }
    expect(seen).toEqual(newestFirst);
    expect(cursors.map((cursor) => typeof cursor)).toEqual(['string', 'string', 'object']);
  });

  it('pagination:cursor.robust-and-checked — a cursor stays valid when the item it came from is deleted, and a made-up cursor is a 400 naming cursor', async () => {
    const newestFirst = (await createConversations(api, 3)).reverse();
    const first = await api.send<CursorPage>('GET', '/v1/conversations?limit=1');
    await api.send('DELETE', `/v1/conversations/${newestFirst[0]}`);
    const next = await api.send<CursorPage>('GET', `/v1/conversations?limit=1&cursor=${first.body.next_cursor}`);
    expect(ids(next.body.data)).toEqual([newestFirst[1]]);
    const bad = await api.send<{ error: { param?: string } }>('GET', '/v1/conversations?cursor=not-a-cursor');
    expect([bad.status, bad.body.error.param]).toEqual([400, 'cursor']);
  });
});

describe('pagination:page', () => {
  const api = serveVariant('pagination:page');

  it('pagination:page.walk — page=1, 2, 3 hold the items in list order, limit at a time; a page past the end is empty', async () => {
    const newestFirst = (await createConversations(api, 5)).reverse();
    const pages: Array<[string[], boolean]> = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await api.send<ListEnvelope<Conversation>>('GET', `/v1/conversations?limit=2&page=${page}`);
      pages.push([ids(res.body.data), res.body.has_more]);
    }
    expect(pages).toEqual([
      [newestFirst.slice(0, 2), true],
      [newestFirst.slice(2, 4), true],
      [newestFirst.slice(4), false],
      [[], false],
    ]);
  });

  it('pagination:page.page-zero — page=0 is a 400 naming page', async () => {
    const res = await api.send<{ error: { param?: string } }>('GET', '/v1/groups?page=0');
    expect([res.status, res.body.error.param]).toEqual([400, 'page']);
  });
});

/** Sends raw bytes on one connection and collects everything until the server ends it. */
function exchangeRaw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.once('end', () => resolve(received));
    socket.once('error', reject);
    socket.setTimeout(5_000, () =>
      socket.destroy(new Error(`no end of connection; received ${JSON.stringify(received)}`)),
    );
  });
}

describe('http10-close', () => {
  const api = serveVariant('http10-close');
  const get = `GET /v1/conversations HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${A}\r\n\r\n`;

  it('http10-close.status-line — a response starts with an HTTP/1.0 status line, says Connection: close, and the server ends the connection', async () => {
    const received = await exchangeRaw(api.url(), get);
    expect(received.startsWith('HTTP/1.0 200 OK\r\n')).toBe(true);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({
      has_more: expect.any(Boolean),
      data: expect.any(Array),
    });
  });

  it('http10-close.one-per-connection — one response per connection: a second request on the same connection is not answered', async () => {
    const received = await exchangeRaw(api.url(), get + get);
    expect(received.match(/^HTTP\/1\.\d /gm)).toHaveLength(1);
  });

  it('http10-close.bodies — requests with bodies work through it, and fetch can use it', async () => {
    const created = await api.send<Conversation>('POST', '/v1/conversations', { json: { contact_id: 'c1' } });
    expect(created.status).toBe(201);
    expect((await api.send('GET', `/v1/conversations/${created.body.id}`)).status).toBe(200);
  });

  it('http10-close.prompt-close — close() returns at once even while a client holds an idle connection open', async () => {
    const server = await startReferenceServer({ users: USERS, http10: true });
    const { port } = new URL(server.url);
    const idle = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const closed = new Promise((resolve) => idle.once('close', resolve));
    // No clock: close() that waited for the idle client would never return (the client never
    // leaves), so the test ending shows it did not wait; the client's socket was ended by the server.
    await server.close();
    await closed;
    expect(idle.destroyed).toBe(true);
  });
});

describe('idle-close-200ms', () => {
  const api = serveVariant('idle-close-200ms');
  const get = `GET /v1/conversations HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${A}\r\n\r\n`;

  it('idle-close-200ms.no-notice — answers over a kept-alive connection with no Keep-Alive hint, then ends the idle connection itself', async () => {
    // exchangeRaw resolves only once the server ends the connection: the client here never does.
    const received = await exchangeRaw(api.url(), get);
    expect(received.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    expect(received).not.toMatch(/\r\nkeep-alive:/i);
    expect(received).not.toMatch(/\r\nconnection: close\r\n/i);
  });
});

type Api = ReturnType<typeof serveVariant>;
type ErrorAnswer = { error: { param?: string } };

async function newGroup(api: Api, body: Record<string, unknown> = {}): Promise<Group> {
  const res = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g', ...body } });
  expect(res.status, res.text).toBeLessThan(300);
  return res.body;
}

async function newConversation(api: Api, contact = `c-${Math.random()}`): Promise<Conversation> {
  const res = await api.send<Conversation>('POST', '/v1/conversations', { json: { contact_id: contact } });
  expect(res.status, res.text).toBeLessThan(300);
  return res.body;
}

const unknownIdIs = (status: number) => async (api: Api) => {
  expect((await api.send('GET', '/v1/conversations/nope')).status).toBe(status);
  expect((await api.send('DELETE', '/v1/groups/nope')).status).toBe(status);
  expect((await api.send('GET', '/v1/nothing/nope')).status).toBe(404);
};

const groupCreateRefused = (status: number) => async (api: Api) => {
  const group = await newGroup(api);
  const res = await api.send<ErrorAnswer>('POST', '/v1/conversations', { json: { group_id: group.id } });
  expect([res.status, res.body.error.param]).toEqual([status, 'group_id']);
  expect((await api.send<Group>('GET', `/v1/groups/${group.id}`)).body.conversation_id).toBe(group.conversation_id);
};

const errorBodyIs = (contentType: string | null, starts: string) => async (api: Api) => {
  // Not through sendRaw, which expects JSON: fetch reads any body.
  const res = await fetch(`${api.url()}/v1/conversations/nope`, { headers: { authorization: `Bearer ${A}` } });
  expect([res.status, res.headers.get('content-type')]).toEqual([404, contentType]);
  expect((await res.text()).startsWith(starts)).toBe(true);
  expect((await api.send('GET', '/v1/conversations')).headers['content-type']).toMatch(/^application\/json/);
};

/** What each reading-variant's server must show; typed by the generated names, so a new reading needs its probe. */
const probes: Record<ReadingVariantName, { shows: string; probe: (api: Api) => Promise<void> }> = {
  'extra-fields:everywhere': {
    shows: 'a list envelope carries x_* fields',
    probe: async (api) =>
      expect((await api.send('GET', '/v1/groups')).body).toEqual(expect.objectContaining(extraFields)),
  },
  'response-media-type:own-json-type': {
    shows: 'a successful answer is labelled application/vnd.messaging+json, a refusal application/json',
    probe: async (api) => {
      const res = await fetch(`${api.url()}/v1/groups`, { headers: { authorization: `Bearer ${A}` } });
      expect([res.status, res.headers.get('content-type')]).toEqual([
        200,
        'application/vnd.messaging+json; charset=utf-8',
      ]);
      expect(JSON.parse(await res.text())).toEqual(expect.objectContaining({ has_more: false }));
      expect((await api.send('GET', '/v1/groups/nope')).headers['content-type']).toMatch(/^application\/json/);
    },
  },
  'response-media-type:unlabelled': {
    shows: 'a successful answer carries its JSON body with no Content-Type',
    probe: async (api) => {
      const res = await fetch(`${api.url()}/v1/conversations`, { headers: { authorization: `Bearer ${A}` } });
      expect([res.status, res.headers.get('content-type')]).toEqual([200, null]);
      expect(JSON.parse(await res.text())).toEqual(expect.objectContaining({ data: [] }));
    },
  },
  'success-status:200': {
    shows: 'creates answer 200',
    probe: async (api) => {
      expect((await api.send('POST', '/v1/groups', { json: { name: 'g' } })).status).toBe(200);
      expect((await api.send('POST', '/v1/conversations', { json: { contact_id: 'c' } })).status).toBe(200);
    },
  },
  'success-status:201-every-post': {
    shows: "a create that answers with the group's existing conversation is 201",
    probe: async (api) => {
      const group = await newGroup(api);
      const res = await api.send<Conversation>('POST', '/v1/conversations', { json: { group_id: group.id } });
      expect([res.status, res.body.id]).toEqual([201, group.conversation_id]);
    },
  },
  'delete-answer:204': {
    shows: 'DELETE answers 204 without a body',
    probe: async (api) => expect(await deleteAnswer(api)).toEqual([204, '']),
  },
  'delete-answer:200-empty': {
    shows: 'DELETE answers 200 without a body',
    probe: async (api) => expect(await deleteAnswer(api)).toEqual([200, '']),
  },
  'delete-answer:200-object': {
    shows: 'DELETE answers 200 with the object as it was',
    probe: async (api) => {
      const group = await newGroup(api, { description: 'd' });
      const res = await api.send<Group>('DELETE', `/v1/groups/${group.id}`);
      expect([res.status, res.body]).toEqual([200, group]);
    },
  },
  'refusal-status:422': {
    shows: 'a bad request gets 422',
    probe: async (api) => expect((await api.send('POST', '/v1/groups', { json: {} })).status).toBe(422),
  },
  'allow-on-405:none': {
    shows: 'a method the API does not have gets 405 with no Allow header',
    probe: async (api) => {
      const res = await api.send('PATCH', '/v1/groups');
      expect([res.status, res.headers.allow ?? null]).toEqual([405, null]);
    },
  },
  'unknown-id-status:410': { shows: 'an unknown id gets 410, an unknown path 404', probe: unknownIdIs(410) },
  'unknown-id-status:400': { shows: 'an unknown id gets 400, an unknown path 404', probe: unknownIdIs(400) },
  'unknown-id-status:422': { shows: 'an unknown id gets 422, an unknown path 404', probe: unknownIdIs(422) },
  'delete-of-nothing:success': {
    shows:
      'a DELETE of an id never made, or deleted already, answers as a DELETE that removed something; a GET of it still 404',
    probe: async (api) => {
      const [id] = await createConversations(api, 1);
      expect((await api.send('DELETE', `/v1/conversations/${id}`)).status).toBe(200);
      expect((await api.send('DELETE', `/v1/conversations/${id}`)).status).toBe(200);
      expect((await api.send('DELETE', '/v1/groups/grp_never_made')).status).toBe(200);
      expect((await api.send('GET', `/v1/conversations/${id}`)).status).toBe(404);
    },
  },
  'foreign-id-status:403': {
    shows: "another user's conversation gets 403 and stays unchanged; an id nobody holds 404",
    probe: async (api) => {
      const theirs = await api.send<Conversation>('POST', '/v1/conversations', {
        json: { contact_id: 'c' },
        token: 'tok-b',
      });
      expect((await api.send('GET', `/v1/conversations/${theirs.body.id}`)).status).toBe(403);
      expect((await api.send('PUT', `/v1/conversations/${theirs.body.id}`, { json: { is_muted: true } })).status).toBe(
        403,
      );
      expect((await api.send('GET', `/v1/conversations/${theirs.body.id}`, { token: 'tok-b' })).body).toEqual(
        theirs.body,
      );
      expect((await api.send('GET', '/v1/conversations/nope')).status).toBe(404);
    },
  },
  'auth-refusal-status:403': {
    shows: 'a missing token gets 403',
    probe: async (api) => expect((await api.send('GET', '/v1/groups', { token: null })).status).toBe(403),
  },
  'auth-refusal-status:400': {
    shows: 'a missing token and an unknown one get 400, without WWW-Authenticate',
    probe: async (api) => {
      const missing = await api.send('GET', '/v1/groups', { token: null });
      const unknown = await api.send('GET', '/v1/conversations', { token: 'nobody' });
      expect([missing.status, unknown.status, missing.headers['www-authenticate'] ?? null]).toEqual([400, 400, null]);
    },
  },
  'auth-challenge:none': {
    shows: 'a missing token gets 401 with no WWW-Authenticate',
    probe: async (api) => {
      const res = await api.send('GET', '/v1/groups', { token: null });
      expect([res.status, res.headers['www-authenticate'] ?? null]).toEqual([401, null]);
    },
  },
  'error-body:text-plain': {
    shows: 'a refusal has a text/plain body',
    probe: errorBodyIs('text/plain; charset=utf-8', '404 No such conversation'),
  },
  'error-body:html': {
    shows: 'a refusal has an HTML body',
    probe: errorBodyIs('text/html; charset=utf-8', '<!DOCTYPE html>'),
  },
  'error-body:none': { shows: 'a refusal has no body and no Content-Type', probe: errorBodyIs(null, '') },
  'unsupported-body:422': {
    shows: 'a body of a Content-Type the server does not read gets 422, not 415; a missing name still gets 400',
    probe: async (api) => {
      expect((await api.send('POST', '/v1/groups', { raw: 'name=x', contentType: 'text/plain' })).status).toBe(422);
      expect(
        (await api.send('POST', '/v1/groups', { raw: '', contentType: 'application/x-www-form-urlencoded' })).status,
      ).toBe(400);
    },
  },
  'rate-limits:20-per-second': {
    shows: 'a burst beyond 40 requests gets 429 with Retry-After',
    // Bursts of 45 until one is limited: on a busy machine a burst can arrive slowly enough for the
    // bucket to refill, so how many bursts it takes is the machine's; that one comes is the variant's.
    probe: async (api) => {
      let limited: Array<Awaited<ReturnType<typeof api.send>>> = [];
      for (let burst = 0; burst < 20 && limited.length === 0; burst++) {
        const answers = await Promise.all(Array.from({ length: 45 }, () => api.send('GET', '/v1/groups')));
        limited = answers.filter((res) => res.status === 429);
      }
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0]!.headers['retry-after']).toMatch(/^\d+$/);
    },
  },
  'rate-limits:503-retry-after': {
    shows: 'a burst beyond 40 requests gets 503 with Retry-After and an HTML page',
    // As for 20-per-second: bursts until one is limited. Not through send, which expects JSON.
    probe: async (api) => {
      let limited: Response[] = [];
      for (let burst = 0; burst < 20 && limited.length === 0; burst++) {
        const answers = await Promise.all(
          Array.from({ length: 45 }, () =>
            fetch(`${api.url()}/v1/groups`, { headers: { authorization: `Bearer ${A}` } }),
          ),
        );
        await Promise.all(answers.map((res) => res.arrayBuffer()));
        limited = answers.filter((res) => res.status === 503);
      }
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited[0]!.headers.get('content-type')).toBe('text/html');
    },
  },
  'empty-text:null': {
    shows: "description='' and pinned_message_id='' come back null",
    probe: async (api) => {
      expect(await newGroup(api, { description: '', avatar_url: '' })).toEqual(
        expect.objectContaining({ description: null, avatar_url: null }),
      );
      const conversation = await newConversation(api);
      const res = await api.send<Conversation>('PUT', `/v1/conversations/${conversation.id}`, {
        form: 'pinned_message_id=',
      });
      expect(res.body.pinned_message_id).toBeNull();
    },
  },
  'input-rules:length-limits': {
    shows: '200 characters are accepted and 201 refused naming the parameter; 2,000 for avatar_url',
    probe: async (api) => {
      expect(
        (await api.send('POST', '/v1/groups', { json: { name: 'n'.repeat(200), avatar_url: 'u'.repeat(2_000) } }))
          .status,
      ).toBe(201);
      const long = await api.send<ErrorAnswer>('POST', '/v1/groups', { json: { name: 'n'.repeat(201) } });
      const url = await api.send<ErrorAnswer>('POST', '/v1/groups', {
        json: { name: 'n', avatar_url: 'u'.repeat(2_001) },
      });
      const contact = await api.send<ErrorAnswer>('POST', '/v1/conversations', {
        json: { contact_id: 'c'.repeat(201) },
      });
      expect([long.body.error.param, url.body.error.param, contact.body.error.param]).toEqual([
        'name',
        'avatar_url',
        'contact_id',
      ]);
      expect([long.status, url.status, contact.status]).toEqual([400, 400, 400]);
    },
  },
  'input-rules:lax-values': {
    shows:
      'limit=1e0, limit[]=1 and limit=+1 list one item; in JSON "5" archives at 5, "true" mutes and "" restores; limit=x is still refused',
    probe: async (api) => {
      await createConversations(api, 2);
      for (const query of ['limit=1e0', 'limit[]=1', 'limit=%2B1']) {
        const res = await api.send<ListEnvelope<Conversation>>('GET', `/v1/conversations?${query}`);
        expect([query, res.status, res.body.data.length]).toEqual([query, 200, 1]);
      }
      const [id] = await createConversations(api, 1);
      const put = async (json: Record<string, unknown>) =>
        (await api.send<Conversation>('PUT', `/v1/conversations/${id}`, { json })).body;
      expect(await put({ archived_at: '5', is_muted: 'true' })).toEqual(
        expect.objectContaining({ archived_at: 5, is_muted: true }),
      );
      expect((await put({ archived_at: '' })).archived_at).toBeNull();
      expect((await api.send('GET', '/v1/conversations?limit=x')).status).toBe(400);
    },
  },
  'input-rules:no-body-limit': {
    shows: 'a group named with 1.2 million characters is made and kept',
    probe: async (api) => {
      const name = 'n'.repeat(1_200_000);
      const group = await api.send<Group>('POST', '/v1/groups', { json: { name } });
      expect([group.status, group.body.name === name]).toEqual([201, true]);
    },
  },
  'input-rules:body-limit-64k': {
    shows: 'a body of 65 536 bytes is read, one byte more gets 413',
    probe: async (api) => {
      const body = (length: number) => `name=${'n'.repeat(length - 'name='.length)}`;
      expect(
        (await api.send('POST', '/v1/groups', { raw: body(65_536), contentType: 'application/x-www-form-urlencoded' }))
          .status,
      ).toBe(201);
      expect(
        (await api.send('POST', '/v1/groups', { raw: body(65_537), contentType: 'application/x-www-form-urlencoded' }))
          .status,
      ).toBe(413);
    },
  },
  'input-rules:bytes-replaced': {
    shows: 'a form body whose name holds the byte 0xE9 makes a group whose name holds U+FFFD',
    probe: async (api) => {
      const res = await fetch(`${api.url()}/v1/groups`, {
        method: 'POST',
        headers: { authorization: `Bearer ${A}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.concat([Buffer.from('name=caf'), Buffer.from([0xe9])]),
      });
      expect([res.status, ((await res.json()) as Group).name]).toEqual([201, 'caf\uFFFD']);
    },
  },
  'input-rules:empty-texts-accepted': {
    shows: 'a group named "" with a member whose username is "", and a conversation with contact_id ""',
    probe: async (api) => {
      const group = await api.send<Group>('POST', '/v1/groups', { json: { name: '', contacts: [{ username: '' }] } });
      expect([group.status, group.body.name, group.body.contacts]).toEqual([201, '', [{ username: '' }]]);
      expect((await api.send<Group>('GET', `/v1/groups/${group.body.id}`)).body.name).toBe('');
      const conversation = await api.send<Conversation>('POST', '/v1/conversations', {
        raw: 'contact_id=',
        contentType: 'application/x-www-form-urlencoded',
      });
      expect([conversation.status, conversation.body.contact_id]).toEqual([201, '']);
    },
  },
  'form-encoding:no-empty-list': {
    shows: 'contacts= in a form is refused naming contacts; contacts [] in JSON is the empty list',
    probe: async (api) => {
      const form = await api.send<ErrorAnswer>('POST', '/v1/groups', {
        raw: 'name=g&contacts=',
        contentType: 'application/x-www-form-urlencoded',
      });
      expect([form.status, form.body.error.param]).toEqual([400, 'contacts']);
      expect(
        (await api.send<Group>('POST', '/v1/groups', { json: { name: 'g', contacts: [] } })).body.contacts,
      ).toEqual([]);
    },
  },
  'input-rules:strict': {
    shows:
      'a 33-character username, a 101-character name and an unknown parameter are refused naming them; 32 and 100 are taken',
    probe: async (api) => {
      const refused = async (json: Record<string, unknown>) => {
        const answer = await api.send<ErrorAnswer>('POST', '/v1/groups', { json });
        return [answer.status, answer.body.error.param];
      };
      expect(await refused({ name: 'g', contacts: [{ username: 'u'.repeat(33) }] })).toEqual([400, 'contacts']);
      expect(await refused({ name: 'n'.repeat(101) })).toEqual([400, 'name']);
      expect(await refused({ name: 'g', colour: 'blue' })).toEqual([400, 'colour']);
      const taken = await newGroup(api, { name: 'n'.repeat(100), contacts: [{ username: 'u'.repeat(32) }] });
      expect([taken.name.length, taken.contacts[0]?.username.length]).toEqual([100, 32]);
    },
  },
  'input-rules:no-control-characters': {
    shows: 'a text with a control character is refused; other text is stored exactly',
    probe: async (api) => {
      expect((await api.send<ErrorAnswer>('POST', '/v1/groups', { json: { name: 'a\u0001b' } })).body.error.param).toBe(
        'name',
      );
      expect((await newGroup(api, { name: 'a b ü 😀' })).name).toBe('a b ü 😀');
    },
  },
  'group-conversation-create:new': {
    shows: "a new conversation replaces the group's old one",
    probe: async (api) => {
      const group = await newGroup(api);
      const res = await api.send<Conversation>('POST', '/v1/conversations', { json: { group_id: group.id } });
      expect([res.status, res.body.group_id, res.body.id === group.conversation_id]).toEqual([201, group.id, false]);
      expect((await api.send<Group>('GET', `/v1/groups/${group.id}`)).body.conversation_id).toBe(res.body.id);
      expect((await api.send('GET', `/v1/conversations/${group.conversation_id}`)).status).toBe(404);
      const listed = await api.send<ListEnvelope<Conversation>>('GET', `/v1/conversations?group_id=${group.id}`);
      expect(ids(listed.body.data)).toEqual([res.body.id]);
    },
  },
  'group-conversation-create:refused-409': { shows: 'the create is refused with 409', probe: groupCreateRefused(409) },
  'group-conversation-create:refused-422': { shows: 'the create is refused with 422', probe: groupCreateRefused(422) },
  'contact-conversation-create:existing': {
    shows: 'a second create with the same contact answers 200 with the first conversation',
    probe: async (api) => {
      const first = await newConversation(api, 'same');
      const again = await api.send<Conversation>('POST', '/v1/conversations', { json: { contact_id: 'same' } });
      expect([again.status, again.body]).toEqual([200, first]);
    },
  },
  'id-format:uuid': {
    shows: 'ids are UUIDs',
    probe: async (api) => expect((await newConversation(api)).id).toMatch(UUID),
  },
  'timestamp-unit:milliseconds': {
    shows: 'created_at is in milliseconds',
    probe: async (api) => expect((await newConversation(api)).created_at).toBeGreaterThan(1e12),
  },
  'timestamp-unit:microseconds': {
    shows: 'created_at is in microseconds',
    probe: async (api) => expect((await newConversation(api)).created_at).toBeGreaterThan(1e15),
  },
  'largest-limit:clamped-50': {
    shows: 'limit=100 is served as 50',
    probe: async (api) => {
      await createConversations(api, 51);
      const res = await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?limit=100');
      expect([res.status, res.body.data.length, res.body.has_more]).toEqual([200, 50, true]);
    },
  },
  'largest-limit:refused-50': {
    shows: 'limit=51 is refused',
    probe: async (api) => expect((await api.send('GET', '/v1/groups?limit=51')).status).toBe(400),
  },
  'largest-limit:unbounded': {
    shows: 'limit=150 is served in full, where the default clamps to 100',
    probe: async (api) => {
      await createConversations(api, 150);
      const res = await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?limit=150');
      expect([res.status, res.body.data.length, res.body.has_more]).toEqual([200, 150, false]);
    },
  },
  'list-order:oldest-first': {
    shows: 'the first created is listed first',
    probe: async (api) => {
      const created = await createConversations(api, 2);
      expect(ids((await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations')).body.data)).toEqual(created);
    },
  },
  'pagination:cursor': {
    shows: 'the envelope has next_cursor',
    probe: async (api) =>
      expect((await api.send('GET', '/v1/groups')).body).toEqual({ has_more: false, data: [], next_cursor: null }),
  },
  'pagination:page': {
    shows: 'page=2 is the second page',
    probe: async (api) => {
      const newestFirst = (await createConversations(api, 3)).reverse();
      expect(
        ids((await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?limit=2&page=2')).body.data),
      ).toEqual(newestFirst.slice(2));
    },
  },
  'pagination:offset': {
    shows: 'offset=n starts after the first n items; a negative offset is refused naming offset',
    probe: async (api) => {
      const newestFirst = (await createConversations(api, 5)).reverse();
      const page = await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?limit=2&offset=2');
      expect([ids(page.body.data), page.body.has_more]).toEqual([newestFirst.slice(2, 4), true]);
      const last = await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?limit=2&offset=4');
      expect([ids(last.body.data), last.body.has_more]).toEqual([newestFirst.slice(4), false]);
      expect((await api.send<ErrorAnswer>('GET', '/v1/conversations?offset=-1')).body.error.param).toBe('offset');
    },
  },
  'pagination:none': {
    shows: 'every list answers its first page, whatever is asked',
    probe: async (api) => {
      const newestFirst = (await createConversations(api, 3)).reverse();
      for (const query of [
        'limit=2',
        `limit=2&starting_after=${newestFirst[1]}`,
        'limit=2&page=2',
        'limit=2&offset=2',
      ]) {
        const res = await api.send<ListEnvelope<Conversation>>('GET', `/v1/conversations?${query}`);
        expect([ids(res.body.data), res.body.has_more], query).toEqual([newestFirst.slice(0, 2), true]);
      }
    },
  },
  'body-encoding:json': {
    shows: 'a form body gets 415',
    probe: async (api) => expect((await api.send('POST', '/v1/groups', { form: 'name=g' })).status).toBe(415),
  },
  'group-contacts:merge': {
    shows: 'PUT contacts keeps the members not given',
    probe: async (api) => {
      const group = await newGroup(api, { contacts: [{ username: 'al' }] });
      const res = await api.send<Group>('PUT', `/v1/groups/${group.id}`, { json: { contacts: [{ username: 'bo' }] } });
      expect(res.body.contacts).toEqual([{ username: 'al' }, { username: 'bo' }]);
    },
  },
  'contact-fields:username-only': {
    shows: 'other fields of a contact are dropped',
    probe: async (api) =>
      expect((await newGroup(api, { contacts: [{ username: 'al', role: 'admin' }] })).contacts).toEqual([
        { username: 'al' },
      ]),
  },
  'contact-fields:sorted-by-username': {
    shows: 'members come back sorted by username, on create and on PUT',
    probe: async (api) => {
      const group = await newGroup(api, { contacts: [{ username: 'cy' }, { username: 'al', role: 'x' }] });
      expect(group.contacts).toEqual([{ username: 'al', role: 'x' }, { username: 'cy' }]);
      const res = await api.send<Group>('PUT', `/v1/groups/${group.id}`, {
        json: { contacts: [{ username: 'bo' }, { username: 'ab' }] },
      });
      expect(res.body.contacts.map((contact) => contact.username)).toEqual(['ab', 'bo']);
    },
  },
  'last-opened-at:on-retrieve': {
    shows: 'null on a new conversation, set by a retrieve',
    probe: async (api) => {
      const conversation = await newConversation(api);
      expect(conversation.last_opened_at).toBeNull();
      const opened = await api.send<Conversation>('GET', `/v1/conversations/${conversation.id}`);
      expect(opened.body.last_opened_at).toBeGreaterThanOrEqual(conversation.created_at);
      expect({ ...opened.body, last_opened_at: null }).toEqual(conversation);
    },
  },
  'last-active-at:on-update': {
    shows: 'null on a new conversation, set by a PUT',
    probe: async (api) => {
      const conversation = await newConversation(api);
      expect(conversation.last_active_at).toBeNull();
      const updated = await api.send<Conversation>('PUT', `/v1/conversations/${conversation.id}`, {
        json: { is_muted: true },
      });
      expect(updated.body.last_active_at).toBeGreaterThanOrEqual(conversation.created_at);
    },
  },
  'filter-false:ignored': {
    shows: 'muted=false lists muted conversations too; muted=true still filters',
    probe: async (api) => {
      const [muted, plain] = await createConversations(api, 2);
      await api.send('PUT', `/v1/conversations/${muted}`, { json: { is_muted: true } });
      expect(
        ids((await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?muted=false')).body.data),
      ).toEqual([plain, muted]);
      expect(
        ids((await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?muted=true')).body.data),
      ).toEqual([muted]);
    },
  },
  'list-consistency:eventual': {
    shows: 'a list at once misses a new conversation that a retrieve shows',
    // Until one list comes sooner than the lag: on a busy machine the list may come later.
    probe: async (api) => {
      let missed = false;
      for (let attempt = 0; attempt < 20 && !missed; attempt++) {
        const made = await newConversation(api);
        const listed = await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?limit=100');
        missed = !ids(listed.body.data).includes(made.id);
        expect((await api.send<Conversation>('GET', `/v1/conversations/${made.id}`)).body).toEqual(made);
      }
      expect(missed).toBe(true);
    },
  },
  'default-list-scope:active': {
    shows:
      'an archived group and conversation are left out of the lists without archived, and listed under archived=true',
    probe: async (api) => {
      const [archived, active] = [await newGroup(api), await newGroup(api)];
      await api.send('PUT', `/v1/groups/${archived.id}`, { json: { archived_at: archived.created_at } });
      await api.send('PUT', `/v1/conversations/${archived.conversation_id}`, {
        json: { archived_at: archived.created_at },
      });
      expect(ids((await api.send<ListEnvelope<Group>>('GET', '/v1/groups')).body.data)).toEqual([active.id]);
      expect(ids((await api.send<ListEnvelope<Group>>('GET', '/v1/groups?archived=true')).body.data)).toEqual([
        archived.id,
      ]);
      expect(ids((await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations')).body.data)).toEqual([
        active.conversation_id,
      ]);
      expect(
        ids((await api.send<ListEnvelope<Conversation>>('GET', `/v1/conversations?group_id=${archived.id}`)).body.data),
      ).toEqual([]);
      expect(
        ids((await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?archived=true')).body.data),
      ).toEqual([archived.conversation_id]);
    },
  },
  'auth-scheme-spelling:as-written': {
    shows: 'the valid token after "bearer" is refused; after "Bearer" it is served',
    probe: async (api) => {
      expect((await api.send('GET', '/v1/groups', { authorization: `bearer ${A}` })).status).toBe(401);
      expect((await api.send('GET', '/v1/groups')).status).toBe(200);
    },
  },
  'other-methods:answered': {
    shows: 'HEAD answers 200 without a body, OPTIONS 204 with Allow, a PATCH of a group its unchanged object',
    probe: async (api) => {
      const group = await newGroup(api);
      const head = await api.send('HEAD', `/v1/groups/${group.id}`);
      const options = await api.send('OPTIONS', '/v1/groups');
      const patch = await api.send<Group>('PATCH', `/v1/groups/${group.id}`);
      expect([head.status, head.text, options.status, options.headers.allow, patch.status, patch.body]).toEqual([
        200,
        '',
        204,
        'GET, HEAD, POST, OPTIONS',
        200,
        group,
      ]);
      expect((await api.send('GET', `/v1/groups/${group.id}/extra`)).status).toBe(404);
    },
  },
  'other-methods:trailing-slash-308': {
    shows: 'GET /v1/groups/ answers 308 to /v1/groups; a path the API does not have stays 404',
    probe: async (api) => {
      const res = await api.send('GET', '/v1/groups/');
      expect([res.status, res.headers.location]).toEqual([308, '/v1/groups']);
      expect((await api.send('GET', '/v1/nothing/')).status).toBe(404);
    },
  },
  'other-methods:unimplemented-501': {
    shows:
      "HEAD, OPTIONS and PATCH answer 501 with http.server's HTML page, a PATCH changing nothing; GET still answers",
    probe: async (api) => {
      const group = await newGroup(api);
      const head = await api.send('HEAD', `/v1/groups/${group.id}`);
      // Not through send, which expects JSON: fetch reads any body.
      const headers = { authorization: `Bearer ${A}` };
      const options = await fetch(`${api.url()}/v1/groups`, { method: 'OPTIONS', headers });
      const patch = await fetch(`${api.url()}/v1/groups/${group.id}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=changed',
      });
      expect([head.status, head.text, options.status, patch.status]).toEqual([501, '', 501, 501]);
      expect(options.headers.get('content-type')).toBe('text/html;charset=utf-8');
      expect(await patch.text()).toContain("Unsupported method ('PATCH')");
      const after = await api.send<Group>('GET', `/v1/groups/${group.id}`);
      expect([after.status, after.body]).toEqual([200, group]);
    },
  },
  'group-delete-conversation:kept': {
    shows: 'after a group is deleted, its conversation is still retrievable, still naming the group',
    probe: async (api) => {
      const group = await newGroup(api);
      expect((await api.send('DELETE', `/v1/groups/${group.id}`)).status).toBe(200);
      const left = await api.send<Conversation>('GET', `/v1/conversations/${group.conversation_id}`);
      expect([left.status, left.body.group_id]).toEqual([200, group.id]);
    },
  },
  'group-conversation-delete:refused-409': {
    shows: "a group's own conversation cannot be deleted (409); a one-to-one conversation can",
    probe: async (api) => {
      const group = await newGroup(api);
      expect((await api.send('DELETE', `/v1/conversations/${group.conversation_id}`)).status).toBe(409);
      expect((await api.send('GET', `/v1/conversations/${group.conversation_id}`)).status).toBe(200);
      const [id] = await createConversations(api, 1);
      expect((await api.send('DELETE', `/v1/conversations/${id}`)).status).toBe(200);
    },
  },
  'create-with-both:group-only': {
    shows: "a create with both, once the group's conversation is deleted, makes one without the contact",
    probe: async (api) => {
      const group = await newGroup(api);
      await api.send('DELETE', `/v1/conversations/${group.conversation_id}`);
      const res = await api.send<Conversation>('POST', '/v1/conversations', {
        json: { group_id: group.id, contact_id: 'c' },
      });
      expect([res.status, res.body.group_id, res.body.contact_id]).toEqual([201, group.id, null]);
    },
  },
  'create-with-both:refused': {
    shows: 'a create with both contact_id and group_id is refused with 400',
    probe: async (api) => {
      const group = await newGroup(api);
      expect(
        (await api.send('POST', '/v1/conversations', { json: { group_id: group.id, contact_id: 'c' } })).status,
      ).toBe(400);
      expect((await api.send('POST', '/v1/conversations', { json: { group_id: group.id } })).status).toBe(200);
    },
  },
  'archive-archived:kept': {
    shows: 'a second archived_at answers 200 and keeps the first',
    probe: async (api) => {
      const conversation = await newConversation(api);
      await api.send('PUT', `/v1/conversations/${conversation.id}`, { json: { archived_at: 5 } });
      const again = await api.send<Conversation>('PUT', `/v1/conversations/${conversation.id}`, {
        json: { archived_at: 7 },
      });
      expect([again.status, again.body.archived_at]).toEqual([200, 5]);
    },
  },
  'archive-archived:refused': {
    shows: 'a second archived_at is refused with 400 naming archived_at; restoring still works',
    probe: async (api) => {
      const group = await newGroup(api);
      await api.send('PUT', `/v1/groups/${group.id}`, { json: { archived_at: 5 } });
      const again = await api.send<ErrorAnswer>('PUT', `/v1/groups/${group.id}`, { json: { archived_at: 7 } });
      expect([again.status, again.body.error.param]).toEqual([400, 'archived_at']);
      expect(
        (await api.send<Group>('PUT', `/v1/groups/${group.id}`, { json: { archived_at: null } })).body.archived_at,
      ).toBeNull();
    },
  },
  'unique-members:merged': {
    shows: 'contacts naming one username twice make one member',
    probe: async (api) =>
      expect(
        (await newGroup(api, { contacts: [{ username: 'al' }, { username: 'bo' }, { username: 'al' }] })).contacts,
      ).toEqual([{ username: 'al' }, { username: 'bo' }]),
  },
  'unique-members:refused': {
    shows: 'contacts naming one username twice are refused with 400 naming contacts',
    probe: async (api) => {
      const res = await api.send<ErrorAnswer>('POST', '/v1/groups', {
        json: { name: 'g', contacts: [{ username: 'al' }, { username: 'al' }] },
      });
      expect([res.status, res.body.error.param]).toEqual([400, 'contacts']);
    },
  },
  'malformed-boolean:read': {
    shows: 'is_muted=yes mutes, is_pinned "0" unpins, muted=TRUE filters; is_muted=perhaps is still refused',
    probe: async (api) => {
      const conversation = await newConversation(api);
      const form = await api.send<Conversation>('PUT', `/v1/conversations/${conversation.id}`, {
        form: 'is_muted=yes',
      });
      const json = await api.send<Conversation>('PUT', `/v1/conversations/${conversation.id}`, {
        json: { is_pinned: '0' },
      });
      expect([form.body.is_muted, json.body.is_pinned]).toEqual([true, false]);
      expect(
        ids((await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?muted=TRUE')).body.data),
      ).toEqual([conversation.id]);
      expect((await api.send('PUT', `/v1/conversations/${conversation.id}`, { form: 'is_muted=perhaps' })).status).toBe(
        400,
      );
    },
  },
  'text-storage:normalised': {
    shows: 'a name and a contact_id are trimmed, their white space collapsed, in NFC',
    probe: async (api) => {
      expect((await newGroup(api, { name: '  a \t b  e\u0301 ' })).name).toBe('a b \u00e9');
      expect((await newConversation(api, ' c  d ')).contact_id).toBe('c d');
    },
  },
  'invalid-limit:default-page': {
    shows: 'limit=0, -1, 1.5, abc and an empty limit each get the default page of ten; limit=2 still two',
    probe: async (api) => {
      await createConversations(api, 12);
      for (const limit of ['0', '-1', '1.5', 'abc', '']) {
        const res = await api.send<ListEnvelope<Conversation>>('GET', `/v1/conversations?limit=${limit}`);
        expect([limit, res.status, res.body.data.length]).toEqual([limit, 200, 10]);
      }
      expect((await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?limit=2')).body.data).toHaveLength(
        2,
      );
    },
  },
  'restore:refused': {
    shows: 'archived_at=null is refused naming archived_at',
    probe: async (api) => {
      const group = await newGroup(api);
      await api.send('PUT', `/v1/groups/${group.id}`, { json: { archived_at: group.created_at } });
      const res = await api.send<ErrorAnswer>('PUT', `/v1/groups/${group.id}`, { json: { archived_at: null } });
      expect([res.status, res.body.error.param]).toEqual([400, 'archived_at']);
    },
  },
};

async function deleteAnswer(api: Api): Promise<[number, string]> {
  const conversation = await newConversation(api);
  const res = await api.send('DELETE', `/v1/conversations/${conversation.id}`);
  expect((await api.send('GET', `/v1/conversations/${conversation.id}`)).status).toBe(404);
  return [res.status, res.text];
}

describe('every reading-variant shows its reading', () => {
  it('reading-variants.probed — every generated variant has a probe below', () => {
    expect(Object.keys(probes).sort()).toEqual(variantNames.filter((name) => name.includes(':')).sort());
  });

  for (const [name, { shows, probe }] of Object.entries(probes) as Array<
    [ReadingVariantName, (typeof probes)[ReadingVariantName]]
  >) {
    describe(name, () => {
      const api = serveVariant(name);
      it(`${name}.shows — ${shows}`, () => probe(api));
    });
  }
});

describe('lists that lag behind the writes (list-consistency:eventual), on a clock the test moves', () => {
  let clock = 0;
  const api = serveWith(() => ({ modifiers: [laggingLists(300, () => clock)] }));
  const listed = async (query = '') =>
    ids((await api.send<ListEnvelope<Conversation>>('GET', `/v1/conversations${query}`)).body.data);

  it('lagging-lists.create-update-delete — a list shows each write 300 ms after it, a retrieve at once; a cursor after an item still listed but deleted goes on', async () => {
    const first = await newConversation(api);
    expect(await listed()).toEqual([]);
    expect((await api.send<Conversation>('GET', `/v1/conversations/${first.id}`)).status).toBe(200);
    clock = 299;
    expect(await listed()).toEqual([]);
    clock = 300;
    expect(await listed()).toEqual([first.id]);
    const second = await newConversation(api);
    await api.send('PUT', `/v1/conversations/${first.id}`, { json: { is_muted: true } });
    expect([await listed(), await listed('?muted=true')]).toEqual([[first.id], []]);
    clock = 600;
    expect([await listed(), await listed('?muted=true')]).toEqual([[second.id, first.id], [first.id]]);
    await api.send('DELETE', `/v1/conversations/${second.id}`);
    expect((await api.send('GET', `/v1/conversations/${second.id}`)).status).toBe(404);
    expect([await listed(), await listed(`?starting_after=${second.id}`)]).toEqual([[second.id, first.id], [first.id]]);
    clock = 900;
    expect(await listed()).toEqual([first.id]);
  });
});

describe('the combined profiles', () => {
  const describeDraw = (seed: number) =>
    drawProfiles(seed).map((variant) => ({
      name: variant.name,
      description: variant.description,
      choices: variant.choices,
      declares: variant.declares,
      modifiers: variant.modifiers,
    }));

  it('combined.deterministic — the same seed draws the same 20 profiles, and a name makes its profile again', () => {
    const first = describeDraw(7);
    expect(first).toHaveLength(COMBINED_COUNT);
    expect(describeDraw(7)).toEqual(first);
    expect(first.map((profile) => profile.name)).toEqual(combinedVariantNames(7));
    expect(variants.get('mix:7:3')!.description).toBe(first[2]!.description);
    expect([
      isVariantName('mix:7:20'),
      isVariantName('mix:7:21'),
      isVariantName('mix:x:1'),
      isVariantName('combined'),
    ]).toEqual([true, false, false, false]);
  });

  it('combined.seeded — other seeds draw other profiles', () => {
    const drawn = [1, 2, 3].map((seed) => describeDraw(seed).map((profile) => profile.description));
    expect(drawn[0]).not.toEqual(drawn[1]);
    expect(drawn[1]).not.toEqual(drawn[2]);
    expect(new Set(drawn.flat()).size).toBeGreaterThan(55);
  });

  it('combined.independent — over a few seeds, every reading of every entry is drawn, defaults included', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 20; seed++)
      for (const picks of drawPicks(seed)) for (const pick of picks) seen.add(`${pick.entry}:${pick.name}`);
    for (const entry of readingEntries)
      for (const { name } of readingsOf(entry)) expect(seen, `${entry}:${name}`).toContain(`${entry}:${name}`);
  });

  it('combined.declares — a profile declares what its readings need, and the narrowings drawn for it', () => {
    let narrowingsDeclared = 0;
    for (const seed of [1, 2, 3]) {
      const narrowed = drawNarrowed(seed);
      for (const [index, picks] of drawPicks(seed).entries()) {
        const needed = Object.assign({}, ...picks.map((pick) => pick.reading?.declares ?? {}));
        const all = narrowingsOf(picks) as Record<string, string>;
        const chosen = Object.fromEntries(
          narrowed[index]!.filter((setting) => all[setting] !== undefined).map((setting) => [setting, all[setting]]),
        );
        expect(drawProfiles(seed)[index]!.declares).toEqual({ ...needed, ...chosen });
        narrowingsDeclared += Object.keys(chosen).length;
      }
    }
    // Even odds per setting: some are declared, not all.
    expect(narrowingsDeclared).toBeGreaterThan(60);
    expect(narrowingsDeclared).toBeLessThan(60 * 11);
  });

  it("combined.narrowings — a refused group conversation keeps its status among the refusals; another user's id follows the unknown-id status by default", () => {
    const pick = (entry: ReadingEntry, name: string): Pick => ({
      entry,
      name,
      reading: (serverReadings[entry] as EntryReadings).others[name],
    });
    const narrowings = narrowingsOf([
      pick('refusal-status', '422'),
      pick('group-conversation-create', 'refused-409'),
      pick('unknown-id-status', '410'),
    ]);
    expect(narrowings).toMatchObject({
      REFUSAL_STATUS: '422,409',
      UNKNOWN_ID_STATUS: '410',
      FOREIGN_ID_STATUS: '410',
      GROUP_CONVERSATION_CREATE: 'refused',
      LARGEST_LIMIT: 'clamped',
    });
    expect(narrowingsOf([pick('foreign-id-status', '403')])).toMatchObject({
      FOREIGN_ID_STATUS: '403',
      UNKNOWN_ID_STATUS: '404',
      REFUSAL_STATUS: '400',
    });
  });

  describe('combined.rules — readings that decide one answer are settled by the order of readings.ts', () => {
    const pick = (entry: ReadingEntry, name: string): Pick => ({
      entry,
      name,
      reading: (serverReadings[entry] as EntryReadings).others[name],
    });
    const picks = [
      pick('extra-fields', 'everywhere'),
      pick('success-status', '200'),
      pick('delete-answer', '204'),
      pick('refusal-status', '422'),
      pick('unknown-id-status', '410'),
      pick('error-body', 'none'),
    ];
    const profile = profileVariant('rules-test', picks);
    const api = serveWith(() => variantServerOptions(profile));

    it('combined.rules.applied — the description names the rules that applied', () => {
      expect(rulesApplied(picks)).toHaveLength(3);
      for (const rule of rulesApplied(picks)) expect(profile.description).toContain(rule);
    });

    it('combined.rules.server — creates 200, DELETE 204, bad request 422, unknown id 410, refusals without a body', async () => {
      const group = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g' } });
      expect(group.status).toBe(200);
      expect((await api.send('DELETE', `/v1/groups/${group.body.id}`)).status).toBe(204);
      const bad = await api.send('POST', '/v1/groups', { json: {} });
      const unknown = await api.send('GET', `/v1/groups/${group.body.id}`);
      expect([bad.status, bad.text, unknown.status, unknown.text]).toEqual([422, '', 410, '']);
    });
  });
});
