// Names and ids the suite invents for what it creates, each carrying the run's id, so that
// anything the suite leaves on a target is recognisably its own and no two runs collide.
import { randomBytes } from 'node:crypto';
import type { Ledger } from '../client/ledger.ts';

/**
 * The letters of a label that go into a name: lower-case ASCII letters, at most four, so that a
 * failure's exchange still hints at which step sent it ('bulk', 'memb') within the short forms.
 */
const tagOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 4);

/**
 * The values the suite invents for what it creates: plain enough for any server (ASCII letters and
 * digits; group names of at most 32 characters, usernames of at most 16, contact ids of at most
 * 32: the spec shows no format or length limit, §2.2, so a strict server is as valid as a lax one),
 * and carrying the run's marker where every server keeps it (a group's name, a conversation's
 * contact id) so that whatever the run leaves is recognisably its own.
 *
 * The marker is `msgapi` and the run id (eight hexadecimal digits) followed by a letter past f,
 * which ends the run id: `msgapi1a2b3c4dg9f8e7dbulk3` is a group name of run 1a2b3c4d.
 */
export class SuiteNames {
  private counter = 0;
  /**
   * Each instance (one per check) adds a scope of its own after the run's marker: two checks of a
   * run never send the same contact id, so a server that answers a second create for a contact
   * with the first one's conversation (profile: create de-duplication) never joins two checks' data.
   */
  private readonly scope = randomBytes(3).toString('hex');
  /** Each value invented, with the plainest value of the same role: what a refused premise is tried once more with. */
  private readonly plainest = new Map<string, string>();
  constructor(
    private readonly runId: string,
    private readonly ledger?: Ledger,
  ) {}

  private invent(value: string, plainest: string): string {
    this.plainest.set(value, plainest);
    return value;
  }

  /** A contact id (§4.1 contact_id) that no real contact has. */
  contactId(label: string): string {
    const n = ++this.counter;
    return this.invent(`msgapi${this.runId}k${this.scope}${tagOf(label)}${n}`, `m${this.runId}k${this.scope}${n}`);
  }

  groupName(label: string): string {
    const n = ++this.counter;
    return this.invent(`msgapi${this.runId}g${this.scope}${tagOf(label)}${n}`, `m${this.runId}g${n}`);
  }

  username(label: string): string {
    const n = ++this.counter;
    return this.invent(`u${this.scope}${tagOf(label)}${n}`, `u${this.scope}${n}`);
  }

  /**
   * The same parameters with every text that holds a value this instance invented replaced by
   * that value's plainest form (a text that only holds one, 'Described by <name>', becomes the
   * plainest form alone); undefined when nothing is invented, so there is nothing plainer to try.
   */
  plainestOf<T>(params: T): T | undefined {
    let changed = false;
    const plain = (value: unknown): unknown => {
      if (typeof value === 'string') {
        // The longest value held: ...bulk12 holds ...bulk1 too.
        let held: string | undefined;
        for (const invented of this.plainest.keys())
          if (value.includes(invented) && invented.length > (held?.length ?? 0)) held = invented;
        if (held === undefined || value === this.plainest.get(held)) return value;
        changed = true;
        return this.plainest.get(held);
      }
      if (Array.isArray(value)) return value.map(plain);
      if (typeof value === 'object' && value !== null)
        return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, plain(each)]));
      return value;
    };
    const result = plain(params) as T;
    return changed ? result : undefined;
  }

  /** An id that names nothing, for not-found checks; no real id of any format can equal it. */
  unknownId(kind: 'conversation' | 'group'): string {
    const id = `msgapi-${this.runId}-no-such-${kind}-${++this.counter}`;
    return this.ledger ? this.ledger.invent(id, kind) : id;
  }
}

/** A run id as SuiteNames writes it after msgapi-: eight lower-case hexadecimal digits (provided-target.ts). */
export const runIdPattern = /^[0-9a-f]{8}$/;

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a text carries the run's marker as SuiteNames writes it, the run id whole (a longer id
 * that merely begins with it is another's):
 * - `msgapi<run id>` then a letter past f (names and contact ids), or at the start of the text
 *   `m<run id>` then such a letter (their plainest forms);
 * - as earlier versions wrote it: `msgapi-<run id>-…` or `msgapi-conformance <run id> …`, so
 *   that msgapi cleanup still finds what an older run left.
 */
export function carriesRunMarker(text: unknown, runId: string): boolean {
  if (typeof text !== 'string' || runId === '') return false;
  const id = escapeForPattern(runId);
  return new RegExp(`msgapi-(?:conformance )?${id}(?![0-9a-z])|msgapi${id}(?![0-9a-f])|^m${id}(?![0-9a-f])`).test(text);
}
