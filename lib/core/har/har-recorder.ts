// Where the exchanges of a run with --har go as they complete: each process, the checks' workers
// included, appends its entries to a part file of its own in the run's parts folder (one line of
// JSON each, so a run of any length holds none in memory), and har-file.ts joins the parts into
// the HAR at the end. Who sent an exchange (a check, the probe, the sweep) is the async context
// its work runs in, so that the client records without knowing which check it serves.
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Exchange } from '../client/exchange.ts';
import { harEntry, type ExchangeTiming, type HarSource } from './har-entry.ts';

export interface HarRecording {
  /** The run's parts folder (har-file.ts makes it and joins it into the HAR). */
  partsDir: string;
  source: HarSource;
}

const current = new AsyncLocalStorage<HarRecording>();

/** The part file of this process (or worker thread) in a parts folder: never shared, so appends never interleave. */
const partFile = (partsDir: string): string => join(partsDir, `part-${process.pid}-${threadId}.jsonl`);

/** Runs the work with its exchanges recorded as the source's; without a recording, just runs it. */
export function recordingAs<T>(recording: HarRecording | undefined, work: () => T): T {
  return recording === undefined ? work() : current.run(recording, work);
}

/** What kept an entry out of its part, one line each: writeHar reports it rather than a HAR short of entries. */
export const harProblemsFile = (partsDir: string): string => join(partsDir, 'problems.txt');

/**
 * Appends a completed exchange to the part file of this process, when the work that sent it is
 * recorded. It never throws: a record that cannot be written is not the server's failure, so the
 * check goes on, and the problem is noted for writeHar to tell.
 */
export function recordExchange(exchange: Exchange, timing: ExchangeTiming): void {
  const recording = current.getStore();
  if (recording === undefined) return;
  try {
    appendFileSync(partFile(recording.partsDir), `${JSON.stringify(harEntry(exchange, timing, recording.source))}\n`);
  } catch (error) {
    try {
      appendFileSync(harProblemsFile(recording.partsDir), `${(error as Error).message}\n`);
    } catch {
      // The parts folder itself is gone: the run is over, and nothing is left to tell.
    }
  }
}
