// The valid variants of the reference server (reference/variants/): each really makes the choice it
// names. Plain HTTP and raw sockets on purpose: the server is tested on its own, apart from the
// project's typed client. That the conformance suite passes each variant is the matrix's job.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, ListEnvelope } from '../src/api/resources.ts';
import { settings } from '../src/core/config/settings.ts';
import { defaultChoices } from '../reference/choices.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/listen.ts';
import { sendRaw, type RawRequest, type RawResponse } from './helpers/raw-http.ts';
import { extraFields } from '../reference/variants/extra-fields.ts';
import {
  isVariantName, variantNames, variants, variantServerOptions, type VariantName,
} from '../reference/variants/registry.ts';

const A = 'tok-a';
const USERS = [{ token: A, name: 'a' }, { token: 'tok-b', name: 'b' }];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Res<T = unknown> = RawResponse<T>;

function send<T = unknown>(base: string, method: string, path: string, options: Partial<RawRequest> = {}): Promise<Res<T>> {
  return sendRaw<T>(base, method, path, { ...options, token: options.token === undefined ? A : options.token });
}

/** A server of the variant for the tests of one describe block; `api()` talks to it as user A. */
function serveVariant(name: VariantName) {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ users: USERS, ...variantServerOptions(variants.get(name)!) });
  });
  afterAll(async () => {
    await server.close();
  });
  return {
    url: () => server.url,
    send: <T = unknown>(method: string, path: string, options?: Partial<RawRequest>) => send<T>(server.url, method, path, options),
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
      for (const env of Object.keys(variant.declares ?? {})) expect(known.has(env), `${variant.name}: ${env}`).toBe(true);
    }
  });

  it('variants.documented — reference/README.md has a row for every choice and every variant', () => {
    const readme = readFileSync(new URL('../reference/README.md', import.meta.url), 'utf8');
    for (const name of [...Object.keys(defaultChoices), ...variantNames]) expect(readme, name).toContain(`| \`${name}\` |`);
  });

  it('variants.setup-only — the run-condition variants leave the server at its defaults', () => {
    for (const name of ['foreign-data', 'concurrent-run'] as const) {
      expect(variantServerOptions(variants.get(name)!)).toEqual({ choices: {}, modifiers: [], http10: false });
    }
  });
});

describe('delete-204-no-body', () => {
  const api = serveVariant('delete-204-no-body');

  it('delete-204-no-body.conversation — DELETE of a conversation answers 204 with an empty body and no Content-Type, and the id is gone', async () => {
    const [id] = await createConversations(api, 1);
    const res = await api.send('DELETE', `/v1/conversations/${id}`);
    expect([res.status, res.text, res.headers['content-type'] ?? null]).toEqual([204, '', null]);
    expect((await api.send('GET', `/v1/conversations/${id}`)).status).toBe(404);
  });

  it('delete-204-no-body.group — DELETE of a group answers 204 too; an unknown id is still 404 with a body', async () => {
    const group = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g' } });
    expect((await api.send('DELETE', `/v1/groups/${group.body.id}`)).status).toBe(204);
    const unknown = await api.send('DELETE', `/v1/groups/${group.body.id}`);
    expect([unknown.status, unknown.text === '']).toEqual([404, false]);
  });
});

describe('status-422-and-403', () => {
  const api = serveVariant('status-422-and-403');

  it('status-422-and-403.bad-request — a bad request gets 422 with the usual error body', async () => {
    const res = await api.send<{ error: { param?: string } }>('POST', '/v1/groups', { json: {} });
    expect([res.status, res.body.error.param]).toEqual([422, 'name']);
  });

  it('status-422-and-403.auth — an unknown token and a missing header get 403, without WWW-Authenticate', async () => {
    const unknown = await api.send('GET', '/v1/conversations', { token: 'tok-nobody' });
    const missing = await api.send('GET', '/v1/conversations', { token: null });
    expect([unknown.status, missing.status]).toEqual([403, 403]);
    expect(unknown.headers['www-authenticate'] ?? null).toBeNull();
  });

  it('status-422-and-403.others-unchanged — other statuses are unchanged: an unknown id is still 404', async () => {
    expect((await api.send('GET', '/v1/conversations/nope')).status).toBe(404);
  });
});

