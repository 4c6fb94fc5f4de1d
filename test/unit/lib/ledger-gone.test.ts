// The ledger's gone lines (lib/core/client/ledger.ts) and what the sweep makes of them
// (lib/core/safety/sweep.ts): a run that saw its object gone after its own delete spares the sweep
// a retrieve of it, and a gone line never makes an id the run's own. Whole runs swept are
// test/e2e/sweep.test.ts's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger, type LedgerEntry } from '../../../lib/core/client/ledger.ts';
import { firstUserClient } from '../../../lib/core/client/user-clients.ts';
import { LedgerFile } from '../../../lib/core/safety/safe-run.ts';
import { readLedgerFile, sweepClient, sweepLedger } from '../../../lib/core/safety/sweep.ts';
import { startReferenceServer } from '../../../reference/listen.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-ledger-gone-');

/** A ledger writing to a file of its own, and the file's lines as JSON. */
function ledgerInFile(): { ledger: Ledger; file: string; lines: () => unknown[] } {
  const file = join(newDir(), 'ledger-0e0e0e0e.jsonl');
  writeFileSync(file, '');
  const lines = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
  return { ledger: new Ledger(file), file, lines };
}

const goneLines = (lines: unknown[]) => lines.filter((line) => (line as { gone?: unknown }).gone === true);

