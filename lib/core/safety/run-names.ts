// Names and ids the suite invents for what it creates, each carrying the run's id, so that
// anything the suite leaves on a target is recognisably its own and no two runs collide.
import { randomBytes } from 'node:crypto';
import type { Ledger } from '../client/ledger.ts';

export class SuiteNames {
  private counter = 0;
  /**
   * Each instance (one per check) adds a scope of its own after the run's marker: two checks of a
   * run never send the same contact id, so a server that answers a second create for a contact
   * with the first one's conversation (profile: create de-duplication) never joins two checks' data.
   */
  private readonly scope = randomBytes(3).toString('hex');
  constructor(
    private readonly runId: string,
    private readonly ledger?: Ledger,
  ) {}

  /** A contact id (§4.1 contact_id) that no real contact has. */
  contactId(label: string): string {
    return `msgapi-${this.runId}-${this.scope}-${label}-${++this.counter}`;
  }

  groupName(label: string): string {
    return `msgapi-conformance ${this.runId} ${this.scope} ${label} ${++this.counter}`;
  }

  username(label: string): string {
    return `msgapi-${this.runId}-${this.scope}-${label}-${++this.counter}`;
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
 * Whether a text carries the run's marker as SuiteNames writes it: `msgapi-<run id>-…` (contact
 * ids, usernames) or `msgapi-conformance <run id> …` (group names), the run id whole: a longer id
 * that merely begins with it is another's.
 */
export function carriesRunMarker(text: unknown, runId: string): boolean {
  if (typeof text !== 'string' || runId === '') return false;
  return new RegExp(`msgapi-(?:conformance )?${escapeForPattern(runId)}(?![0-9a-z])`).test(text);
}
