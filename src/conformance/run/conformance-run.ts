// One conformance run against one target: the checks (N times with --repeat), with every created
// id in a ledger file, then the sweep that deletes what is left — also after Ctrl-C.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Leftover } from '../../core/safety/created-resources.ts';
import type { ProvidedTarget, Target } from '../../core/target/target.ts';
import { gatingPolicy } from './gating.ts';
import type { CheckResult } from './check-result.ts';
import { watchForInterruption } from '../../core/safety/interruption.ts';
import { combineAttempts } from './repeat.ts';
import { runSuites, type RunSuitesOptions } from './run-suites.ts';
import { markedEntries, readLedgerFile, sweepClient, sweepLedger } from '../../core/safety/sweep.ts';

export interface ConformanceRunOptions {
  /** Where the ledger file is written. */
  reportsDir: string;
  /** --strict / STRICT and CONVENTIONS: which convention checks gate. */
  strict: boolean;
  conventions: Parameters<typeof gatingPolicy>[0]['declared'];
  only?: readonly string[];
  shard?: string;
  repeat: number;
  reporters: RunSuitesOptions['reporters'];
  vitestOutput?: NodeJS.WriteStream;
}

export interface ConformanceRun {
  results: CheckResult[];
  harnessErrors: readonly string[];
  interruptedBy: NodeJS.Signals | undefined;
  leftovers: Leftover[];
  /** Kept only when something is left: msgapi cleanup --ledger reads it. */
  ledgerFile: string | null;
  sweepRequests: number;
}

export async function runConformance(target: Target, provided: ProvidedTarget, options: ConformanceRunOptions): Promise<ConformanceRun> {
  // Every id the checks create is appended here as it is made: what a check's own cleanup misses,
  // the sweep below removes, even after Ctrl-C.
  const ledgerFile = join(options.reportsDir, `ledger-${provided.runId}.jsonl`);
  writeFileSync(ledgerFile, '');
  const interruption = watchForInterruption(ledgerFile);
  const attempts: CheckResult[][] = [];
  const harnessErrors: string[] = [];
  try {
    for (let attempt = 1; attempt <= options.repeat && !interruption.signal.aborted; attempt++) {
      if (options.repeat > 1) (options.vitestOutput ?? process.stdout).write(`Attempt ${attempt} of ${options.repeat}\n`);
      const outcome = await runSuites(
        [{ name: 'target', target: { ...provided, ledgerFile }, gates: gatingPolicy({ strict: options.strict, declared: options.conventions }) }],
        {
          requestTimeoutMs: provided.requestTimeoutMs,
          // Only the last attempt writes vitest's own reports (junit.xml).
          reporters: attempt === options.repeat ? options.reporters : options.reporters?.filter((entry) => !(Array.isArray(entry) && entry[0] === 'junit')),
          cancel: interruption.signal,
          ...(options.only ? { only: options.only } : {}),
          ...(options.shard ? { shard: options.shard } : {}),
          ...(options.vitestOutput ? { vitestOutput: options.vitestOutput } : {}),
        },
      );
      attempts.push(outcome.results.get('target') ?? []);
      harnessErrors.push(...outcome.harnessErrors);
    }
  } finally {
    interruption.stop();
  }
  const interruptedBy = interruption.received();
  const sweepTarget = { url: target.url, accessToken: target.users.accessToken, encoding: target.choices.bodyEncoding, timeoutMs: provided.requestTimeoutMs };
  const recorded = readLedgerFile(ledgerFile);
  // A stopped run may have had creates under way, which never reached the ledger: those are
  // found by the run's marker in their names.
  const entries = interruptedBy ? [...recorded, ...(await markedEntries(sweepClient(sweepTarget, []), provided.runId, target.choices.pagination))] : recorded;
  const sweeper = sweepClient(sweepTarget, entries);
  const { leftovers } = await sweepLedger(entries, sweeper);
  if (leftovers.length === 0) rmSync(ledgerFile, { force: true });
  return {
    results: attempts.length > 1 ? combineAttempts(attempts) : (attempts[0] ?? []),
    harnessErrors: [...new Set(harnessErrors)],
    interruptedBy,
    leftovers,
    ledgerFile: leftovers.length > 0 ? ledgerFile : null,
    sweepRequests: sweeper.journal.length,
  };
}