describe('uuid-ids and prefixed-ids', () => {
  const uuid = serveVariant('uuid-ids');
  const prefixed = serveVariant('prefixed-ids');

  it('uuid-ids.format — conversation ids, group ids and a group\'s conversation_id are UUIDs without a prefix', async () => {
    const [conversationId] = await createConversations(uuid, 1);
    const group = await uuid.send<Group>('POST', '/v1/groups', { json: { name: 'g' } });
    for (const id of [conversationId, group.body.id, group.body.conversation_id]) expect(id).toMatch(UUID);
  });

  it('prefixed-ids.format — conv_ and grp_ followed by 16 hex characters', async () => {
    const [conversationId] = await createConversations(prefixed, 1);
    const group = await prefixed.send<Group>('POST', '/v1/groups', { json: { name: 'g' } });
    expect(conversationId).toMatch(/^conv_[0-9a-f]{16}$/);
    expect(group.body.id).toMatch(/^grp_[0-9a-f]{16}$/);
    expect(group.body.conversation_id).toMatch(/^conv_[0-9a-f]{16}$/);
  });
});

describe('timestamps-milliseconds', () => {
  const api = serveVariant('timestamps-milliseconds');

  it('timestamps-milliseconds.created-and-archived — created_at is the current time in milliseconds, and archived_at takes a millisecond timestamp as given', async () => {
    const before = Date.now();
    const group = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g' } });
    expect(group.body.created_at).toBeGreaterThan(1e12);
    expect(group.body.created_at).toBeGreaterThanOrEqual(before);
    expect(group.body.created_at).toBeLessThanOrEqual(Date.now());
    const archived = await api.send<Group>('PUT', `/v1/groups/${group.body.id}`, { json: { archived_at: group.body.created_at + 1 } });
    expect(archived.body.archived_at).toBe(group.body.created_at + 1);
  });
});

describe('oldest-first', () => {
  const api = serveVariant('oldest-first');

  it('oldest-first.order — lists are oldest first, and starting_after goes on towards newer items', async () => {
    const created = await createConversations(api, 3);
    const first = await api.send<ListEnvelope<Conversation>>('GET', '/v1/conversations?limit=2');
    expect([ids(first.body.data), first.body.has_more]).toEqual([created.slice(0, 2), true]);
    const next = await api.send<ListEnvelope<Conversation>>('GET', `/v1/conversations?limit=2&starting_after=${created[1]}`);
    expect([ids(next.body.data), next.body.has_more]).toEqual([created.slice(2), false]);
  });
});

describe('extra-fields', () => {
  const api = serveVariant('extra-fields');
  const extras = expect.objectContaining(extraFields);

  it('extra-fields.everywhere — the envelope, each item, each contact, the delete confirmation and error bodies carry the extra fields', async () => {
    const group = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g', contacts: [{ username: 'al' }] } });
    expect(group.body).toEqual(extras);
    expect(group.body.contacts[0]).toEqual(extras);
    expect((await api.send('GET', '/v1/groups')).body).toEqual(expect.objectContaining({ ...extraFields, data: expect.arrayContaining([extras]) }));
    expect((await api.send('GET', `/v1/conversations/${group.body.conversation_id}`)).body).toEqual(extras);
    const error = await api.send<{ error: unknown }>('GET', '/v1/groups/nope');
    expect([error.body, error.body.error]).toEqual([extras, extras]);
    expect((await api.send('DELETE', `/v1/groups/${group.body.id}`)).body).toEqual(expect.objectContaining({ ...extraFields, deleted: true }));
  });

  it('extra-fields.documented-wins — a documented or echoed field is never overwritten by an extra one', async () => {
    const group = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g', contacts: [{ username: 'al', x_note: 'mine' }] } });
    expect([group.body.name, group.body.contacts[0]?.username, group.body.contacts[0]?.x_note]).toEqual(['g', 'al', 'mine']);
  });
});

