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
