// The closed model's two generators (--generator own|autocannon) see one server alike: the same
// statuses, the same pages walked in each pagination style, and a response for every request. Our
// own loop is what msgapi load uses; autocannon stays as the well-known one to cross-check it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../../reference/listen.ts';
import { firstUserClient } from '../../../lib/core/client/user-clients.ts';
import { seedDataSet } from '../../../load/data-set.ts';
import { runClosedModel, type Generator } from '../../../load/closed-model.ts';
import type { LoadRequest } from '../../../load/load-request.ts';
import type { PaginationStyle } from '../../../lib/core/config/settings.ts';
import type { ReferenceChoices } from '../../../reference/choices.ts';

const token = 'generator-cross-check-token';

describe.each([
  ['starting_after', { kind: 'starting_after' }, {}],
  ['page numbers', { kind: 'page', param: 'page' }, { pagination: 'page' }],
] as Array<[string, PaginationStyle, Partial<ReferenceChoices>]>)(
  'both generators against the reference server, pagination by %s',
  (_name, style, choices) => {
    let server: RunningReferenceServer;
    beforeAll(async () => {
      server = await startReferenceServer({ users: [{ token, name: 'owner' }], choices });
      const client = firstUserClient(
        { accessToken: token },
        { baseUrl: server.url, encoding: 'form', timeoutMs: 10_000 },
      );
      await seedDataSet(
        client,
        'xcheck',
        { conversations: 35, groups: 0 },
        () => undefined,
        () => undefined,
      );
    });
    afterAll(async () => {
      await server?.close();
    });

    const walk = (generator: Generator) => {
      const request: LoadRequest = {
        baseUrl: server.url,
        authorization: `Bearer ${token}`,
        operation: 'listConversations',
        query: { limit: 10 },
        walk: style,
      };
      return runClosedModel(request, { generator, connections: 2, durationS: 1, timeoutMs: 5_000 });
    };

    it('walks the same pages and gets only 200s', async () => {
      const own = await walk('own');
      const autocannon = await walk('autocannon');
      for (const run of [own, autocannon]) {
        expect(run.recorder.responses).toBeGreaterThan(4);
        expect([...run.recorder.statuses.keys()]).toEqual([200]);
        expect(run.recorder.errors.size).toBe(0);
      }
      // 35 items at 10 a page: the first page and three more, whichever generator asks.
      expect(own.paths).toHaveLength(4);
      expect([...own.paths].sort()).toEqual([...autocannon.paths].sort());
    });
  },
);
