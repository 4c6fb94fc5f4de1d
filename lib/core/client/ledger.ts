// The record of what a run made, per resource type, and of the ids it invented for not-found
// checks. The client refuses, before sending anything, to update or delete an id that is not the
// run's own as that very type: no check can change data the suite did not create, whatever
// mistake it makes and whatever a server answers.
//
// An id becomes the run's own only from the answer to the run's own create of that type (read
// leniently: a string id in a 2xx JSON body, before the body is validated), never from a list, a
// conversation_id, a group_id or an error body. A group's conversation is the one exception, and
// only once a retrieve of it shows the group as its group_id. An id among the user's records seen
// before the run (the snapshot) is never the run's own, whatever any answer says.
//
// The file also takes gone lines: an object of the run's own that a retrieve answered unknown
// after the run deleted it (or its group). They only spare the sweep a retrieve of what the run
// already saw gone; a gone line never makes an id the run's own (readLedgerFile in sweep.ts).
import { appendFileSync } from 'node:fs';
import type { OperationName } from '../../api/operations.ts';
import { everyReading } from '../profile/server-profile.ts';

export type LedgerKind = 'conversation' | 'group';

export interface LedgerEntry {
  kind: LedgerKind;
  id: string;
  /** A group's: the conversation_id its create answer named (not the run's own until verified). */
  conversation_id?: string;
  /** A conversation's: the run's group it was verified to belong to (its retrieve showed it). */
  group_id?: string;
  /**
   * 'second' when the user of SECOND_ACCESS_TOKEN made it: only that user can see it or delete it,
   * so the sweep must act as that user (an object of one user is unknown to the other, §5).
   */
  user?: 'second';
  /**
   * Read from the file's gone lines, never written on an entry: the run saw it gone (a retrieve by
   * its maker answered unknown after the run deleted it), so the sweep need not retrieve it again.
   */
  gone?: boolean;
  /** A group's, read from the gone lines as `gone`: the conversation its create answer named was seen gone. */
  conversation_gone?: boolean;
}

/** A line of the ledger file saying the run saw one of its objects gone; never an entry of its own. */
export interface LedgerGoneLine {
  gone: true;
  kind: LedgerKind;
  id: string;
  user?: 'second';
}

/** Which configured user a client acts as: the first (ACCESS_TOKEN) unless told 'second'. */
export type LedgerUser = LedgerEntry['user'];

/** The ids the users' lists held before the run (lib/core/safety/snapshot.ts). */
export interface PriorIds {
  /**
   * Per type: ids are unique within a resource (§2.1, §2.2 "Unique identifier of the conversation",
   * "… of the group"), so a group may share an id with an older conversation on a valid server.
   */
  has(kind: LedgerKind, id: string): boolean;
  /** False when the lists were longer than the snapshot read. */
  readonly complete: boolean;
}

export class LedgerRefusal extends Error {
  override readonly name = 'LedgerRefusal';
  readonly code = 'MSGAPI_LEDGER_REFUSED';
}

/** A write in a --read-only run: a bug of the check that tried it, never the server's failure. */
export class ReadOnlyRefusal extends Error {
  override readonly name = 'ReadOnlyRefusal';
  readonly code = 'MSGAPI_READ_ONLY_REFUSED';
}

const kindOfOperation: Partial<Record<OperationName, LedgerKind>> = {
  createConversation: 'conversation',
  retrieveConversation: 'conversation',
  updateConversation: 'conversation',
  deleteConversation: 'conversation',
  createGroup: 'group',
  retrieveGroup: 'group',
  updateGroup: 'group',
  deleteGroup: 'group',
};

/** The resource type an operation on one item (or a create) acts on. */
export const kindOf = (operation: OperationName): LedgerKind | undefined => kindOfOperation[operation];

/** What a gone line and the deletes before it are keyed by: the same object, seen by the same user (sweep.ts reads them back by it). */
export const goneKey = (kind: LedgerKind, id: string, user: LedgerUser): string => `${user ?? 'first'}:${kind}:${id}`;

const isSuccess = (status: number): boolean => status >= 200 && status < 300;
const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)[name]
    : undefined;

export class Ledger {
  private readonly created = { conversation: new Set<string>(), group: new Set<string>() };
  /** Every id recorded as created, in order: a check's cleanup takes those made since it began. */
  private readonly order: LedgerEntry[] = [];
  /** group id → the conversation_id its create answer named. */
  private readonly claimed = new Map<string, string>();
  /** conversation id → the run's groups whose create answer named it (claimed, the other way). */
  private readonly claimants = new Map<string, string[]>();
  /** conversation id → the run's group a retrieve showed it belongs to. */
  private readonly verified = new Map<string, string>();
  private readonly invented = new Map<string, LedgerKind | undefined>();
  /** Why an id a create answered with was not recorded (it was the user's before the run). */
  private readonly refused = new Map<string, string>();
  /** `kind:id` of what a check deleted or verified gone: no later cleanup need try it again. */
  private readonly settled = new Set<string>();
  /** `user:kind:id` of every DELETE the run had an answer to, whatever it was: what a later unknown-id retrieve shows gone. */
  private readonly deleted = new Set<string>();
  /** `user:kind:id` a gone line was written for: one line each. */
  private readonly seenGone = new Set<string>();
  /** `kind:id` → the user whose create (or retrieve, for a verified group conversation) made it the run's own. */
  private readonly makers = new Map<string, string>();

