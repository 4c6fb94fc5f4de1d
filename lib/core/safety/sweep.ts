// After a run, and after an interrupted one (msgapi cleanup): everything the run's ledger names
// that still exists is deleted, as the type it was recorded as, groups first (their delete takes
// their conversation along, or leaves it: profile: group-delete-conversation; a retrieve tells
// which), and every deletion is verified with a retrieve. Nothing the ledger does not name, and
// nothing the users held before the run, is ever sent a write. What cannot be removed is a
// leftover, with the reason.
import { forEachInParallel } from './in-parallel.ts';
import { everyReading } from '../profile/server-profile.ts';
import { existsSync, readFileSync } from 'node:fs';
import type { Leftover } from './created-resources.ts';
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import { Ledger, type LedgerEntry, type LedgerKind, type LedgerUser, type PriorIds } from '../client/ledger.ts';
import { firstUserClient, secondUserClient } from '../client/user-clients.ts';
import type { BodyEncoding, PaginationStyle } from '../config/settings.ts';
import type { QueryValue } from '../../api/operations.ts';
import { nextPageQuery } from '../client/pagination.ts';
import { carriesRunMarker } from './run-names.ts';

export interface SweepResult {
  /** Objects that still existed and are now deleted. */
  deleted: number;
  leftovers: Leftover[];
}

export function readLedgerFile(file: string): LedgerEntry[] {
  if (!existsSync(file)) return [];
  // By type and id: one id may name a conversation and a group of the run at once (ids are per resource).
  const entries = new Map<string, LedgerEntry>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      const entry = JSON.parse(line) as LedgerEntry;
      if ((entry.kind === 'group' || entry.kind === 'conversation') && typeof entry.id === 'string') {
        const key = `${entry.kind}:${entry.id}`;
        entries.set(key, { ...entries.get(key), ...entry });
      }
    } catch {
      // An empty line, or the last line of a process killed while writing it.
    }
  }
  return [...entries.values()];
}

const retrieve = (client: ApiClient, kind: LedgerKind, id: string): Promise<ApiResponse> =>
  (kind === 'group' ? client.retrieveGroup(id) : client.retrieveConversation(id));


/**
 * `client` must carry a ledger holding these entries (sweepClient), so that it may delete them and
 * nothing else. Groups first: a group that still exists is deleted and verified gone; then, whether
 * the sweep deleted the group or found it gone already (a check deleted it), the conversation its
 * create answer named is retrieved: gone with it, or kept (profile: group-delete-conversation) and
 * then deleted only when the ledger has it as the run's own (verified as the group's: the retrieve
 * verifies it while its group_id still names the run's group), else a leftover with the reason.
 * Then the conversations. A refused delete is a leftover with the reason, never a crash.
 */
export async function sweepLedger(entries: readonly LedgerEntry[], first: ApiClient, second?: ApiClient): Promise<SweepResult> {
  let deleted = 0;
  const leftovers: Leftover[] = [];
  const handled = new Set<string>();
  // An object of the second user is unknown to the first (§5): only its maker can see it gone.
  const makerOf = (user: LedgerUser): ApiClient | undefined => (user === 'second' ? second : first);
  /** 'gone': it was gone before the sweep; 'failed': it is still there (a leftover says why). */
  const remove = async (kind: LedgerKind, id: string, user: LedgerUser): Promise<'deleted' | 'gone' | 'failed'> => {
    const client = makerOf(user);
    if (client === undefined) {
      leftovers.push({ kind, id, reason: 'made by the user of SECOND_ACCESS_TOKEN, which this sweep was not given: run msgapi cleanup with it' });
      return 'failed';
    }
    try {
      // Already gone (profile: unknown-id-status); a 5xx proves nothing, so the delete is tried.
      if (everyReading.isUnknownIdAnswer((await retrieve(client, kind, id)).status)) return 'gone';
      const answer = kind === 'group' ? await client.deleteGroup(id) : await client.deleteConversation(id);
      const after = (await retrieve(client, kind, id)).status;
      if (!everyReading.isUnknownIdAnswer(after)) {
        leftovers.push({ kind, id, reason: `still retrievable after DELETE answered ${answer.status}` });
        return 'failed';
      }
      deleted++;
      return 'deleted';
    } catch (error) {
      leftovers.push({ kind, id, reason: (error as Error).message });
      return 'failed';
    }
  };
  const ours = new Set(entries.filter((entry) => entry.kind === 'conversation').map((entry) => entry.id));
  await forEachInParallel(entries.filter((each) => each.kind === 'group'), async (entry) => {
    // A group still there keeps its conversation as its own: that one goes with the group, later.
    const group = await remove('group', entry.id, entry.user);
    if (group === 'failed' || entry.conversation_id === undefined) return;
    const conversationId = entry.conversation_id;
    const maker = makerOf(entry.user)!;
    handled.add(conversationId);
    // Gone before the sweep, its group's delete was judged then: a conversation the user held
    // before the run is theirs, whatever the group's create answer named, and nothing to report.
    if (group === 'gone' && maker.heldBeforeTheRun('conversation', conversationId)) return;
    try {
      // remove() did not fail, so the maker's client is there.
      const left = await maker.retrieveConversation(conversationId);
      if (everyReading.isUnknownIdAnswer(left.status)) return;
      // The retrieve verified it as the group's if its group_id still names the run's group (ledger.ts).
      if (ours.has(conversationId) || maker.ledgerOwns('conversation', conversationId)) await remove('conversation', conversationId, entry.user);
      else {
        leftovers.push({
          kind: 'conversation',
          id: conversationId,
          reason: `the conversation group ${entry.id}'s create answer named is still retrievable (${left.status}) after the group's delete; not deleted: no retrieve verified it as that group's`,
        });
      }
    } catch (error) {
      leftovers.push({ kind: 'conversation', id: conversationId, reason: `group ${entry.id}'s conversation could not be verified gone: ${(error as Error).message}` });
    }
  });
  await forEachInParallel(entries.filter((each) => each.kind === 'conversation' && !handled.has(each.id)), async (entry) => {
    await remove('conversation', entry.id, entry.user);
  });
  return { deleted, leftovers };
}