describe("the ledger's gone lines", () => {
  it('are written once, when a retrieve answers unknown after a DELETE of that id by that user, and not before', () => {
    const { ledger, lines } = ledgerInFile();
    ledger.observe('createConversation', undefined, 201, { id: 'c-1' });
    // A lagging server may answer 404 right after a create: that proves nothing.
    ledger.observe('retrieveConversation', 'c-1', 404, {});
    expect(goneLines(lines())).toEqual([]);
    // The second user's delete and 404 say nothing of the first user's object: §5 answers them 404 either way.
    ledger.observe('deleteConversation', 'c-1', 404, {}, 'second');
    ledger.observe('retrieveConversation', 'c-1', 404, {}, 'second');
    ledger.observe('deleteConversation', 'c-1', 500, {});
    // Still there (a refused delete): not gone.
    ledger.observe('retrieveConversation', 'c-1', 200, { id: 'c-1' });
    expect(goneLines(lines())).toEqual([]);
    ledger.observe('retrieveConversation', 'c-1', 404, {});
    ledger.observe('retrieveConversation', 'c-1', 404, {});
    expect(goneLines(lines())).toEqual([{ gone: true, kind: 'conversation', id: 'c-1' }]);
  });

  it("are written for the second user's objects as that user, and for the conversation a run's group named once the group is deleted", () => {
    const { ledger, lines } = ledgerInFile();
    ledger.observe('createGroup', undefined, 201, { id: 'g-1', conversation_id: 'gc-1' }, 'second');
    ledger.observe('deleteGroup', 'g-1', 204, undefined, 'second');
    ledger.observe('retrieveGroup', 'g-1', 404, {}, 'second');
    // Named by the group's create answer, never verified as its own: gone all the same.
    ledger.observe('retrieveConversation', 'gc-1', 404, {}, 'second');
    expect(goneLines(lines())).toEqual([
      { gone: true, kind: 'group', id: 'g-1', user: 'second' },
      { gone: true, kind: 'conversation', id: 'gc-1', user: 'second' },
    ]);
    // Still not the run's own to change: a gone line grants nothing.
    expect(ledger.refusal('conversation', 'gc-1')).toMatch(/no retrieve has shown it belongs/);
  });

  it('are never written for an invented id, a stranger, nor an id the users held before the run', () => {
    const file = join(newDir(), 'ledger-0f0f0f0f.jsonl');
    writeFileSync(file, '');
    const ledger = new Ledger(file, { has: (kind, id) => kind === 'group' && id === 'g-held', complete: true });
    ledger.invent('c-invented', 'conversation');
    ledger.observe('createGroup', undefined, 201, { id: 'g-held' });
    for (const [kind, id] of [
      ['conversation', 'c-invented'],
      ['conversation', 'c-stranger'],
      ['group', 'g-held'],
    ] as const) {
      ledger.observe(kind === 'group' ? 'deleteGroup' : 'deleteConversation', id, 404, {});
      ledger.observe(kind === 'group' ? 'retrieveGroup' : 'retrieveConversation', id, 404, {});
    }
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});

describe('readLedgerFile with gone lines', () => {
  const entryLines: object[] = [
    { kind: 'conversation', id: 'c-1' },
    { kind: 'conversation', id: 'c-2', user: 'second' },
    { kind: 'group', id: 'g-1', conversation_id: 'gc-1' },
    { kind: 'group', id: 'g-2', conversation_id: 'gc-2' },
  ];
  const goneLineList: object[] = [
    { gone: true, kind: 'conversation', id: 'c-1' },
    // The first user's, for the second user's conversation: not that one.
    { gone: true, kind: 'conversation', id: 'c-2' },
    { gone: true, kind: 'group', id: 'g-1' },
    { gone: true, kind: 'conversation', id: 'gc-1' },
    // A group's, not the conversation of the same id.
    { gone: true, kind: 'group', id: 'c-1' },
    // Names no entry: ignored, never an entry.
    { gone: true, kind: 'conversation', id: 'c-stranger' },
  ];
  const write = (lines: readonly object[]) => {
    const file = join(newDir(), 'ledger-1e1e1e1e.jsonl');
    writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    return file;
  };
  const byId = (entries: LedgerEntry[]) => [...entries].sort((a, b) => a.id.localeCompare(b.id));
  const expected: LedgerEntry[] = [
    { kind: 'conversation', id: 'c-1', gone: true },
    { kind: 'conversation', id: 'c-2', user: 'second' },
    { kind: 'group', id: 'g-1', conversation_id: 'gc-1', gone: true, conversation_gone: true },
    { kind: 'group', id: 'g-2', conversation_id: 'gc-2' },
  ];

  it('marks the entry of the same type, id and user, and a group whose conversation was seen gone, whatever the order of the lines', () => {
    expect(byId(readLedgerFile(write([...entryLines, ...goneLineList])))).toEqual(expected);
    expect(byId(readLedgerFile(write([...goneLineList].reverse().concat(entryLines))))).toEqual(expected);
    const interleaved = entryLines.flatMap((line, index) => [goneLineList[index]!, line]).concat(goneLineList.slice(4));
    expect(byId(readLedgerFile(write(interleaved)))).toEqual(expected);
  });

  it('makes no entry of a gone line: a stranger id stays refused to a sweep client built from the file', () => {
    const file = write(goneLineList);
    expect(readLedgerFile(file)).toEqual([]);
    const client = sweepClient(
      { url: 'http://127.0.0.1:9', accessToken: 'unused', encoding: 'json', timeoutMs: 1_000 },
      readLedgerFile(write([...goneLineList, { kind: 'conversation', id: 'c-9' }])),
    );
    expect(client.ledgerOwns('conversation', 'c-stranger')).toBe(false);
    expect(client.ledgerOwns('conversation', 'c-1')).toBe(false);
    expect(client.ledgerOwns('conversation', 'c-9')).toBe(true);
  });
});

describe('sweepLedger with what the run saw gone', () => {
  it('sends nothing for a gone entry nor for the conversation of a group seen gone with it, and still removes what is there', async () => {
    const token = 'gone-token';
    const server = await startReferenceServer({ users: [{ token, name: 'first' }] });
    try {
      const { ledger, file } = ledgerInFile();
      const address = { url: server.url, accessToken: token, encoding: 'json' as const, timeoutMs: 10_000 };
      const run = firstUserClient({ accessToken: token }, { ...address, baseUrl: server.url, ledger });
      const idOf = (body: unknown) => (body as { id: string }).id;
      // As a check and its cleanup do: create, delete, verify gone with a retrieve.
      const deletedConversation = idOf((await run.createConversation({ contact_id: 'msgapi-0e0e0e0e-a' })).body);
      await run.deleteConversation(deletedConversation);
      expect((await run.retrieveConversation(deletedConversation)).status).toBe(404);
      const group = (await run.createGroup({ name: 'msgapi-conformance 0e0e0e0e g' })).body as {
        id: string;
        conversation_id: string;
      };
      await run.deleteGroup(group.id);
      expect((await run.retrieveGroup(group.id)).status).toBe(404);
      expect((await run.retrieveConversation(group.conversation_id)).status).toBe(404);
      // And one the run left behind.
      const left = idOf((await run.createConversation({ contact_id: 'msgapi-0e0e0e0e-b' })).body);

      const entries = readLedgerFile(file);
      expect(byKindAndId(entries)).toEqual(
        [
          `conversation ${deletedConversation} gone`,
          `conversation ${left}`,
          `group ${group.id} gone conversation_gone`,
        ].sort(),
      );
      const sweeper = sweepClient(address, entries);
      expect(await sweepLedger(entries, sweeper)).toEqual({ deleted: 1, leftovers: [] });
      expect(sweeper.journal.map((exchange) => `${exchange.method} ${exchange.url.replace(server.url, '')}`)).toEqual([
        `GET /v1/conversations/${left}`,
        `DELETE /v1/conversations/${left}`,
        `GET /v1/conversations/${left}`,
      ]);
    } finally {
      await server.close();
    }
  });

  it("counts a gone entry of the second user gone without that user's client, but not a conversation not seen gone", async () => {
    const entries: LedgerEntry[] = [
      { kind: 'group', id: 'g-2', conversation_id: 'gc-2', user: 'second', gone: true, conversation_gone: true },
      { kind: 'group', id: 'g-3', conversation_id: 'gc-3', user: 'second', gone: true },
    ];
    const client = sweepClient(
      { url: 'http://127.0.0.1:9', accessToken: 'unused', encoding: 'json', timeoutMs: 1_000 },
      entries,
    );
    expect(await sweepLedger(entries, client)).toEqual({
      deleted: 0,
      leftovers: [
        {
          kind: 'conversation',
          id: 'gc-3',
          reason: 'made by the user of SECOND_ACCESS_TOKEN, which this sweep was not given: run msgapi cleanup with it',
        },
      ],
    });
    expect(client.journal).toEqual([]);
  });
});

describe("the run's sweep after what the run saw gone came back", () => {
  it('finds it by the marker and deletes it: the ledger counts it gone, the search is the backstop', async () => {
    const token = 'back-token';
    const server = await startReferenceServer({ users: [{ token, name: 'first' }] });
    try {
      const address = { url: server.url, accessToken: token, encoding: 'json' as const, timeoutMs: 10_000 };
      const owner = firstUserClient({ accessToken: token }, { ...address, baseUrl: server.url });
      // What a faulty server brought back after the run saw it gone: its ledger file says so.
      const back = (await owner.createConversation({ contact_id: 'msgapi-0b0b0b0b-back' })).body as { id: string };
      const file = join(newDir(), 'ledger-0b0b0b0b.jsonl');
      writeFileSync(
        file,
        [
          { kind: 'conversation', id: back.id },
          { gone: true, kind: 'conversation', id: back.id },
        ]
          .map((line) => `${JSON.stringify(line)}\n`)
          .join(''),
      );
      const swept = await LedgerFile.existing(file).sweep(address, {
        runId: '0b0b0b0b',
        pagination: { kind: 'starting_after' },
      });
      expect({ deleted: swept.deleted, leftovers: swept.leftovers, marked: swept.marked }).toEqual({
        deleted: 1,
        leftovers: [],
        marked: 1,
      });
      expect((await owner.retrieveConversation(back.id)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

/** Each entry as `kind id` and its gone marks, sorted: ids differ from run to run. */
function byKindAndId(entries: readonly LedgerEntry[]): string[] {
  return entries
    .map((entry) =>
      [entry.kind, entry.id, entry.gone ? 'gone' : '', entry.conversation_gone ? 'conversation_gone' : '']
        .filter((part) => part !== '')
        .join(' '),
    )
    .sort();
}
