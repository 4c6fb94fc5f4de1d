// After a run, and after an interrupted one (msgapi cleanup): everything the run's ledger names
// that still exists is deleted, groups first (their delete takes their conversation along, §3),
// and every deletion is verified with a retrieve. What cannot be removed is a leftover.
import { existsSync, readFileSync } from 'node:fs';
import type { Leftover } from './created-resources.ts';
import type { ApiClient } from '../client/api-client.ts';
import { Ledger, type LedgerEntry } from '../client/ledger.ts';
import { firstUserClient } from '../client/user-clients.ts';
import type { BodyEncoding, PaginationStyle } from '../config/settings.ts';
import type { QueryValue } from '../../api/operations.ts';
import { nextPageQuery } from '../client/pagination.ts';

export interface SweepResult {
  /** Objects that still existed and are now deleted. */
  deleted: number;
  leftovers: Leftover[];
}

export function readLedgerFile(file: string): LedgerEntry[] {
  if (!existsSync(file)) return [];
  const entries = new Map<string, LedgerEntry>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      const entry = JSON.parse(line) as LedgerEntry;
      if ((entry.kind === 'group' || entry.kind === 'conversation') && typeof entry.id === 'string') entries.set(entry.id, entry);
    } catch {
      // An empty line, or the last line of a process killed while writing it.
    }
  }
  return [...entries.values()];
}

const exists = async (client: ApiClient, entry: LedgerEntry): Promise<number> =>
  (entry.kind === 'group' ? await client.retrieveGroup(entry.id) : await client.retrieveConversation(entry.id)).status;

/** `client` must carry a ledger holding these entries (sweepClient), so that it may delete them. */
export async function sweepLedger(entries: readonly LedgerEntry[], client: ApiClient): Promise<SweepResult> {
  const ordered = [...entries.filter((entry) => entry.kind === 'group'), ...entries.filter((entry) => entry.kind === 'conversation')];
  let deleted = 0;
  const leftovers: Leftover[] = [];
  for (const entry of ordered) {
    try {
      if ((await exists(client, entry)) >= 400) continue;
      const answer = entry.kind === 'group' ? await client.deleteGroup(entry.id) : await client.deleteConversation(entry.id);
      const after = await exists(client, entry);
      if (after >= 200 && after < 300) leftovers.push({ kind: entry.kind, id: entry.id, reason: `still retrievable after DELETE answered ${answer.status}` });
      else deleted++;
    } catch (error) {
      leftovers.push({ kind: entry.kind, id: entry.id, reason: (error as Error).message });
    }
  }
  return { deleted, leftovers };
}

export interface SweepTarget {
  url: string;
  accessToken: string;
  encoding: BodyEncoding;
  timeoutMs: number;
}

/** A client of the user that made the entries, allowed to delete exactly them. */
export function sweepClient(target: SweepTarget, entries: readonly LedgerEntry[]): ApiClient {
  const ledger = new Ledger();
  for (const entry of entries) ledger.record(entry.kind, entry.id);
  return firstUserClient(target, { baseUrl: target.url, encoding: target.encoding, timeoutMs: target.timeoutMs, ledger });
}

/**
 * Objects whose name or contact_id carries the run's marker (msgapi-<run id>): the creates that
 * were still under way when a run was stopped have no ledger entry, but they are recognisably
 * this run's own. Lists are read page by page in the declared style, to a bounded depth.
 */
export async function markedEntries(client: ApiClient, runId: string, pagination: PaginationStyle, maxPages = 50): Promise<LedgerEntry[]> {
  const marked = (text: unknown) => typeof text === 'string' && (text.includes(`msgapi-${runId}`) || text.includes(`msgapi-conformance ${runId}`));
  const found: LedgerEntry[] = [];
  for (const kind of ['group', 'conversation'] as const) {
    let query: Record<string, QueryValue> = {};
    for (let index = 0, seen = 0; index < maxPages; index++) {
      const response = await client.call(kind === 'group' ? 'listGroups' : 'listConversations', { query: { ...query, limit: 100 } });
      const page = response.body as { has_more?: unknown; data?: Array<Record<string, unknown>> } | undefined;
      if (response.status >= 300 || !Array.isArray(page?.data)) break;
      for (const item of page.data) {
        if (typeof item.id === 'string' && marked(kind === 'group' ? item.name : item.contact_id)) found.push({ kind, id: item.id });
      }
      seen += page.data.length;
      if (page.has_more !== true) break;
      const next = nextPageQuery(pagination, { index, itemsSoFar: seen, lastId: page.data.at(-1)?.id as string | undefined, envelope: page as Record<string, unknown> });
      if (!('query' in next)) break;
      query = next.query;
    }
  }
  return found;
}