describe('contacts-merge', () => {
  const api = serveVariant('contacts-merge');

  it('contacts-merge.adds-and-keeps — PUT contacts adds to the members and keeps the old ones; a known username is updated in place', async () => {
    const group = await api.send<Group>('POST', '/v1/groups', { json: { name: 'g', contacts: [{ username: 'al' }, { username: 'bo' }] } });
    const path = `/v1/groups/${group.body.id}`;
    const added = await api.send<Group>('PUT', path, { json: { contacts: [{ username: 'cy' }] } });
    expect(added.body.contacts).toEqual([{ username: 'al' }, { username: 'bo' }, { username: 'cy' }]);
    const updated = await api.send<Group>('PUT', path, { json: { contacts: [{ username: 'al', role: 'admin' }] } });
    expect(updated.body.contacts).toEqual([{ username: 'al', role: 'admin' }, { username: 'bo' }, { username: 'cy' }]);
  });
});

describe('limit-max-50-rejected', () => {
  const api = serveVariant('limit-max-50-rejected');

  it('limit-max-50-rejected.boundary — limit=50 is served and limit=51 is a 400 naming limit', async () => {
    expect((await api.send('GET', '/v1/conversations?limit=50')).status).toBe(200);
    const refused = await api.send<{ error: { param?: string } }>('GET', '/v1/groups?limit=51');
    expect([refused.status, refused.body.error.param]).toEqual([400, 'limit']);
  });
});

describe('json-only-bodies', () => {
  const api = serveVariant('json-only-bodies');

  it('json-only-bodies.form-refused — a form body gets 415 and the same parameters as JSON are accepted', async () => {
    expect((await api.send('POST', '/v1/conversations', { form: 'contact_id=c1' })).status).toBe(415);
    expect((await api.send('POST', '/v1/conversations', { json: { contact_id: 'c1' } })).status).toBe(201);
  });
});

describe('cursor-pagination', () => {
  const api = serveVariant('cursor-pagination');
  type CursorPage = ListEnvelope<Conversation> & { next_cursor: string | null };

  it('cursor-pagination.walk — next_cursor leads through every item once, newest first, and is null on the last page', async () => {
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

  it('cursor-pagination.robust-and-checked — a cursor stays valid when the item it came from is deleted, and a made-up cursor is a 400 naming cursor', async () => {
    const newestFirst = (await createConversations(api, 3)).reverse();
    const first = await api.send<CursorPage>('GET', '/v1/conversations?limit=1');
    await api.send('DELETE', `/v1/conversations/${newestFirst[0]}`);
    const next = await api.send<CursorPage>('GET', `/v1/conversations?limit=1&cursor=${first.body.next_cursor}`);
    expect(ids(next.body.data)).toEqual([newestFirst[1]]);
    const bad = await api.send<{ error: { param?: string } }>('GET', '/v1/conversations?cursor=not-a-cursor');
    expect([bad.status, bad.body.error.param]).toEqual([400, 'cursor']);
  });
});

describe('page-pagination', () => {
  const api = serveVariant('page-pagination');

  it('page-pagination.walk — page=1, 2, 3 hold the items in list order, limit at a time; a page past the end is empty', async () => {
    const newestFirst = (await createConversations(api, 5)).reverse();
    const pages: Array<[string[], boolean]> = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await api.send<ListEnvelope<Conversation>>('GET', `/v1/conversations?limit=2&page=${page}`);
      pages.push([ids(res.body.data), res.body.has_more]);
    }
    expect(pages).toEqual([
      [newestFirst.slice(0, 2), true], [newestFirst.slice(2, 4), true], [newestFirst.slice(4), false], [[], false],
    ]);
  });

  it('page-pagination.page-zero — page=0 is a 400 naming page', async () => {
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
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no end of connection; received ${JSON.stringify(received)}`)));
  });
}

describe('http10-close', () => {
  const api = serveVariant('http10-close');
  const get = `GET /v1/conversations HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${A}\r\n\r\n`;

  it('http10-close.status-line — a response starts with an HTTP/1.0 status line, says Connection: close, and the server ends the connection', async () => {
    const received = await exchangeRaw(api.url(), get);
    expect(received.startsWith('HTTP/1.0 200 OK\r\n')).toBe(true);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({ has_more: expect.any(Boolean), data: expect.any(Array) });
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
    const started = Date.now();
    await server.close();
    await closed;
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