  /**
   * `file`: a JSON-lines file every recorded id is appended to as it is recorded, so that an
   * interrupted run can still be swept (msgapi cleanup). `prior`: the snapshot of the ids the
   * users held before the run.
   */
  constructor(
    private readonly file?: string,
    readonly prior?: PriorIds,
  ) {}

  /**
   * Records an id as the run's own of this type: from a create answer (observe), or from the run's
   * own ledger file (the sweep). An id the users held before the run is refused; returns whether
   * the id is recorded.
   */
  record(kind: LedgerKind, id: string, conversationId?: string, user?: LedgerUser): boolean {
    if (this.prior?.has(kind, id)) {
      this.refused.set(
        `${kind}:${id}`,
        `${id} was among the user's records before the run, so it is never the suite's, whatever an answer says`,
      );
      return false;
    }
    if (this.created[kind].has(id)) return true;
    this.created[kind].add(id);
    const entry: LedgerEntry = {
      kind,
      id,
      ...(kind === 'group' && conversationId !== undefined ? { conversation_id: conversationId } : {}),
      ...(user === undefined ? {} : { user }),
    };
    if (entry.conversation_id !== undefined) {
      this.claimed.set(id, entry.conversation_id);
      this.claimants.set(entry.conversation_id, [...(this.claimants.get(entry.conversation_id) ?? []), id]);
    }
    this.order.push(entry);
    this.makers.set(`${kind}:${id}`, user ?? 'first');
    this.append(entry);
    return true;
  }

  /** Restores an entry of the run's own ledger file (a verified group conversation included). */
  restore(entry: LedgerEntry): void {
    if (entry.kind === 'conversation' && entry.group_id !== undefined) {
      if (!this.prior?.has('conversation', entry.id)) {
        this.verified.set(entry.id, entry.group_id);
        this.makers.set(`conversation:${entry.id}`, entry.user ?? 'first');
      }
      return;
    }
    this.record(entry.kind, entry.id, entry.conversation_id, entry.user);
  }

  /**
   * What the client tells the ledger of every answer: a 2xx answer to a create records its id (as
   * the type created); a 2xx retrieve of the conversation a run's group named, showing that group
   * as its group_id, makes that conversation the run's own too (verifyGroupConversation).
   */
  observe(operation: OperationName, id: string | undefined, status: number, body: unknown, user?: LedgerUser): void {
    if (id !== undefined) this.noteGone(operation, id, status, user);
    if (!isSuccess(status)) return;
    if (operation === 'createConversation' || operation === 'createGroup') {
      const created = field(body, 'id');
      const conversationId = field(body, 'conversation_id');
      if (typeof created === 'string') {
        this.record(
          operation === 'createGroup' ? 'group' : 'conversation',
          created,
          operation === 'createGroup' && typeof conversationId === 'string' ? conversationId : undefined,
          user,
        );
      }
      return;
    }
    if (operation === 'retrieveConversation' && id !== undefined) this.verifyGroupConversation(id, body, user);
  }

  /**
   * Deletes and retrieves, for the gone lines: a retrieve answering unknown-id shows the run's object
   * gone only after this ledger saw a DELETE of it (or, for the conversation a run's group's create
   * answer named, of that group) by the same user. Without one it proves nothing: a lagging server
   * may answer 404 right after a create. Any DELETE answer counts: the retrieve after it is the proof.
   */
  private noteGone(operation: OperationName, id: string, status: number, user: LedgerUser): void {
    const kind = kindOf(operation);
    if (kind === undefined) return;
    const key = goneKey(kind, id, user);
    if (operation === 'deleteConversation' || operation === 'deleteGroup') {
      this.deleted.add(key);
      return;
    }
    if (operation !== 'retrieveConversation' && operation !== 'retrieveGroup') return;
    if (this.seenGone.has(key) || !everyReading.isUnknownIdAnswer(status) || !this.mayBeSeenGone(kind, id, user))
      return;
    const groupDeleted = (groupId: string) => this.deleted.has(goneKey('group', groupId, user));
    const claimants = kind === 'conversation' ? (this.claimants.get(id) ?? []) : [];
    if (!this.deleted.has(key) && !claimants.some(groupDeleted)) return;
    this.seenGone.add(key);
    this.append({ gone: true, kind, id, ...(user === undefined ? {} : { user }) });
  }

