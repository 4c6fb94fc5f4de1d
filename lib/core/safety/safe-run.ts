// The safety protocol of a run that writes to a target, in one place, for msgapi check, msgapi load
// (and --seed-only), the matrix's runs over foreign data and msgapi cleanup:
//  1. a ledger file, created empty before the first write, where every id the run creates is
//     appended as it is made (lib/core/client/ledger.ts);
//  2. beside it, a snapshot of the ids the users held before the run: none of them is ever the
//     run's, whatever an answer says (snapshot.ts);
//  3. Ctrl-C or SIGTERM stops the work, and the sweep still runs; a second one leaves at once,
//     naming the ledger for msgapi cleanup (interruption.ts);
//  4. the sweep, after the work whatever became of it: what the ledger names, then what carries the
//     run's marker (sweep.ts); both files are removed once nothing is left, and kept for msgapi
//     cleanup otherwise.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient } from '../client/api-client.ts';
import type { LedgerEntry, PriorIds } from '../client/ledger.ts';
import type { PaginationStyle } from '../config/settings.ts';
import { watchForInterruption } from './interruption.ts';
import { priorIds, readPriorIds, snapshotFileFor, takeSnapshot, writeSnapshot, type Snapshot } from './snapshot.ts';
import { readLedgerFile, sweepRun, type Remover, type RunSweep, type SweepTarget } from './sweep.ts';

/** What the sweep looks for by the run's marker, besides what the ledger names (none: a read-only run made nothing). */
export interface MarkerSearch {
  runId: string;
  pagination: PaginationStyle;
}

/** A run's ledger file, and the snapshot kept beside it. */
export class LedgerFile {
  readonly snapshotFile: string;
  #prior: PriorIds | undefined;

  private constructor(readonly path: string) {
    this.snapshotFile = snapshotFileFor(path);
  }

  /** Where a run's ledger goes: <dir>/ledger-<runId><label>.jsonl, the name msgapi cleanup looks for. */
  static pathFor(dir: string, runId: string, label = ''): string {
    return join(dir, `ledger-${runId}${label}.jsonl`);
  }

  /** A run's new ledger file, empty, before its first write. */
  static create(dir: string, runId: string, label = ''): LedgerFile {
    const ledger = new LedgerFile(LedgerFile.pathFor(dir, runId, label));
    writeFileSync(ledger.path, '');
    return ledger;
  }

  /** The ledger file an earlier run left (msgapi cleanup), with the snapshot beside it if it kept one. */
  static existing(path: string): LedgerFile {
    return new LedgerFile(path);
  }

  /** Reads what the users hold (GETs only, each reader a user) and keeps it beside the ledger, where every check's ledger reads it. */
  async takeSnapshot(readers: readonly ApiClient[], pagination: PaginationStyle): Promise<Snapshot> {
    const snapshot = await takeSnapshot(readers, pagination);
    this.keepSnapshot(snapshot);
    return snapshot;
  }

  /** Keeps a snapshot taken already (the matrix: one for the ledgers of the runs that share a target). */
  keepSnapshot(snapshot: Snapshot): void {
    writeSnapshot(this.snapshotFile, snapshot);
    this.#prior = priorIds(snapshot);
  }

  /** The ids the users held before the run, as its snapshot lists them; undefined while it keeps none. */
  prior(): PriorIds | undefined {
    this.#prior ??= readPriorIds(this.path);
    return this.#prior;
  }

  /** What the run recorded creating. */
  recorded(): LedgerEntry[] {
    return readLedgerFile(this.path);
  }

  /**
   * Deletes what the run left on the target: what the ledger names, then (with `search`) what
   * still carries the run's marker, never an id the snapshot lists. Nothing left: both files are
   * removed; otherwise they stay, for msgapi cleanup --ledger.
   */
  async sweep(target: SweepTarget, search: MarkerSearch | undefined, remove?: Remover): Promise<RunSweep> {
    const swept = await sweepRun(target, this.recorded(), search, this.prior(), remove);
    if (swept.leftovers.length === 0) this.remove();
    return swept;
  }

  /** Removes the ledger and the snapshot beside it (the matrix's, whose target goes with its run). */
  remove(): void {
    rmSync(this.path, { force: true });
    rmSync(this.snapshotFile, { force: true });
  }
}

export interface SafeRun<T, C> {
  /** What `work` returned; undefined when a signal or a failure stopped it first. */
  value: T | undefined;
  /** What `cleanUp` returned. */
  cleaned: C;
  /** The signal that stopped the work, if one did. */
  interruptedBy: NodeJS.Signals | undefined;
}

export interface SafeRunOptions<C> {
  /** The ledger a second Ctrl-C names, for msgapi cleanup --ledger. */
  ledger: string;
  /** What a first Ctrl-C stops: 'the checks', 'the load run'. */
  work: string;
  /** The sweep of what the run made, after the work whatever became of it (`failed`: it threw, and that is thrown after). */
  cleanUp: (after: { interruptedBy: NodeJS.Signals | undefined; failed: boolean }) => Promise<C>;
}

/**
 * Runs `work` with Ctrl-C and SIGTERM watched (the first aborts its signal; a second leaves at
 * once, naming the ledger), then `cleanUp`, also when the work failed or was stopped. A failure
 * of the work is thrown once the clean-up is done.
 */
export async function withSafeRun<T, C>(
  options: SafeRunOptions<C>,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<SafeRun<T, C>> {
  const interruption = watchForInterruption(options.ledger, options.work);
  let value: T | undefined;
  let failure: { error: unknown } | undefined;
  try {
    value = await work(interruption.signal);
  } catch (error) {
    failure = { error };
  } finally {
    interruption.stop();
  }
  const interruptedBy = interruption.received();
  const cleaned = await options.cleanUp({ interruptedBy, failed: failure !== undefined });
  if (failure !== undefined) throw failure.error;
  return { value, cleaned, interruptedBy };
}
