// The HAR file of a run: a parts folder made when the run starts, where every process appends the
// entries of its exchanges (har-recorder.ts), joined at the end into one HAR 1.2 log, entries
// oldest first as the format prefers. A part holds its process's entries as they completed, not
// as they started (checks run side by side): the join reads each part once for where each entry
// lies and when it started, sorts that index, and copies the entries in that order, so memory
// holds a few numbers an entry, never the entries themselves.
import { once } from 'node:events';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { harProblemsFile } from './har-recorder.ts';

/** A folder of its own in the temp folder for a run's parts; removed by writeHar. */
export function makeHarParts(): string {
  return mkdtempSync(join(tmpdir(), 'msgapi-har-'));
}

/** Where an entry lies in its part, and when its request started. */
interface Located {
  started: string;
  part: number;
  offset: number;
  length: number;
}

async function locateEntries(file: string, part: number): Promise<Located[]> {
  const located: Located[] = [];
  let offset = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    const length = Buffer.byteLength(line);
    if (line.trim() !== '') {
      const { startedDateTime } = JSON.parse(line) as { startedDateTime: string };
      located.push({ started: startedDateTime, part, offset, length });
    }
    offset += length + 1;
  }
  return located;
}

/**
 * Joins the parts into the HAR file (its folder made when missing) and removes the parts folder.
 * Returns how many entries the file holds, and the first thing that kept an exchange out of its
 * part, if anything did.
 */
export async function writeHar(
  partsDir: string,
  file: string,
  creator: { name: string; version: string },
): Promise<{ entries: number; problem?: string }> {
  const descriptors: number[] = [];
  try {
    const problems = existsSync(harProblemsFile(partsDir))
      ? readFileSync(harProblemsFile(partsDir), 'utf8').split('\n').filter(Boolean)
      : [];
    const parts = readdirSync(partsDir)
      .filter((name) => name.endsWith('.jsonl'))
      .sort()
      .map((name) => join(partsDir, name));
    const located = (await Promise.all(parts.map((part, index) => locateEntries(part, index)))).flat();
    // ISO 8601 in UTC sorts as text; the sort is stable, so entries that started together keep their part's order.
    located.sort((a, b) => (a.started < b.started ? -1 : a.started > b.started ? 1 : 0));
    for (const part of parts) descriptors.push(openSync(part, 'r'));
    mkdirSync(dirname(file), { recursive: true });
    const out = createWriteStream(file);
    const failed = once(out, 'error').then(([error]) => Promise.reject(error as Error));
    failed.catch(() => {});
    const write = async (text: string) => {
      if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
    };
    await write(`{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"pages":[],"entries":[`);
    for (const [index, entry] of located.entries()) {
      const line = Buffer.alloc(entry.length);
      readSync(descriptors[entry.part]!, line, 0, entry.length, entry.offset);
      await write(`${index === 0 ? '\n' : ',\n'}${line.toString('utf8')}`);
    }
    out.end(`\n]}}\n`);
    await Promise.race([once(out, 'finish'), failed]);
    return problems.length === 0
      ? { entries: located.length }
      : { entries: located.length, problem: `${problems.length} exchange(s) could not be recorded (${problems[0]})` };
  } finally {
    for (const descriptor of descriptors) closeSync(descriptor);
    rmSync(partsDir, { recursive: true, force: true });
  }
}
