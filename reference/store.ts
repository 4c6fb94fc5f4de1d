import type { Conversation, Group } from '../src/api/resources.ts';

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
 */
export class Collection<T extends { id: string }> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #nextSeq: () => number;

  constructor(nextSeq: () => number) {
    this.#nextSeq = nextSeq;
  }

  insert(value: T): T {
    this.#entries.set(value.id, { seq: this.#nextSeq(), value: structuredClone(value) });
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
    this.#entries.set(value.id, { seq: entry.seq, value: structuredClone(value) });
    return structuredClone(value);
  }

  delete(id: string): boolean {
    return this.#entries.delete(id);
  }

  seqOf(id: string): number | undefined {
    return this.#entries.get(id)?.seq;
  }

  /**
   * The stored entries themselves, not copies: a list reads every item to filter it but returns
   * only a page, so only the page is cloned (paginate). Callers read these values, never change them.
   */
  newestFirst(): ReadonlyArray<Entry<T>> {
    return [...this.#entries.values()].sort((a, b) => b.seq - a.seq);
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
