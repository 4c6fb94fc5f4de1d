// After every run, also a failed or interrupted one, and in msgapi cleanup: everything the run's
// ledger names, and everything a retrieve shows carrying the run's marker, that still exists is
// deleted, as the type it was recorded or found as, groups first (their delete takes their
// conversation along, or leaves it: profile: group-delete-conversation; a retrieve tells which), and every deletion is verified with a
// retrieve; an archived record a target would not delete is restored and deleted again
// (delete-verified.ts). Nothing else, and nothing the users held before the run, is ever sent a
// write. What cannot be removed is a leftover, with the reason.
import type { TransportSettings } from '../client/transport.ts';
import { forEachInParallel } from './in-parallel.ts';
import { everyReading } from '../profile/server-profile.ts';
import { existsSync, readFileSync } from 'node:fs';
import type { Leftover } from './created-resources.ts';
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import {
  goneKey,
  Ledger,
  type LedgerEntry,
  type LedgerKind,
  type LedgerUser,
  type PriorIds,
} from '../client/ledger.ts';
import { firstUserClient, secondUserClient } from '../client/user-clients.ts';
import type { BodyEncoding, PaginationStyle } from '../config/settings.ts';
import type { QueryValue } from '../../api/operations.ts';
import { nextPageQuery } from '../client/pagination.ts';
import { carriesRunMarker } from './run-names.ts';
import { deleteVerified } from './delete-verified.ts';
import { listPageSizes } from './snapshot.ts';

export interface SweepResult {
  /** Objects that still existed and are now deleted. */
  deleted: number;
  leftovers: Leftover[];
}

/**
 * The entries of a run's ledger file: only its kind/id lines make entries (the file is the authority
 * of what the run owns). A gone line (ledger.ts LedgerGoneLine) marks the entry of the same type, id
 * and user `gone`, and a group whose conversation_id it names `conversation_gone`; one naming no
 * entry is ignored. Workers append at once, so the lines are merged whatever their order.
 */
export function readLedgerFile(file: string): LedgerEntry[] {
  if (!existsSync(file)) return [];
  // By type and id: one id may name a conversation and a group of the run at once (ids are per resource).
  const entries = new Map<string, LedgerEntry>();
  const gone = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      // An empty line, or the last line of a process killed while writing it.
      continue;
    }
    const { gone: goneLine, conversation_gone: _, ...entry } = (parsed ?? {}) as LedgerEntry;
    if ((entry.kind !== 'group' && entry.kind !== 'conversation') || typeof entry.id !== 'string') continue;
    if (goneLine !== undefined) {
      if (goneLine === true) gone.add(goneKey(entry.kind, entry.id, entry.user));
      continue;
    }
    const key = `${entry.kind}:${entry.id}`;
    entries.set(key, { ...entries.get(key), ...entry });
  }
  return [...entries.values()].map((entry) => ({
    ...entry,
    ...(gone.has(goneKey(entry.kind, entry.id, entry.user)) ? { gone: true } : {}),
    ...(entry.kind === 'group' &&
    entry.conversation_id !== undefined &&
    gone.has(goneKey('conversation', entry.conversation_id, entry.user))
      ? { conversation_gone: true }
      : {}),
  }));
}

const retrieve = (client: ApiClient, kind: LedgerKind, id: string): Promise<ApiResponse> =>
  kind === 'group' ? client.retrieveGroup(id) : client.retrieveConversation(id);

/** Objects the sweep removes at once. */
export const sweepWidth = 16;

/**
 * `client` must carry a ledger holding these entries (sweepClient), so that it may delete them and
 * nothing else. Groups first: a group that still exists is deleted and verified gone; then, whether
 * the sweep deleted the group or found it gone already (a check deleted it), the conversation its
 * create answer named is retrieved: gone with it, or kept (profile: group-delete-conversation) and
 * then deleted only when the ledger has it as the run's own (verified as the group's: the retrieve
 * verifies it while its group_id still names the run's group), else a leftover with the reason.
 * Then the conversations. A refused delete is a leftover with the reason, never a crash. What the
 * run saw gone (`gone`, `conversation_gone`: its ledger's gone lines) is counted gone without a
 * request: at a distance those retrieves, nearly every object of a run, were most of the sweep's
 * time. A target that brings one back is the search by the marker's to find (sweepRun).
 */
