// The record of every id a run made (and of the ids it invented for not-found checks). The client
// refuses, before sending anything, to update or delete an id that is not in it: no check can
// change data the suite did not create, whatever mistake it makes.
import { appendFileSync } from 'node:fs';

export type LedgerKind = 'conversation' | 'group';

export interface LedgerEntry {
  kind: LedgerKind;
  id: string;
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

export class Ledger {
  private readonly created = new Map<string, LedgerKind>();
  private readonly invented = new Set<string>();

  /** `file`: a JSON-lines file every created id is appended to as it is recorded, so that an
   *  interrupted run can still be swept (msgapi cleanup). */
  constructor(private readonly file?: string) {}

  record(kind: LedgerKind, id: string): void {
    if (this.created.has(id)) return;
    this.created.set(id, kind);
    if (this.file) appendFileSync(this.file, `${JSON.stringify({ kind, id } satisfies LedgerEntry)}\n`);
  }

  /** An id made up to name nothing; changing it is allowed because it cannot be anyone's. */
  invent(id: string): string {
    this.invented.add(id);
    return id;
  }

  /** Throws unless the id is the run's own (created or invented). */
  assertMayChange(operation: string, id: string): void {
    if (this.created.has(id) || this.invented.has(id)) return;
    throw new LedgerRefusal(`refused to send ${operation} for ${id}: the id is not in this run's ledger, so it may not be the suite's to change`);
  }
}
