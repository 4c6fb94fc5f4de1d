import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/listen.ts';
import { ApiClient } from '../src/client/api-client.ts';
import { Redactor } from '../src/client/redactor.ts';
import type { ConformanceReport } from '../src/report/check-result.ts';
import { runCli } from './helpers/run-cli.ts';

const token = 'owner-token-concurrent';
const secondToken = 'second-token-concurrent';

function clientFor(url: string, bearer: string): ApiClient {
  return new ApiClient({
    baseUrl: url,
    credentials: { kind: 'token', token: bearer, secretName: 'ACCESS_TOKEN' },
    encoding: 'json',
    timeoutMs: 5_000,
    redactor: new Redactor({ ACCESS_TOKEN: bearer }),
  });
}

/** Data that is not the suite's, of both users: muted, pinned and archived conversations, groups. */
async function seedForeignData(client: ApiClient): Promise<Array<{ kind: 'conversation' | 'group'; id: string; body: unknown }>> {
  const seeded: Array<{ kind: 'conversation' | 'group'; id: string; body: unknown }> = [];
  for (let n = 0; n < 25; n++) {
    const created = (await client.createConversation({ contact_id: `foreign-contact-${n}` })).body as { id: string; created_at: number };
    const flags = { is_muted: n % 2 === 0, is_pinned: n % 3 === 0, ...(n % 4 === 0 ? { archived_at: created.created_at } : {}) };
    const updated = await client.updateConversation(created.id, flags);
    seeded.push({ kind: 'conversation', id: created.id, body: updated.body });
  }
  for (let n = 0; n < 12; n++) {
    const created = (await client.createGroup({ name: `Foreign group ${n}`, contacts: [{ username: `foreign-${n}` }] })).body as { id: string; created_at: number };
    const body = n % 3 === 0 ? (await client.updateGroup(created.id, { archived_at: created.created_at })).body : created;
    seeded.push({ kind: 'group', id: created.id, body });
  }
  return seeded;
}

describe('against a target that already holds data, with two runs at the same time', () => {
  it('both runs pass and every foreign record is unchanged, field for field', async () => {
    const server = await startReferenceServer({ users: [{ token, name: 'owner' }, { token: secondToken, name: 'second' }] });
    try {
      const owners = [clientFor(server.url, token), clientFor(server.url, secondToken)];
      const foreign = (await Promise.all(owners.map(seedForeignData))).map((records, user) => ({ records, client: owners[user]! }));

      const dirs = [mkdtempSync(join(tmpdir(), 'msgapi-run-a-')), mkdtempSync(join(tmpdir(), 'msgapi-run-b-'))];
      const env = { BASE_URL: server.url, ACCESS_TOKEN: token, SECOND_ACCESS_TOKEN: secondToken, GROUP_CONTACTS: 'replace' };
      const runs = await Promise.all(dirs.map((dir) => runCli(['check'], { ...env, REPORTS_DIR: dir })));

      for (const [index, run] of runs.entries()) {
        const report: ConformanceReport = JSON.parse(readFileSync(join(dirs[index]!, 'conformance.json'), 'utf8'));
        const notPassed = report.checks.filter((check) => check.status !== 'passed').map((check) => `${check.id}: ${check.status} ${check.message}`);
        expect(notPassed, `run ${index + 1}`).toEqual([]);
        expect(run.code, run.stderr).toBe(0);
      }

      for (const { records, client } of foreign) {
        for (const record of records) {
          const now = record.kind === 'group' ? await client.retrieveGroup(record.id) : await client.retrieveConversation(record.id);
          expect(now.body, `${record.kind} ${record.id}`).toEqual(record.body);
        }
      }
    } finally {
      await server.close();
    }
  });
});
