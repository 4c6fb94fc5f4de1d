// The page walk under others' writes: a starting_after cursor whose item someone else deletes
// between two pages is not the server's fault, a server that refuses every cursor is; under page
// numbers, a walk that others' deletes made miss an item is not judged, a server that skips one is.
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../../reference/listen.ts';
import { ApiClient } from '../../../lib/core/client/api-client.ts';
import { tokenClient } from '../../helpers/token-client.ts';
import { serverProfile } from '../../../lib/core/profile/server-profile.ts';
import type { CheckContext } from '../../../harness/checks/check-context.ts';
import { CheckFailure, CheckSkipped } from '../../../harness/checks/check-failure.ts';
import { expectEachOnceAcrossPages } from '../../../harness/checks/each-once.ts';
import { walkConversations, type Walk } from '../../../harness/checks/list-walk.ts';
import type { ApiResponse } from '../../../lib/core/client/api-client.ts';
import { checkProperty } from '../../../harness/properties/run-property.ts';
import fc from 'fast-check';
import { forward, listenLocally, withBody } from '../../helpers/test-server.ts';

const token = 'walk-token';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function clientOf(baseUrl: string): ApiClient {
  return tokenClient(baseUrl, token);
}

/** The walk needs only a client, the profile and the pagination style of a check's context. */
function contextOf(client: ApiClient): CheckContext {
  return {
    client,
    profile: serverProfile(),
    target: { pagination: { kind: 'starting_after' } },
  } as unknown as CheckContext;
}

/**
 * A reference server with three conversations, behind a proxy that calls `beforeCursor` with each
 * starting_after it passes on (to delete that item first, or to refuse it outright).
 */
async function listBehindProxy(
  beforeCursor: (cursor: string, upstream: ApiClient) => Promise<number | undefined>,
  retrieveStatus?: (id: string) => number | undefined,
) {
  const server = await startReferenceServer({ users: [{ token, name: 'a' }] });
  closers.push(() => server.close());
  const upstream = clientOf(server.url);
  const ids: string[] = [];
  for (const name of ['one', 'two', 'three']) {
    const created = await upstream.call('createConversation', { body: { contact_id: `walk-${name}` } });
    ids.push((created.body as { id: string }).id);
  }
  expect(new Set(ids).size).toBe(3);
  const proxy = await listenLocally(
    withBody((req, res, body) => {
      const cursor = new URL(req.url!, 'http://x').searchParams.get('starting_after');
      const retrieved = /^\/v1\/conversations\/([^/?]+)/.exec(req.url!)?.[1];
      const answered = req.method === 'GET' && retrieved !== undefined ? retrieveStatus?.(retrieved) : undefined;
      (answered !== undefined
        ? Promise.resolve(answered)
        : cursor === null
          ? Promise.resolve(undefined)
          : beforeCursor(cursor, upstream)
      )
        .then(async (refusal) =>
          refusal !== undefined
            ? { status: refusal, text: '{"error":{"message":"no such cursor"}}' }
            : forward(server.url, req, body),
        )
        .then((answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(answer.text);
        });
    }),
  );
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

  it("cannot judge (skipped, not failed) when on each of five walks the cursor's item is gone and the cursor refused", async () => {
    const retrieved: string[] = [];
    // Every cursor refused, and every retrieve of its item answered 404: someone else deletes faster than the walk reads.
    const { context } = await listBehindProxy(
      async () => 400,
      (id) => {
        retrieved.push(id);
        return 404;
      },
    );
    const walking = walkConversations(context, {}, { limit: 1 });
    await expect(walking).rejects.toBeInstanceOf(CheckSkipped);
    await expect(walking).rejects.toThrow(/on 5 walks the item the cursor named .* left the list between two pages/);
    expect(retrieved).toHaveLength(5);
  });

  it('fails when the server refuses every cursor it handed out, on each of three walks', async () => {
    const { context } = await listBehindProxy(async () => 400);
    const walking = walkConversations(context, {}, { limit: 1 });
    await expect(walking).rejects.toBeInstanceOf(CheckFailure);
    await expect(walking).rejects.toThrow(/refused on each of three walks/);
  });
});

