// The run's own sweep (issue 24): at the end of every run, what the ledger names and what a
// retrieve shows carrying the run's marker is deleted; an archived record a target will not delete
// is restored and deleted again; what still remains is reported with its reason and the exact
// msgapi cleanup command. Against a target whose group creates answer with another object (the
// group's id is never learned) and one that refuses to delete archived records, a run leaves
// nothing of its own: the reference server's store, read in this process, holds exactly what it
// held before the run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { changedForeignRecords, ownerClient, seedForeignData } from '../../conformance/matrix/foreign-data.ts';
import { Ledger } from '../../lib/core/client/ledger.ts';
import { firstUserClient } from '../../lib/core/client/user-clients.ts';
import { carriesRunMarker } from '../../lib/core/safety/run-names.ts';
import { priorIds, takeSnapshot } from '../../lib/core/safety/snapshot.ts';
import { findMarked, readLedgerFile, sweepClient, sweepLedger } from '../../lib/core/safety/sweep.ts';
import { removeDataSet, seedDataSet } from '../../load/data-set.ts';
import type { Account } from '../../reference/auth.ts';
import { faultModifiers, type FaultName } from '../../reference/faults/registry.ts';
import { startReferenceServer } from '../../reference/listen.ts';
import { armable, type ServerModifier } from '../../reference/modifiers.ts';
import type { UserStore } from '../../reference/store.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { forward, listenLocally, withBody } from '../helpers/test-server.ts';

const newDir = tempDirs('msgapi-sweep-');

const token = 'sweep-token-first';
const secondToken = 'sweep-token-second';
const users = [
  { token, name: 'first' },
  { token: secondToken, name: 'second' },
];
const archivedRefused: FaultName[] = ['conversations.delete.archived-refused', 'groups.delete.archived-refused'];

interface Answer {
  method: string;
  resource: string | undefined;
  id: string | undefined;
  status: number;
  body: unknown;
}

/**
 * The outermost modifier: every user's store as the server holds it (what a fault's wrapped store
 * hides shows here) and every answer as it is written.
 */
function watch(): { modifier: ServerModifier; stores: Map<string, UserStore>; answers: Answer[] } {
  const stores = new Map<string, UserStore>();
  const answers: Answer[] = [];
  return {
    stores,
    answers,
    modifier: {
      authenticate: (next) => (header, accounts: ReadonlyMap<string, Account>) => {
        for (const account of accounts.values()) stores.set(account.name, account.store);
        return next(header, accounts);
      },
      reply: (reply, route) => {
        answers.push({
          method: route.method,
          resource: route.resource,
          id: route.id,
          status: reply.status,
          body: reply.body,
        });
        return reply;
      },
    },
  };
}

/** What a store holds: every id, and every name or contact_id, by type. */
function held(store: UserStore) {
  const groups = store.groups.newestFirst().map((entry) => entry.value);
  const conversations = store.conversations.newestFirst().map((entry) => entry.value);
  return {
    ids: [
      ...groups.map((group) => `group ${group.id}`),
      ...conversations.map((conversation) => `conversation ${conversation.id}`),
    ].sort(),
    marks: [...groups.map((group) => group.name), ...conversations.map((conversation) => conversation.contact_id)],
  };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const runs: ReadonlyArray<{
  faults: FaultName[];
  only: string;
  premise: string;
  shows: (answers: readonly Answer[]) => boolean;
}> = [
  {
    faults: ['groups.create.answers-conversation'],
    only: 'groups.create.,groups.delete.',
    premise: 'a group create answered 201 with an object that is not the group',
    shows: (answers) =>
      answers.some(
        (answer) =>
          answer.method === 'POST' &&
          answer.resource === 'groups' &&
          answer.status === 201 &&
          !('conversation_id' in record(answer.body)),
      ),
  },
  {
    faults: archivedRefused,
    only: 'conversations.delete.,groups.delete.,conversations.archive.,groups.archive.',
    premise:
      'a DELETE of an archived record refused, and that record later restored (PUT archived_at=null answered 2xx)',
    shows: (answers) => {
      const refused = answers
        .filter((answer) => answer.method === 'DELETE' && answer.status === 409)
        .map((answer) => `${answer.resource} ${answer.id}`);
      const restored = answers
        .filter((answer) => answer.method === 'PUT' && answer.status < 300 && record(answer.body).archived_at === null)
        .map((answer) => `${answer.resource} ${answer.id}`);
      return refused.length > 0 && refused.every((id) => restored.includes(id));
    },
  },
];

describe.each(runs)(
  "msgapi check against $faults, with the users' own data on the target",
  ({ faults, only, premise, shows }) => {
    it(
      `is caught, and leaves nothing of its own: the store holds what it held before (premise: ${premise})`,
      { timeout: 120_000 },
      async () => {
        const switched = armable(faultModifiers(faults));
        const watched = watch();
        const server = await startReferenceServer({ users, modifiers: [...switched.modifiers, watched.modifier] });
        try {
          const owners = [ownerClient(server.url, token), ownerClient(server.url, secondToken)];
          const foreign = [
            ...(await seedForeignData(owners[0]!, 'foreign-a')),
            ...(await seedForeignData(owners[1]!, 'foreign-b')),
          ];
          const before = [...watched.stores].map(([name, store]) => [name, held(store).ids] as const);
          switched.arm();
          const dir = newDir();
          const result = await runCli(['check', '--only', only], {
            BASE_URL: server.url,
            ACCESS_TOKEN: token,
            SECOND_ACCESS_TOKEN: secondToken,
            REPORTS_DIR: dir,
            PROPERTY_RUNS: '3',
          });
          const report: ConformanceReport = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));

          expect(result.code, result.stdout.slice(-3000) + result.stderr).toBe(1);
          expect(report.checks.some((check) => check.status === 'failed')).toBe(true);
          expect(shows(watched.answers), premise).toBe(true);
          expect(report.leftovers).toEqual([]);
          expect(report.ledger_file).toBeNull();
          const after = [...watched.stores].map(([name, store]) => [name, held(store).ids] as const);
          expect(after).toEqual(before);
          const marked = [...watched.stores.values()].flatMap((store) =>
            held(store).marks.filter((mark) => carriesRunMarker(mark, report.run_id)),
          );
          expect(marked).toEqual([]);
          expect(await changedForeignRecords(foreign)).toEqual([]);
        } finally {
          await server.close();
        }
      },
    );
  },
);

