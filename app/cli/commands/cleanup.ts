// `msgapi cleanup`: deletes what an earlier run created and could not remove (an interrupted run,
// a target that refused a delete), as listed in that run's ledger file and found by the run's
// marker; or, with --marker, what carries a run's marker when there is no ledger (a replay script
// or a pasted create's curl made it). An archived record a delete did not remove is restored and
// deleted again, as the run's sweep does. Touches nothing else.
import { transportOf, withCommandToken } from '../../../lib/core/config/transport-settings.ts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerEntry } from '../../../lib/core/client/ledger.ts';
import type { OptionValues } from '../../../lib/core/config/option.ts';
import { HarnessError } from '../../../lib/core/errors.ts';
import { LedgerFile } from '../../../lib/core/safety/safe-run.ts';
import {
  findMarkedOfEachUser,
  sweepClients,
  sweepLedger,
  withMarked,
  type SweepTarget,
} from '../../../lib/core/safety/sweep.ts';
import { cleanupHelp } from '../help-texts.ts';
import type { cleanupOptions } from '../options/check.ts';
import { parseCommand } from '../options/index.ts';

type CleanupConfig = OptionValues<typeof cleanupOptions>;

const describeEntry = (entry: LedgerEntry) =>
  `${entry.kind} ${entry.id}${entry.group_id !== undefined ? ` (a conversation of group ${entry.group_id})` : ''}${entry.user === 'second' ? " (the second user's)" : ''}`;

export async function runCleanup(argv: string[]): Promise<number> {
  const parsed = parseCommand('cleanup', argv);
  if (parsed.help) {
    console.log(cleanupHelp);
    return 0;
  }
  const config = parsed.values;
  if (config.baseUrl === undefined) {
    throw new HarnessError(
      'MSGAPI_USAGE',
      'cleanup needs the BASE_URL and ACCESS_TOKEN of the target the run used (the embedded server keeps nothing after its run).',
    );
  }
  const target = {
    url: config.baseUrl,
    accessToken: withCommandToken(config).accessToken!,
    secondAccessToken: config.secondAccessToken,
    encoding: config.bodyEncoding,
    timeoutMs: config.requestTimeoutMs,
    transport: transportOf(config),
  };
  if (config.marker !== undefined) {
    if (config.ledger.length > 0)
      throw new HarnessError('MSGAPI_USAGE', '--marker sweeps without a ledger: give --marker or --ledger, not both.');
    return cleanByMarker(config, target, config.marker);
  }
  return cleanByLedgers(config, target);
}

/** The lists the marker could not be looked for to their end: what is there was not seen. */
function sayUnread(unread: readonly string[]): void {
  for (const why of unread) console.log(`  note: ${why}; records of the run past it, if any, were not looked for`);
}

/** Every object that carries the marker, listed first; deleted unless --dry-run. */
async function cleanByMarker(config: CleanupConfig, target: SweepTarget, runId: string): Promise<number> {
  // As each user the settings name: a run's second user marks what it makes too.
  const { entries, unread } = await findMarkedOfEachUser(
    sweepClients(target, []),
    runId,
    config.pagination,
    undefined,
    { groupConversations: true },
  );
  sayUnread(unread);
  if (entries.length === 0) {
    console.log(`marker ${runId}: nothing at ${target.url} carries it: nothing to clean up.`);
    return 0;
  }
  console.log(`marker ${runId}: found at ${target.url}:`);
  for (const entry of entries) console.log(`  ${describeEntry(entry)}`);
  if (config.dryRun) {
    console.log('--dry-run: nothing deleted.');
    return 0;
  }
  const clients = sweepClients(target, entries);
  const { deleted, leftovers } = await sweepLedger(entries, clients.first, clients.second);
  console.log(
    `marker ${runId}: ${entries.length} found, ${deleted} deleted now, ${entries.length - deleted - leftovers.length} already gone, ${leftovers.length} left.`,
  );
  for (const leftover of leftovers) console.log(`  ${leftover.kind} ${leftover.id}: ${leftover.reason}`);
  return leftovers.length === 0 ? 0 : 1;
}

async function cleanByLedgers(config: CleanupConfig, target: SweepTarget): Promise<number> {
  const files =
    config.ledger.length > 0
      ? config.ledger
      : readdirSync(config.reportsDir)
          .filter((file) => /^ledger-.*\.jsonl$/.test(file))
          .map((file) => join(config.reportsDir, file));
  if (files.length === 0) {
    console.log(`msgapi cleanup: no ledger file in ${config.reportsDir}: nothing to clean up.`);
    return 0;
  }
  let leftCount = 0;
  for (const file of files) {
    // Creates under way when a run was stopped, and creates whose answer was not the object, never
    // reached its ledger; the run id in the file's name finds them by the marker in their names.
    const runId = /ledger-([0-9a-f]+)\.jsonl$/.exec(file)?.[1];
    const ledger = LedgerFile.existing(file);
    const recorded = ledger.recorded();
    // The ids the users held before that run (saved beside its ledger): never the run's, whatever a list says.
    const prior = ledger.prior();
    const search = runId === undefined ? undefined : { runId, pagination: config.pagination };
    if (config.dryRun) {
      // With the conversations of the marked groups, as the run's own sweep.
      const marked = search
        ? await findMarkedOfEachUser(sweepClients(target, [], prior), search.runId, search.pagination, prior, {
            groupConversations: true,
          })
        : { entries: [], unread: [] };
      sayUnread(marked.unread);
      const entries = withMarked(recorded, marked.entries);
      console.log(`${file}: ${entries.length} recorded or marked (--dry-run: nothing deleted):`);
      for (const entry of entries) console.log(`  ${describeEntry(entry)}`);
      continue;
    }
    // As the run's own sweep (the same step of the safety protocol): the ledger, then what still
    // carries its marker. Each entry as the user who made it; without SECOND_ACCESS_TOKEN, the second
    // user's are left, saying so. Nothing left: the ledger and its snapshot are removed.
    const { deleted, leftovers, unread, marked } = await ledger.sweep(target, search);
    sayUnread(unread);
    const total = recorded.length + marked;
    console.log(
      `${file}: ${recorded.length} recorded${marked > 0 ? `, ${marked} more found by its marker` : ''}, ${deleted} deleted now, ${total - deleted - leftovers.length} already gone, ${leftovers.length} left.`,
    );
    for (const leftover of leftovers) console.log(`  ${leftover.kind} ${leftover.id}: ${leftover.reason}`);
    leftCount += leftovers.length;
  }
  return leftCount === 0 ? 0 : 1;
}