export interface SweepTarget {
  url: string;
  accessToken: string;
  /** The second user's, when the run had one: what that user made is swept as that user. */
  secondAccessToken?: string | undefined;
  encoding: BodyEncoding;
  timeoutMs: number;
}

/**
 * A client of the user that made the entries, allowed to delete exactly them, as their types; never
 * an id of `prior` (the snapshot taken when the run began: priorIdsBeside(ledgerFile)).
 */
export function sweepClient(target: SweepTarget, entries: readonly LedgerEntry[], prior?: PriorIds): ApiClient {
  const ledger = new Ledger(undefined, prior);
  for (const entry of entries) ledger.restore(entry);
  return firstUserClient(target, { baseUrl: target.url, encoding: target.encoding, timeoutMs: target.timeoutMs, ledger });
}

/**
 * The sweep's clients, sharing one ledger: the first user's, and the second user's when the target
 * names one. sweepLedger deletes each entry as the user who made it.
 */
export function sweepClients(target: SweepTarget, entries: readonly LedgerEntry[], prior?: PriorIds): { first: ApiClient; second: ApiClient | undefined } {
  const first = sweepClient(target, entries, prior);
  return { first, second: secondUserClient(first, target) };
}

/** markedEntries as each user: what the second user made carries `user: 'second'`. */
export async function markedEntriesOfEachUser(
  clients: { first: ApiClient; second: ApiClient | undefined }, runId: string, pagination: PaginationStyle, prior?: PriorIds, options: MarkedOptions = {},
): Promise<LedgerEntry[]> {
  const first = await markedEntries(clients.first, runId, pagination, undefined, prior, options);
  const second = clients.second === undefined ? [] : await markedEntries(clients.second, runId, pagination, undefined, prior, options);
  return [...first, ...second.map((entry): LedgerEntry => ({ ...entry, user: 'second' }))];
}

/** What markedEntries looks for besides names and contact ids that carry the marker. */
export interface MarkedOptions {
  /**
   * Also the conversations whose group_id is one of the marked groups (a conversation made for a
   * group carries no name of its own: its group is its mark). msgapi cleanup --marker asks for it.
   */
  groupConversations?: boolean;
}

/**
 * Objects whose name or contact_id carries the run's marker (msgapi-<run id>, carriesRunMarker):
 * the creates that were still under way when a run was stopped have no ledger entry, but they are
 * recognisably this run's own. Lists are read page by page in the declared style, to a bounded
 * depth. A list may name anything, so an item counts only when it was not among the user's records
 * before the run (`prior`) and its own retrieve, as that type, shows that id with the marker (or,
 * with groupConversations, with the group_id of a group found so).
 */
export async function markedEntries(
  client: ApiClient, runId: string, pagination: PaginationStyle, maxPages = 50, prior?: PriorIds, options: MarkedOptions = {},
): Promise<LedgerEntry[]> {
  const marked = (text: unknown) => carriesRunMarker(text, runId);
  const markOf = (kind: LedgerKind, item: Record<string, unknown> | undefined) => (kind === 'group' ? item?.name : item?.contact_id);
  const found: LedgerEntry[] = [];
  const groups = new Set<string>();
  const ofMarkedGroup = (kind: LedgerKind, item: Record<string, unknown> | undefined) =>
    kind === 'conversation' && options.groupConversations === true && typeof item?.group_id === 'string' && groups.has(item.group_id);
  for (const kind of ['group', 'conversation'] as const) {
    const listed = new Set<string>();
    let query: Record<string, QueryValue> = {};
    for (let index = 0, seen = 0; index < maxPages; index++) {
      const response = await client.call(kind === 'group' ? 'listGroups' : 'listConversations', { query: { ...query, limit: 100 } });
      const page = response.body as { has_more?: unknown; data?: Array<Record<string, unknown>> } | undefined;
      if (!everyReading.isSuccess(response.status) || !Array.isArray(page?.data)) break;
      for (const item of page.data) {
        if (typeof item.id === 'string' && (marked(markOf(kind, item)) || ofMarkedGroup(kind, item)) && !prior?.has(kind, item.id)) listed.add(item.id);
      }
      seen += page.data.length;
      if (page.has_more !== true) break;
      const next = nextPageQuery(pagination, { index, itemsSoFar: seen, lastId: page.data.at(-1)?.id as string | undefined, envelope: page as Record<string, unknown> });
      if (!('query' in next)) break;
      query = next.query;
    }
    for (const id of listed) {
      const retrieved = await retrieve(client, kind, id);
      const body = retrieved.body as Record<string, unknown> | undefined;
      if (!everyReading.isSuccess(retrieved.status) || body?.id !== id) continue;
      if (marked(markOf(kind, body))) {
        const conversationId = kind === 'group' && typeof body.conversation_id === 'string' ? body.conversation_id : undefined;
        if (kind === 'group') groups.add(id);
        found.push({ kind, id, ...(conversationId === undefined ? {} : { conversation_id: conversationId }) });
      } else if (ofMarkedGroup(kind, body)) {
        // As the ledger has a group's verified conversation: the sweep may delete it by id.
        found.push({ kind, id, group_id: body.group_id as string });
      }
    }
  }
  return found;
}