describe('an archived record the target will not delete, nor restore', () => {
  it(
    'is reported with the reason and the exact cleanup command, which runs and says the same; no token is printed',
    { timeout: 120_000 },
    async () => {
      const server = await startReferenceServer({
        users: [users[0]!],
        choices: { restore: 'refused' },
        modifiers: faultModifiers(archivedRefused),
      });
      try {
        const dir = newDir();
        const env = {
          BASE_URL: server.url,
          ACCESS_TOKEN: token,
          REPORTS_DIR: dir,
          BODY_ENCODING: 'form',
          PAGINATION: 'starting_after',
        };
        const result = await runCli(['check', '--only', 'conversations.delete.archived'], env);
        expect(result.code, result.stdout + result.stderr).toBe(1);
        const report: ConformanceReport = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
        const command = `msgapi cleanup --ledger ${report.ledger_file} --base-url ${server.url} --body-encoding form --pagination starting_after`;
        expect(report.leftovers).toEqual([
          {
            kind: 'conversation',
            id: expect.any(String),
            reason: expect.stringMatching(
              /^still retrievable after DELETE answered 409, archived \(archived_at \d+\); restoring it to delete it again \(PUT archived_at=null, which §3 does not show\) answered 400, so it stays archived$/,
            ),
            cleanup: command,
          },
        ]);
        expect(result.stdout).toContain(
          `  conversation ${report.leftovers[0]!.id}: still retrievable after DELETE answered 409`,
        );
        expect(result.stdout).toContain(`Try again later with: ${command}\n`);
        expect(
          result.stdout +
            result.stderr +
            readFileSync(join(dir, 'conformance.json'), 'utf8') +
            readFileSync(join(dir, 'index.html'), 'utf8'),
        ).not.toContain(token);

        const again = await runCli(command.split(' ').slice(1), { ACCESS_TOKEN: token });
        expect(again.code, again.stdout + again.stderr).toBe(1);
        expect(again.stdout).toContain(
          `conversation ${report.leftovers[0]!.id}: still retrievable after DELETE answered 409, archived`,
        );
        expect(again.stdout + again.stderr).not.toContain(token);
      } finally {
        await server.close();
      }
    },
  );
});