export async function sweepLedger(
  entries: readonly LedgerEntry[],
  first: ApiClient,
  second?: ApiClient,
): Promise<SweepResult> {
  let deleted = 0;
  const leftovers: Leftover[] = [];
  const handled = new Set<string>();
  // An object of the second user is unknown to the first (§5): only its maker can see it gone.
  const makerOf = (user: LedgerUser): ApiClient | undefined => (user === 'second' ? second : first);
  /** 'gone': it was gone before the sweep; 'failed': it is still there (a leftover says why). */
  const withoutItsMaker = (kind: LedgerKind, id: string): 'failed' => {
    leftovers.push({
      kind,
      id,
      reason: 'made by the user of SECOND_ACCESS_TOKEN, which this sweep was not given: run msgapi cleanup with it',
    });
    return 'failed';
  };
  /** `seenGone`: the run saw it gone (its ledger's gone line), so it is not retrieved again. */
  const remove = async (
    kind: LedgerKind,
    id: string,
    user: LedgerUser,
    seenGone = false,
  ): Promise<'deleted' | 'gone' | 'failed'> => {
    if (seenGone) return 'gone';
    const client = makerOf(user);
    if (client === undefined) return withoutItsMaker(kind, id);
    try {
      // Already gone (profile: unknown-id-status); a 5xx proves nothing, so the delete is tried.
      if (everyReading.isUnknownIdAnswer((await retrieve(client, kind, id)).status)) return 'gone';
      const outcome = await deleteVerified(client, kind, id);
      if (!outcome.gone) {
        leftovers.push({ kind, id, reason: outcome.reason });
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
  // The sweep comes when the checks are done: their share of the target is its own, and at a
  // distance every object costs a round trip (1,200 requests at 30 ms took 5 s eight at a time); sixteen, not more: the sweep does not share the run's rate bucket.
  const width = sweepWidth;
  await forEachInParallel(
    entries.filter((each) => each.kind === 'group'),
    async (entry) => {
      // A group still there keeps its conversation as its own: that one goes with the group, later.
      const group = await remove('group', entry.id, entry.user, entry.gone);
      if (group === 'failed' || entry.conversation_id === undefined) return;
      const conversationId = entry.conversation_id;
      handled.add(conversationId);
      // The run saw it gone after its group's delete (or its own): nothing to retrieve.
      if (entry.conversation_gone === true) return;
      // A group seen gone was not retrieved, so its maker's client may be missing still.
      const maker = makerOf(entry.user);
      if (maker === undefined) {
        withoutItsMaker('conversation', conversationId);
        return;
      }
      // Gone before the sweep, its group's delete was judged then: a conversation the user held
      // before the run is theirs, whatever the group's create answer named, and nothing to report.
      if (group === 'gone' && maker.heldBeforeTheRun('conversation', conversationId)) return;
      try {
        const left = await maker.retrieveConversation(conversationId);
        if (everyReading.isUnknownIdAnswer(left.status)) return;
        // The retrieve verified it as the group's if its group_id still names the run's group (ledger.ts).
        if (ours.has(conversationId) || maker.ledgerOwns('conversation', conversationId))
          await remove('conversation', conversationId, entry.user);
        else {
          leftovers.push({
            kind: 'conversation',
            id: conversationId,
            reason: `the conversation group ${entry.id}'s create answer named is still retrievable (${left.status}) after the group's delete; not deleted: no retrieve verified it as that group's`,
          });
        }
      } catch (error) {
        leftovers.push({
          kind: 'conversation',
          id: conversationId,
          reason: `group ${entry.id}'s conversation could not be verified gone: ${(error as Error).message}`,
        });
      }
    },
    width,
  );
  await forEachInParallel(
    entries.filter((each) => each.kind === 'conversation' && !handled.has(each.id)),
    async (entry) => {
      await remove('conversation', entry.id, entry.user, entry.gone);
    },
    width,
  );
  return { deleted, leftovers };
}

export interface SweepTarget {
  url: string;
  accessToken: string;
  /** The second user's, when the run had one: what that user made is swept as that user. */
  secondAccessToken?: string | undefined;
  encoding: BodyEncoding;
  timeoutMs: number;
  /** The run's headers and certificates (transport.ts); unset: none. */
  transport?: TransportSettings | undefined;
}

/**
 * A client of the user that made the entries, allowed to delete exactly them, as their types; never
 * an id of `prior` (the snapshot taken when the run began: priorIdsBeside(ledgerFile)).
 */
export function sweepClient(target: SweepTarget, entries: readonly LedgerEntry[], prior?: PriorIds): ApiClient {
  const ledger = new Ledger(undefined, prior);
  for (const entry of entries) ledger.restore(entry);
  return firstUserClient(target, {
    baseUrl: target.url,
    encoding: target.encoding,
    timeoutMs: target.timeoutMs,
    ledger,
    ...(target.transport ? { transport: target.transport } : {}),
  });
}

/**
 * The sweep's clients, sharing one ledger: the first user's, and the second user's when the target
 * names one. sweepLedger deletes each entry as the user who made it.
 */
export function sweepClients(
  target: SweepTarget,
  entries: readonly LedgerEntry[],
  prior?: PriorIds,
): { first: ApiClient; second: ApiClient | undefined } {
  const first = sweepClient(target, entries, prior);
  return { first, second: secondUserClient(first, target) };
}

/** What sweepRun did: the sweep's result over both passes, and what the search by the marker could not read. */
export interface RunSweep extends SweepResult {
  /** The lists the search by the marker could not read to their end: records of the run there were not looked for. */
  unread: string[];
  /** What the marker found that the ledger did not name, or named as seen gone (a target brought it back). */
  marked: number;
  /** The requests the sweep sent. */
  requests: number;
}

/** How a sweep removes entries: sweepLedger, or the load harness's removal, many at once. */
export type Remover = (entries: readonly LedgerEntry[], first: ApiClient, second?: ApiClient) => Promise<SweepResult>;

/**
 * The sweep at the end of a run (msgapi check, msgapi load, msgapi cleanup --ledger): first what
 * the ledger names, then, when `search` is given, whatever still carries the run's marker that the
 * ledger did not name (a create whose answer was not the object or was cut short, one still under
 * way when the run was stopped), with the conversations of the groups found so. The search comes
 * after the ledger's sweep so that it retrieves only what is left.
 */
export async function sweepRun(
  target: SweepTarget,
  recorded: readonly LedgerEntry[],
  search: { runId: string; pagination: PaginationStyle } | undefined,
  prior?: PriorIds,
  remove: Remover = sweepLedger,
): Promise<RunSweep> {
  const byLedger = sweepClients(target, recorded, prior);
  const first = await remove(recorded, byLedger.first, byLedger.second);
  if (search === undefined) return { ...first, unread: [], marked: 0, requests: byLedger.first.journal.length };
  // As each user: the second user's creates are unknown to the first (§5).
  const finders = sweepClients(target, [], prior);
  const found = await findMarkedOfEachUser(finders, search.runId, search.pagination, prior, {
    groupConversations: true,
  });
  // What the ledger's pass counted gone as the run saw it, unretrieved, is still the marker's to
  // find: a target that brought one back has it swept as what the marker found.
  const retrieved = recorded.filter((entry) => entry.gone !== true);
  const more = withMarked(retrieved, found.entries).slice(retrieved.length);
  const byMarker = sweepClients(target, [...recorded, ...more], prior);
  const then = more.length === 0 ? { deleted: 0, leftovers: [] } : await remove(more, byMarker.first, byMarker.second);
  return {
    deleted: first.deleted + then.deleted,
    leftovers: [...first.leftovers, ...then.leftovers],
    unread: found.unread,
    marked: more.length,
    // Each second user's client shares its first's journal.
    requests: byLedger.first.journal.length + finders.first.journal.length + byMarker.first.journal.length,
  };
}

/** An object the marker found, with the text that carried the marker (absent for a group's conversation, marked by its group). */
export type MarkedEntry = LedgerEntry & { mark?: string };

/** What the marker found, and the lists it could not read to their end (a record there was not looked for). */
export interface MarkedFound {
  entries: MarkedEntry[];
  unread: string[];
}

/** What tells one found object from another: its type, its id, and what marked it (its name or contact id, or its group). */
const sameObject = (entry: MarkedEntry) => JSON.stringify([entry.kind, entry.id, entry.mark ?? entry.group_id]);

/** findMarked as each user: what the second user made carries `user: 'second'`. */
export async function findMarkedOfEachUser(
  clients: { first: ApiClient; second: ApiClient | undefined },
  runId: string,
  pagination: PaginationStyle,
  prior?: PriorIds,
  options: MarkedOptions = {},
): Promise<MarkedFound> {
  // Both users' lists at once: each waits only on its own answers, and a target far away would
  // otherwise pay every page of both in turn.
  const [first, second] = await Promise.all([
    findMarked(clients.first, runId, pagination, undefined, prior, options),
    clients.second === undefined
      ? { entries: [], unread: [] }
      : findMarked(clients.second, runId, pagination, undefined, prior, options),
  ]);
  // Two tokens of one account (two keys of a gateway), or a server that shows one user's records to
  // another, let both users find the same object: it is one object, counted and deleted once, as the
  // first user's. The same id with another mark is another object (ids may be per user).
  const seenByFirst = new Set(first.entries.map(sameObject));
  return {
    entries: [
      ...first.entries,
      ...second.entries
        .filter((entry) => !seenByFirst.has(sameObject(entry)))
        .map((entry): LedgerEntry => ({ ...entry, user: 'second' })),
    ],
    unread: [...first.unread, ...second.unread.map((why) => `as the second user: ${why}`)],
  };
}

/** The ledger's entries, then what the marker found that the ledger does not have (by type, id and user). */
export function withMarked(recorded: readonly LedgerEntry[], marked: readonly LedgerEntry[]): LedgerEntry[] {
  const key = (entry: LedgerEntry) => `${entry.kind} ${entry.id} ${entry.user ?? 'first'}`;
  const known = new Set(recorded.map(key));
  return [...recorded, ...marked.filter((entry) => !known.has(key(entry)))];
}

/** What findMarked looks for besides names and contact ids that carry the marker. */
export interface MarkedOptions {
  /**
   * Also the conversations whose group_id is one of the marked groups (a conversation made for a
   * group carries no name of its own: its group is its mark). The run's sweep and msgapi cleanup
   * ask for it.
   */
  groupConversations?: boolean;
}

/** Lists read to find marked records, per user and type: 50 pages of up to 100 (the snapshot's bound). */
export const markedPagesAtMost = 50;

/**
 * Objects whose name or contact_id carries the run's marker (carriesRunMarker): the creates whose
 * answer never gave the run their id (an answer that was not the object, a body cut short, a create
 * still under way when the run was stopped) have no ledger entry, but they are recognisably this
 * run's own. Lists are read page by page in the declared style, with the largest page the target
 * accepts, to a bounded depth; a list not read to its end is said in `unread`. A list may name
 * anything, so an item counts only when it was not among the user's records before the run
 * (`prior`) and its own retrieve, as that type, shows that id with the marker (or, with
 * groupConversations, with the group_id of a group found so).
 */
export async function findMarked(
  client: ApiClient,
  runId: string,
  pagination: PaginationStyle,
  maxPages = markedPagesAtMost,
  prior?: PriorIds,
  options: MarkedOptions = {},
): Promise<MarkedFound> {
  const marked = (text: unknown) => carriesRunMarker(text, runId);
  const markOf = (kind: LedgerKind, item: Record<string, unknown> | undefined) =>
    kind === 'group' ? item?.name : item?.contact_id;
  const found: MarkedEntry[] = [];
  const unread: string[] = [];
  const groups = new Set<string>();
  const ofMarkedGroup = (kind: LedgerKind, item: Record<string, unknown> | undefined) =>
    kind === 'conversation' &&
    options.groupConversations === true &&
    typeof item?.group_id === 'string' &&
    groups.has(item.group_id);
  for (const kind of ['group', 'conversation'] as const) {
    const operation = kind === 'group' ? 'listGroups' : 'listConversations';
    const listed = new Set<string>();
    let query: Record<string, QueryValue> = {};
    let limit: number | undefined;
    for (let index = 0, seen = 0; ; index++) {
      if (index === maxPages) {
        unread.push(`the ${kind}s list was read to ${maxPages} pages (${seen} items), not to its end`);
        break;
      }
      let response: ApiResponse | undefined;
      try {
        // The first page finds the largest page the target accepts (§8 leaves the maximum open).
        for (const size of index === 0 ? listPageSizes : [limit]) {
          response = await client.call(operation, {
            query: { ...query, ...(size === undefined ? {} : { limit: size }) },
          });
          limit = size;
          if (!everyReading.isRefusal(response.status)) break;
        }
      } catch (error) {
        // A hang, a reset: the sweep goes on with what it found, and says what it could not read.
        unread.push(`the ${kind}s list could not be read on page ${index + 1}: ${(error as Error).message}`);
        break;
      }
      const page = response!.body as { has_more?: unknown; data?: Array<Record<string, unknown>> } | undefined;
      if (!everyReading.isSuccess(response!.status) || !Array.isArray(page?.data)) {
        unread.push(`the ${kind}s list answered ${response!.status} on page ${index + 1}`);
        break;
      }
      for (const item of page.data) {
        if (
          typeof item.id === 'string' &&
          (marked(markOf(kind, item)) || ofMarkedGroup(kind, item)) &&
          !prior?.has(kind, item.id)
        )
          listed.add(item.id);
      }
      seen += page.data.length;
      if (page.has_more !== true) break;
      const next = nextPageQuery(pagination, {
        index,
        itemsSoFar: seen,
        lastId: page.data.at(-1)?.id as string | undefined,
        envelope: page as Record<string, unknown>,
      });
      if (!('query' in next)) {
        unread.push(`the ${kind}s list has more than the ${seen} items read and no next page could be asked for`);
        break;
      }
      query = next.query;
    }
    for (const id of listed) {
      let retrieved: ApiResponse;
      try {
        retrieved = await retrieve(client, kind, id);
      } catch (error) {
        unread.push(
          `${kind} ${id}, listed with the marker, could not be retrieved to be verified: ${(error as Error).message}`,
        );
        continue;
      }
      const body = retrieved.body as Record<string, unknown> | undefined;
      if (!everyReading.isSuccess(retrieved.status) || body?.id !== id) continue;
      if (marked(markOf(kind, body))) {
        const conversationId =
          kind === 'group' && typeof body.conversation_id === 'string' ? body.conversation_id : undefined;
        if (kind === 'group') groups.add(id);
        found.push({
          kind,
          id,
          ...(conversationId === undefined ? {} : { conversation_id: conversationId }),
          mark: String(markOf(kind, body)),
        });
      } else if (ofMarkedGroup(kind, body)) {
        // As the ledger has a group's verified conversation: the sweep may delete it by id.
        found.push({ kind, id, group_id: body.group_id as string });
      }
    }
  }
  return { entries: found, unread };
}
