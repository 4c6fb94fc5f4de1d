import type { Conversation, Group } from '../lib/api/resources.ts';
import { deepFreeze } from './frozen.ts';

/**
 * Lists order by insertion sequence, never by created_at: created_at has a one-second resolution,
 * so many items share it, and a cursor needs a total order.
 */
export interface Entry<T> {
  readonly seq: number;
  readonly value: T;
}

/**
 * One collection of one user. Values are cloned on the way in and out so that no response body
 * or handler variable aliases stored state (a later edit of a returned object must not leak in).
 * The stored copies are frozen: lists hand them out as they are (newestFirst).
 */
export class Collection<T extends { id: string }> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #nextSeq: () => number;
  /** newestFirst() as of the last write; every write drops it. */
  #newestFirst: ReadonlyArray<Entry<T>> | undefined;

  constructor(nextSeq: () => number) {
    this.#nextSeq = nextSeq;
  }

  #store(id: string, seq: number, value: T): void {
    this.#entries.set(id, Object.freeze({ seq, value: deepFreeze(structuredClone(value)) }));
    this.#newestFirst = undefined;
  }

  insert(value: T): T {
    this.#store(value.id, this.#nextSeq(), value);
    return structuredClone(value);
  }

  get(id: string): T | undefined {
    const entry = this.#entries.get(id);
    return entry === undefined ? undefined : structuredClone(entry.value);
  }

  /** An update keeps the sequence number: editing an item does not move it in lists. */
  replace(value: T): T | undefined {
    const entry = this.#entries.get(value.id);
    if (entry === undefined) return undefined;
    this.#store(value.id, entry.seq, value);
    return structuredClone(value);
  }

  delete(id: string): boolean {
    this.#newestFirst = undefined;
    return this.#entries.delete(id);
  }

  seqOf(id: string): number | undefined {
    return this.#entries.get(id)?.seq;
  }

  /**
   * The stored entries themselves, not copies, frozen (values included), in one frozen array that
   * stays the same until the next write: lists read every item to filter it, and derive what
   * they need from this array once per write, not once per request (routes/list.ts).
   */
  newestFirst(): ReadonlyArray<Entry<T>> {
    this.#newestFirst ??= Object.freeze([...this.#entries.values()].sort((a, b) => b.seq - a.seq));
    return this.#newestFirst;
  }
}

export interface UserStore {
  readonly conversations: Collection<Conversation>;
  readonly groups: Collection<Group>;
}

/** One counter for both collections of a user, so "newest" means the same thing everywhere. */
export function createUserStore(): UserStore {
  let seq = 0;
  const nextSeq = (): number => ++seq;
  return { conversations: new Collection(nextSeq), groups: new Collection(nextSeq) };
}