describe('msgapi cleanup against a target that refuses to delete archived records', () => {
  it(
    "restores each archived record of the ledger, and of the marker, deletes it again and verifies it gone; the users' own archived records stay",
    { timeout: 60_000 },
    async () => {
      const watched = watch();
      const server = await startReferenceServer({
        users: [users[0]!],
        modifiers: [...faultModifiers(archivedRefused), watched.modifier],
      });
      try {
        const owner = ownerClient(server.url, token);
        const foreign = await seedForeignData(owner, 'foreign');
        const dir = newDir();
        // What a run's ledger lists (run 1a1b1c1d), and what only carries a marker (run 0a0b0c0d): all archived.
        const ledgerFile = join(dir, 'ledger-1a1b1c1d.jsonl');
        const client = firstUserClient(
          { accessToken: token },
          { baseUrl: server.url, encoding: 'form', timeoutMs: 10_000, ledger: new Ledger(ledgerFile) },
        );
        const made: Array<{ kind: 'group' | 'conversation'; id: string }> = [];
        for (const [runId, maker] of [
          ['1a1b1c1d', client],
          ['0a0b0c0d', owner],
        ] as const) {
          const group = (await maker.createGroup({ name: `msgapi-conformance ${runId} archived` })).body as {
            id: string;
            created_at: number;
          };
          const conversation = (await maker.createConversation({ contact_id: `msgapi-${runId}-archived` })).body as {
            id: string;
            created_at: number;
          };
          expect((await maker.updateGroup(group.id, { archived_at: group.created_at })).status).toBe(200);
          expect(
            (await maker.updateConversation(conversation.id, { archived_at: conversation.created_at })).status,
          ).toBe(200);
          made.push({ kind: 'group', id: group.id }, { kind: 'conversation', id: conversation.id });
        }
        // And one of run 1a1b1c1d that its ledger does not name (a create whose answer never gave the id).
        const unrecorded = (await owner.createGroup({ name: 'msgapi-conformance 1a1b1c1d unrecorded' })).body as {
          id: string;
          created_at: number;
        };
        expect((await owner.updateGroup(unrecorded.id, { archived_at: unrecorded.created_at })).status).toBe(200);
        made.push({ kind: 'group', id: unrecorded.id });
        expect(readLedgerFile(ledgerFile)).toHaveLength(2);
        // The premise: this target does refuse them.
        expect((await owner.deleteConversation(made[3]!.id)).status).toBe(409);
        expect(made).toHaveLength(5);

        const byLedger = await runCli(['cleanup', '--ledger', ledgerFile], {
          BASE_URL: server.url,
          ACCESS_TOKEN: token,
        });
        expect(byLedger.code, byLedger.stdout + byLedger.stderr).toBe(0);
        // The unrecorded group's conversation too, found as the marked group's: gone with its group (§3).
        expect(byLedger.stdout).toBe(
          `${ledgerFile}: 2 recorded, 2 more found by its marker, 3 deleted now, 1 already gone, 0 left.\n`,
        );
        const byMarker = await runCli(['cleanup', '--marker', '0a0b0c0d'], {
          BASE_URL: server.url,
          ACCESS_TOKEN: token,
        });
        expect(byMarker.code, byMarker.stdout + byMarker.stderr).toBe(0);
        expect(byMarker.stdout).toContain('marker 0a0b0c0d: 3 found, 2 deleted now, 1 already gone, 0 left.');

        for (const { kind, id } of made) {
          expect(
            (kind === 'group' ? await owner.retrieveGroup(id) : await owner.retrieveConversation(id)).status,
            `${kind} ${id}`,
          ).toBe(404);
          expect(
            watched.answers.some(
              (answer) => answer.method === 'PUT' && answer.id === id && record(answer.body).archived_at === null,
            ),
            `${kind} ${id} restored`,
          ).toBe(true);
        }
        expect(await changedForeignRecords(foreign)).toEqual([]);
      } finally {
        await server.close();
      }
    },
  );
});

