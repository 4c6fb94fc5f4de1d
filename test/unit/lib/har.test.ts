// The HAR of a run, piece by piece (lib/core/har/): an exchange as an entry (a failed one too, and
// secrets in what the server sent back), the part files each process appends to under its async
// context, and their join into one log, oldest first, whatever order the parts completed in.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../lib/core/client/exchange.ts';
import { Redactor } from '../../../lib/core/client/redactor.ts';
import { harEntry } from '../../../lib/core/har/har-entry.ts';
import { writeHar } from '../../../lib/core/har/har-file.ts';
import { harProblemsFile, recordExchange, recordingAs } from '../../../lib/core/har/har-recorder.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-hartest-');
const redact = (text: string) => new Redactor({ ACCESS_TOKEN: 'tok-123', API_KEY: 'key-456' }).redact(text);
const creator = { name: 'msgapi', version: '0.0.0-test' };

const answered: Exchange = {
  operation: 'createGroup',
  method: 'POST',
  url: 'http://127.0.0.1:1/v1/groups?x=1&y=two',
  requestHeaders: {
    accept: 'application/json',
    authorization: 'Bearer $ACCESS_TOKEN\nBearer $ACCESS_TOKEN',
    'content-type': 'application/json',
  },
  requestBody: '{"name":"é"}',
  status: 201,
  responseHeaders: { 'content-type': 'application/json', 'x-echo': 'Bearer tok-123 and key-456' },
  responseBody: '{"id":"g1"}',
  durationMs: 12.3456,
};

describe('harEntry', () => {
  it('lists headers one value each, the query, the body and its size in bytes, and redacts what the server sent back in its headers', () => {
    const entry = harEntry(answered, { startedAt: Date.UTC(2026, 0, 2), responseBytes: 11, redact }, { _check: 'a.b' });
    expect(entry.startedDateTime).toBe('2026-01-02T00:00:00.000Z');
    expect(entry.time).toBe(12.346);
    expect(entry.request.headers.filter((header) => header.name === 'authorization')).toHaveLength(2);
    expect(entry.request.queryString).toEqual([
      { name: 'x', value: '1' },
      { name: 'y', value: 'two' },
    ]);
    expect(entry.request.postData).toEqual({ mimeType: 'application/json', text: '{"name":"é"}' });
    expect(entry.request.bodySize).toBe(13);
    expect(entry.response).toMatchObject({ status: 201, statusText: 'Created', bodySize: 11 });
    expect(entry.response.headers).toContainEqual({ name: 'x-echo', value: 'Bearer $ACCESS_TOKEN and $API_KEY' });
    expect(entry._check).toBe('a.b');
  });

  it('gives an exchange that got no answer status 0 and its reason in _error, as browsers export a failed request', () => {
    const failed: Exchange = {
      operation: 'listGroups',
      method: 'GET',
      url: 'http://127.0.0.1:1/v1/groups',
      requestHeaders: { accept: 'application/json' },
      durationMs: 3,
      transportError: 'connection refused',
    };
    const entry = harEntry(failed, { startedAt: 0, redact }, { _step: 'reach' });
    expect(entry.response).toMatchObject({
      status: 0,
      statusText: '',
      bodySize: 0,
      content: { size: 0, mimeType: '' },
    });
    expect(entry.response.content.text).toBeUndefined();
    expect(entry._error).toBe('connection refused');
    expect(entry._step).toBe('reach');
  });
});

describe('recordExchange and writeHar', () => {
  it('records only under a recording, and joins the parts oldest first into one log, removing the parts folder', async () => {
    const partsDir = newDir();
    recordExchange(answered, { startedAt: 5, redact });
    expect(readdirSync(partsDir)).toEqual([]);
    // This process's part completes 30 before 10; another process's part holds 20.
    recordingAs({ partsDir, source: { _check: 'first' } }, () => {
      recordExchange(answered, { startedAt: 30, redact });
      recordExchange(answered, { startedAt: 10, redact });
    });
    const other = harEntry(answered, { startedAt: 20, redact }, { _check: 'second' });
    writeFileSync(join(partsDir, 'part-0-other.jsonl'), `${JSON.stringify(other)}\n`);

    const file = join(newDir(), 'folder', 'made', 'run.har');
    expect(await writeHar(partsDir, file, creator)).toEqual({ entries: 3 });
    const har = JSON.parse(readFileSync(file, 'utf8')) as {
      log: { version: string; creator: typeof creator; entries: Array<{ startedDateTime: string; _check: string }> };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual(creator);
    expect(har.log.entries.map((entry) => [new Date(entry.startedDateTime).getTime(), entry._check])).toEqual([
      [10, 'first'],
      [20, 'second'],
      [30, 'first'],
    ]);
    expect(() => readdirSync(partsDir)).toThrow(/ENOENT/);
  });

  it('says how many exchanges could not be recorded, and an empty run is an empty log', async () => {
    const partsDir = newDir();
    writeFileSync(harProblemsFile(partsDir), 'EACCES: permission denied\nEACCES: permission denied\n');
    const file = join(newDir(), 'run.har');
    expect(await writeHar(partsDir, file, creator)).toEqual({
      entries: 0,
      problem: '2 exchange(s) could not be recorded (EACCES: permission denied)',
    });
    expect(JSON.parse(readFileSync(file, 'utf8')).log.entries).toEqual([]);
  });

  it('notes an entry it could not append rather than throw into the check that sent it', () => {
    const partsDir = newDir();
    // A folder where the part file would be: the append fails.
    mkdirSync(join(partsDir, `part-${process.pid}-${threadId}.jsonl`));
    expect(() =>
      recordingAs({ partsDir, source: { _check: 'c' } }, () => recordExchange(answered, { startedAt: 1, redact })),
    ).not.toThrow();
    expect(readFileSync(harProblemsFile(partsDir), 'utf8')).toMatch(/EISDIR/);
  });
});
