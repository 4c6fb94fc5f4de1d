// The ids the users' lists hold when a run starts: whatever any answer later says, none of them is
// ever the run's own (ledger.ts refuses to update or delete them). GETs only, and bounded: each
// list is walked with the largest page the target accepts, up to a number of pages; when a list
// is longer, the snapshot says it is incomplete.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { QueryValue } from '../../api/operations.ts';
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import type { PriorIds } from '../client/ledger.ts';
import { everyReading } from '../profile/server-profile.ts';
import { nextPageQuery } from '../client/pagination.ts';
import type { PaginationStyle } from '../config/settings.ts';

export interface Snapshot {
  taken_at: string;
  /** True when every list was read to its end. */
  complete: boolean;
  /** Why it is not complete: one line per list that was not read to its end. */
  incomplete: string[];
  conversations: string[];
  groups: string[];
}

/** Page sizes tried in turn: the spec leaves the maximum open (§8), and a server may refuse a larger one. */
export const listPageSizes: ReadonlyArray<number | undefined> = [100, 50, 20, 10, undefined];

export const defaultSnapshotPages = 50;

async function walk(
  client: ApiClient,
  kind: 'conversation' | 'group',
  pagination: PaginationStyle,
  maxPages: number,
  ids: Set<string>,
): Promise<string | undefined> {
  const operation = kind === 'group' ? 'listGroups' : 'listConversations';
  let limit: number | undefined;
  let query: Record<string, QueryValue> = {};
  for (let index = 0, seen = 0; index < maxPages; index++) {
    let response: ApiResponse | undefined;
    if (index === 0) {
      // The first page finds the largest size the target accepts.
      for (const size of listPageSizes) {
        response = await client.call(operation, { query: size === undefined ? {} : { limit: size } });
        limit = size;
        if (!everyReading.isRefusal(response.status)) break;
      }
    } else {
      response = await client.call(operation, { query: { ...query, ...(limit === undefined ? {} : { limit }) } });
    }
    if (response === undefined) return `the ${kind}s list was not read`;
    const page = response.body as { has_more?: unknown; data?: unknown } | undefined;
    if (!everyReading.isSuccess(response.status) || !Array.isArray(page?.data))
      return `the ${kind}s list answered ${response.status} on page ${index + 1}`;
    const items = page.data as Array<{ id?: unknown }>;
    for (const item of items) if (typeof item?.id === 'string') ids.add(item.id);
    seen += items.length;
    if (page.has_more !== true) return undefined;
    const next = nextPageQuery(pagination, {
      index,
      itemsSoFar: seen,
      lastId: items.at(-1)?.id as string | undefined,
      envelope: page as Record<string, unknown>,
    });
    if (!('query' in next)) return `the ${kind}s list has more than ${seen} items and no next page could be asked for`;
    query = next.query;
  }
  return `the ${kind}s list has more than ${maxPages} pages`;
}

/** Reads the lists of every given user (the first and the second); never sends anything but GET. */
export async function takeSnapshot(
  clients: readonly ApiClient[],
  pagination: PaginationStyle,
  maxPages = defaultSnapshotPages,
): Promise<Snapshot> {
  const conversations = new Set<string>();
  const groups = new Set<string>();
  const incomplete: string[] = [];
  for (const client of clients) {
    for (const [kind, ids] of [
      ['conversation', conversations],
      ['group', groups],
    ] as const) {
      try {
        const why = await walk(client, kind, pagination, maxPages, ids);
        if (why !== undefined) incomplete.push(why);
      } catch (error) {
        incomplete.push(`the ${kind}s list could not be read: ${(error as Error).message}`);
      }
    }
  }
  return {
    taken_at: new Date().toISOString(),
    complete: incomplete.length === 0,
    incomplete,
    conversations: [...conversations],
    groups: [...groups],
  };
}

/** The ids of a snapshot as the ledger consults them, by type (ids are unique within a resource). */
export function priorIds(snapshot: Snapshot): PriorIds {
  const ids = { conversation: new Set(snapshot.conversations), group: new Set(snapshot.groups) };
  return { has: (kind, id) => ids[kind].has(id), complete: snapshot.complete };
}

/** Beside the run's ledger file: reports/ledger-<run>.jsonl → reports/ledger-<run>.snapshot.json. */
export const snapshotFileFor = (ledgerFile: string): string => ledgerFile.replace(/\.jsonl$/, '') + '.snapshot.json';

export function writeSnapshot(file: string, snapshot: Snapshot): void {
  writeFileSync(file, `${JSON.stringify(snapshot)}\n`);
}

/** The ids of the snapshot stored beside a ledger file, read now; undefined when there is none. */
export function readPriorIds(ledgerFile: string): PriorIds | undefined {
  const file = snapshotFileFor(ledgerFile);
  return existsSync(file) ? priorIds(JSON.parse(readFileSync(file, 'utf8')) as Snapshot) : undefined;
}

const read = new Map<string, PriorIds | undefined>();

/** The snapshot stored beside a ledger file, read once per process (every check's ledger consults it). */
export function priorIdsBeside(ledgerFile: string | undefined): PriorIds | undefined {
  if (ledgerFile === undefined) return undefined;
  if (!read.has(ledgerFile)) read.set(ledgerFile, readPriorIds(ledgerFile));
  return read.get(ledgerFile);
}