/** A check's context with only what the each-once judgement reads: the pagination style, and skip. */
function judgingContext(kind: 'page' | 'starting_after'): CheckContext {
  return {
    profile: serverProfile(),
    target: { pagination: { kind }, seed: 7, propertyRuns: 5, propertyTimeBudgetMs: 60_000 },
    client: { journal: [] },
    skip: (reason: string) => {
      throw new CheckSkipped(reason);
    },
  } as unknown as CheckContext;
}

/** A complete walk listing these ids, on one page. */
const walkOf = (ids: readonly string[]): Walk<{ id: string }> => ({
  items: ids.map((id) => ({ id })),
  pages: [{ status: 200, body: { data: ids.map((id) => ({ id })), has_more: false } } as unknown as ApiResponse],
  complete: true,
});

describe("each of the suite's items exactly once, across pages", () => {
  const own = ['own-1', 'own-2', 'own-3'];

  it("under page numbers, does not judge walks that others' writes kept moving: each missed an item, no two alike", async () => {
    // What CI met: every walk missed one own item, because another check deleted before its page.
    let walks = 0;
    const judging = expectEachOnceAcrossPages(
      judgingContext('page'),
      async () => walkOf([`other-${++walks}`, 'own-1', 'own-3']),
      own,
      'items',
    );
    await expect(judging).rejects.toBeInstanceOf(CheckSkipped);
    await expect(judging).rejects.toThrow(/changed during each of 5 tries at two alike walks, and PAGINATION=page/);
    expect(walks).toBeGreaterThan(5);
  });

  it('under page numbers, fails a server that leaves an item out of two walks in a row alike', async () => {
    const judging = expectEachOnceAcrossPages(
      judgingContext('page'),
      async () => walkOf(['other', 'own-1', 'own-3']),
      own,
      'items',
    );
    await expect(judging).rejects.toBeInstanceOf(CheckFailure);
    await expect(judging).rejects.toThrow(
      /on two walks in a row alike, the list unchanged meanwhile[\s\S]*missing: own-2/,
    );
  });

  it('under page numbers, fails a server that lists an item twice on two walks in a row alike', async () => {
    const judging = expectEachOnceAcrossPages(
      judgingContext('page'),
      async () => walkOf(['own-1', 'own-2', 'own-2', 'own-3']),
      own,
      'items',
    );
    await expect(judging).rejects.toThrow(/repeated: own-2 \(2 times\)/);
  });

  it('under page numbers, passes when the walks after a disturbed one stand still and list each item once', async () => {
    let walks = 0;
    const judged = await expectEachOnceAcrossPages(
      judgingContext('page'),
      async () => walkOf(++walks === 1 ? ['own-1', 'own-3'] : own),
      own,
      'items',
    );
    expect(judged.items.map((item) => item.id)).toEqual(own);
  });

  it('under page numbers, does not judge when the list differs before and after two alike walks', async () => {
    let reads = 0;
    const judging = expectEachOnceAcrossPages(
      judgingContext('page'),
      async () => walkOf(['own-1', 'own-3']),
      own,
      'items',
      async () => `state-${++reads}`,
    );
    await expect(judging).rejects.toBeInstanceOf(CheckSkipped);
  });

  it('under cursors, fails a server that leaves an item out of each of three walks, however they differ', async () => {
    let walks = 0;
    const judging = expectEachOnceAcrossPages(
      judgingContext('starting_after'),
      async () => walkOf([`other-${++walks}`, 'own-1', 'own-3']),
      own,
      'items',
    );
    await expect(judging).rejects.toThrow(/in 3 attempts[\s\S]*missing: own-2/);
    expect(walks).toBe(3);
  });
});

describe('a property whose cases the target could not judge', () => {
  it('is skipped when no case could be judged, not failed', async () => {
    const context = judgingContext('page');
    const running = checkProperty(context, fc.integer(), async () => context.skip('the list never stood still'));
    await expect(running).rejects.toBeInstanceOf(CheckSkipped);
  });

  it('passes on the cases it judged, and still fails on a counterexample among them', async () => {
    const context = judgingContext('page');
    await checkProperty(context, fc.integer({ min: 0, max: 9 }), async (value) => {
      if (value % 2 === 0) context.skip('not judged');
    });
    const failing = checkProperty(context, fc.integer({ min: 0, max: 9 }), async (value) => {
      if (value % 2 === 0) context.skip('not judged');
      else throw new CheckFailure({ expected: 'an even number', received: String(value) });
    });
    await expect(failing).rejects.toThrow(/Expected: an even number/);
  });
});
