// The page walk under others' writes: a starting_after cursor whose item someone else deletes
// between two pages is not the server's fault, a server that refuses every cursor is.
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/listen.ts';
import { ApiClient } from '../src/core/client/api-client.ts';
import { Redactor } from '../src/core/client/redactor.ts';
import { serverProfile } from '../src/core/profile/server-profile.ts';
import type { CheckContext } from '../src/conformance/checks/check-context.ts';
import { CheckFailure } from '../src/conformance/checks/check-failure.ts';
import { walkConversations } from '../src/conformance/checks/list-walk.ts';
import { forward, listenLocally, withBody } from './helpers/test-server.ts';

const token = 'walk-token';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function clientOf(baseUrl: string): ApiClient {
  return new ApiClient({ baseUrl, credentials: { kind: 'token', token, secretName: 'ACCESS_TOKEN' }, encoding: 'form', timeoutMs: 5_000, redactor: new Redactor({ ACCESS_TOKEN: token }) });
}

/** The walk needs only a client, the profile and the pagination style of a check's context. */
function contextOf(client: ApiClient): CheckContext {
  return { client, profile: serverProfile(), target: { pagination: { kind: 'starting_after' } } } as unknown as CheckContext;
}

/**
 * A reference server with three conversations, behind a proxy that calls `beforeCursor` with each
 * starting_after it passes on (to delete that item first, or to refuse it outright).
 */
async function listBehindProxy(beforeCursor: (cursor: string, upstream: ApiClient) => Promise<number | undefined>) {
  const server = await startReferenceServer({ users: [{ token, name: 'a' }] });
  closers.push(() => server.close());
  const upstream = clientOf(server.url);
  const ids: string[] = [];
  for (const name of ['one', 'two', 'three']) {
    const created = await upstream.call('createConversation', { body: { contact_id: `walk-${name}` } });
    ids.push((created.body as { id: string }).id);
  }
  expect(new Set(ids).size).toBe(3);
  const proxy = await listenLocally(withBody((req, res, body) => {
    const cursor = new URL(req.url!, 'http://x').searchParams.get('starting_after');
    (cursor === null ? Promise.resolve(undefined) : beforeCursor(cursor, upstream))
      .then(async (refusal) => (refusal !== undefined ? { status: refusal, text: '{"error":{"message":"no such cursor"}}' } : forward(server.url, req, body)))
      .then((answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.text);
      });
  }));
  closers.push(() => proxy.close());
  return { ids, context: contextOf(clientOf(proxy.url)) };
}

describe('the page walk', () => {
  it('starts again from the first page when the item its cursor names was deleted by someone else', async () => {
    const deleted: string[] = [];
    const { ids, context } = await listBehindProxy(async (cursor, upstream) => {
      if (deleted.length === 0) {
        deleted.push(cursor);
        await upstream.call('deleteConversation', { id: cursor });
      }
      return undefined;
    });
    const walk = await walkConversations(context, {}, { limit: 1 });
    expect(deleted).toHaveLength(1);
    expect(walk.complete).toBe(true);
    expect(walk.items.map((item) => item.id).sort()).toEqual(ids.filter((id) => id !== deleted[0]).sort());
  });

  it('fails when the server refuses every cursor it handed out, on each of three walks', async () => {
    const { context } = await listBehindProxy(async () => 400);
    const walking = walkConversations(context, {}, { limit: 1 });
    await expect(walking).rejects.toBeInstanceOf(CheckFailure);
    await expect(walking).rejects.toThrow(/refused on each of three walks/);
  });
});