  /**
   * The run's own (created, a verified group conversation) or the conversation a run's group named,
   * as the user who made it: another user's 404 is what §5 answers them whether it exists or not.
   * Never an invented id, nor one the users held before the run.
   */
  private mayBeSeenGone(kind: LedgerKind, id: string, user: LedgerUser): boolean {
    if (this.invented.has(id) || this.prior?.has(kind, id)) return false;
    const madeBy = (what: LedgerKind, which: string) => this.makers.get(`${what}:${which}`) === (user ?? 'first');
    if (this.created[kind].has(id) || (kind === 'conversation' && this.verified.has(id))) return madeBy(kind, id);
    return kind === 'conversation' && (this.claimants.get(id) ?? []).some((groupId) => madeBy('group', groupId));
  }

  /** The conversation_id a run's group's create answer named: not the run's own until verified. */
  conversationClaimedBy(groupId: string): string | undefined {
    return this.claimed.get(groupId);
  }

  /**
   * A group's conversation becomes the run's own only when a retrieve of it answers that very id
   * with group_id the run's own group that named it, and the users did not hold it before the run.
   * Returns why not, or undefined when it is verified.
   */
  verifyGroupConversation(conversationId: string, retrieved: unknown, user?: LedgerUser): string | undefined {
    if (this.verified.has(conversationId)) return undefined;
    const groupId = field(retrieved, 'group_id');
    const why = this.whyNotGroupConversation(conversationId, field(retrieved, 'id'), groupId);
    if (why !== undefined) return why;
    this.verified.set(conversationId, groupId as string);
    this.makers.set(`conversation:${conversationId}`, user ?? 'first');
    this.append({
      kind: 'conversation',
      id: conversationId,
      group_id: groupId as string,
      ...(user === undefined ? {} : { user }),
    });
    return undefined;
  }

  private whyNotGroupConversation(conversationId: string, retrievedId: unknown, groupId: unknown): string | undefined {
    if (this.prior?.has('conversation', conversationId))
      return `${conversationId} was among the user's records before the run`;
    if (retrievedId !== conversationId) return `its retrieve answered id ${JSON.stringify(retrievedId)}`;
    if (typeof groupId !== 'string' || !this.created.group.has(groupId))
      return `its retrieve shows group_id ${JSON.stringify(groupId)}, not a group this run created`;
    if (this.claimed.get(groupId) !== conversationId)
      return `group ${groupId} of this run does not name it as its conversation`;
    return undefined;
  }

  /** An id made up to name nothing; changing it is allowed because it cannot be anyone's. */
  invent(id: string, kind?: LedgerKind): string {
    this.invented.set(id, kind);
    return id;
  }

  /** Why the run may not update or delete this id as this type; undefined when it may. */
  refusal(kind: LedgerKind, id: string): string | undefined {
    if (this.invented.has(id) && [undefined, kind].includes(this.invented.get(id))) return undefined;
    if (this.prior?.has(kind, id))
      return `${id} was among the user's ${kind}s before the run, so it is never the suite's`;
    if (this.created[kind].has(id)) return undefined;
    if (kind === 'conversation' && this.verified.has(id)) return undefined;
    const other: LedgerKind = kind === 'group' ? 'conversation' : 'group';
    if (this.created[other].has(id)) return `${id} is in this run's ledger as a ${other}, not as a ${kind}`;
    return (
      this.refused.get(`${kind}:${id}`) ??
      (kind === 'conversation' && [...this.claimed.values()].includes(id)
        ? `${id} was named as a group's conversation but no retrieve has shown it belongs to that group of this run`
        : `${id} is not in this run's ledger as a ${kind}, so it may not be the suite's to change`)
    );
  }

  /** Throws unless the id is the run's own as this type (created, a verified group conversation, or invented). */
  assertMayChange(kind: LedgerKind, operation: string, id: string): void {
    const why = this.refusal(kind, id);
    if (why !== undefined) throw new LedgerRefusal(`refused to send ${operation} for ${id}: ${why}`);
  }

  /** How many ids are recorded as created so far: a mark for createdSince. */
  get size(): number {
    return this.order.length;
  }

  /** The ids recorded as created since the mark, in order, but for those settled since. */
  createdSince(mark: number): readonly LedgerEntry[] {
    return this.order.slice(mark).filter((entry) => !this.settled.has(`${entry.kind}:${entry.id}`));
  }

  /** Deleted (or verified gone) by the run: cleanups need not try it again; the sweep still checks. */
  settle(kind: LedgerKind, id: string): void {
    this.settled.add(`${kind}:${id}`);
  }

  private append(entry: LedgerEntry | LedgerGoneLine): void {
    if (this.file) appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }
}