describe("the load harness's data set on a target that refuses to delete archived records", () => {
  it('is removed whole: its archived groups and conversations restored and deleted', async () => {
    const watched = watch();
    const server = await startReferenceServer({
      users: [users[0]!],
      modifiers: [...faultModifiers(archivedRefused), watched.modifier],
    });
    try {
      const ledgerFile = join(newDir(), 'ledger-10ad10ad.jsonl');
      const ledger = new Ledger(
        ledgerFile,
        priorIds(await takeSnapshot([ownerClient(server.url, token)], { kind: 'starting_after' })),
      );
      const address = { url: server.url, accessToken: token, encoding: 'form' as const, timeoutMs: 10_000 };
      const seeder = firstUserClient(
        { accessToken: token },
        { baseUrl: server.url, encoding: 'form', timeoutMs: 10_000, ledger },
      );
      await seedDataSet(
        seeder,
        '10ad10ad',
        { conversations: 15, groups: 10 },
        () => undefined,
        (entry) => ledger.record(entry.kind, entry.id),
      );
      const store = watched.stores.get('first')!;
      const archived = [...store.groups.newestFirst(), ...store.conversations.newestFirst()].filter(
        (entry) => entry.value.archived_at !== null,
      );
      expect(archived.length).toBeGreaterThan(0);

      const entries = readLedgerFile(ledgerFile);
      expect(await removeDataSet(entries, sweepClient(address, entries, ledger.prior))).toEqual({
        deleted: 25,
        leftovers: [],
      });
      expect(held(store).ids).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe("the sweep's search by marker", () => {
  it('takes the largest page the target accepts, reads a bounded number of pages, and says which list it did not read to its end', async () => {
    // A target that refuses pages of more than 50 (§8 leaves the maximum open).
    const narrow: ServerModifier = {
      handle: (next) => (context, route) =>
        Number(context.query().values.limit) > 50
          ? Promise.resolve({ status: 400, body: { error: { type: 'invalid_request_error', message: 'limit' } } })
          : next(context, route),
    };
    const server = await startReferenceServer({ users: [users[0]!], modifiers: [narrow] });
    try {
      const owner = ownerClient(server.url, token);
      for (let n = 0; n < 110; n++) await owner.createConversation({ contact_id: `someone-else-${n}` });
      const ours = [];
      for (let n = 0; n < 3; n++)
        ours.push(((await owner.createConversation({ contact_id: `msgapi-5eac5eac-${n}` })).body as { id: string }).id);
      const finder = sweepClient({ url: server.url, accessToken: token, encoding: 'form', timeoutMs: 10_000 }, []);

      const found = await findMarked(finder, '5eac5eac', { kind: 'starting_after' }, 2);
      expect(found.entries.map((entry) => entry.id).sort()).toEqual([...ours].sort());
      expect(found.unread).toEqual(['the conversations list was read to 2 pages (100 items), not to its end']);
      expect(
        finder.journal.map(
          (exchange) =>
            `${exchange.method} ${exchange.url.replace(server.url, '').replace(/starting_after=[^&]+/, 'starting_after=…')} ${exchange.status}`,
        ),
      ).toEqual([
        'GET /v1/groups?limit=100 400',
        'GET /v1/groups?limit=50 200',
        'GET /v1/conversations?limit=100 400',
        'GET /v1/conversations?limit=50 200',
        'GET /v1/conversations?starting_after=…&limit=50 200',
        ...ours.map(() => expect.stringMatching(/^GET \/v1\/conversations\/\S+ 200$/)),
      ]);
      // Nothing it found is deleted by the search itself; the sweep deletes it.
      expect(
        await sweepLedger(
          found.entries,
          sweepClient({ url: server.url, accessToken: token, encoding: 'form', timeoutMs: 10_000 }, found.entries),
        ),
      ).toEqual({ deleted: 3, leftovers: [] });
    } finally {
      await server.close();
    }
  });
});

describe('msgapi cleanup with two tokens of one account', () => {
  // A gateway's two keys for one account (or a server that shows one user's records to another):
  // both users find every object the run made. Each is one object, counted and deleted once.
  it('counts each object once, by marker and by ledger, and calls none "already gone"', async () => {
    const server = await startReferenceServer({ users: [users[0]!] });
    // The second token reaches the first user's account.
    const gateway = await listenLocally(
      withBody((req, res, body) => {
        if (req.headers.authorization === `Bearer ${secondToken}`) req.headers.authorization = `Bearer ${token}`;
        void forward(server.url, req, body).then((answer) => {
          res.writeHead(answer.status, { 'content-type': answer.contentType });
          res.end(answer.text);
        });
      }),
    );
    try {
      const runId = 'c1ea0c1e';
      const ledgerFile = join(newDir(), `ledger-${runId}.jsonl`);
      const maker = firstUserClient(
        { accessToken: token },
        { baseUrl: server.url, encoding: 'form', timeoutMs: 10_000, ledger: new Ledger(ledgerFile) },
      );
      for (let n = 1; n <= 4; n++) await maker.createConversation({ contact_id: `msgapi${runId}kabc${n}` });
      expect(readLedgerFile(ledgerFile)).toHaveLength(4);
      const settings = { BASE_URL: gateway.url, ACCESS_TOKEN: token, SECOND_ACCESS_TOKEN: secondToken };

      const listed = await runCli(['cleanup', '--marker', runId, '--dry-run'], settings);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout.split('\n').filter((line) => line.startsWith('  conversation '))).toHaveLength(4);

      const byLedger = await runCli(['cleanup', '--ledger', ledgerFile], settings);
      expect(byLedger.code, byLedger.stdout + byLedger.stderr).toBe(0);
      expect(byLedger.stdout).toBe(`${ledgerFile}: 4 recorded, 4 deleted now, 0 already gone, 0 left.\n`);
    } finally {
      await gateway.close();
      await server.close();
    }
  });
});
