// One conformance run against one target, under the safety protocol (lib/core/safety/safe-run.ts):
// a snapshot of the ids the users hold (never the run's own), the checks (N times with --repeat),
// with every created id in a ledger file, then the sweep that deletes what is left, by the ledger
// and by the run's marker — also after a failure or Ctrl-C.
import type { Leftover } from '../../lib/core/safety/created-resources.ts';
import type { ProvidedTarget, Target } from '../../lib/core/target/target.ts';
import { gatingPolicy } from './gating.ts';
import type { CheckResult } from './check-result.ts';
import type { CheckTimeline } from './run-timing.ts';
import { combineAttempts } from './repeat.ts';
import { runSuites, type RunSuitesOptions } from './run-suites.ts';
import { cleanupCommand } from '../../lib/core/safety/cleanup-command.ts';
import { LedgerFile, withSafeRun } from '../../lib/core/safety/safe-run.ts';
import { firstUserClient, secondUserClient } from '../../lib/core/client/user-clients.ts';
import { runTargetHealth, type TargetGone } from '../../lib/core/client/target-health.ts';
import {
  answerAgainWithinMs,
  answersAgain,
  defaultThrottleLimitMs,
  watchTarget,
} from '../../lib/core/target/target-watch.ts';
import { recordingAs } from '../../lib/core/har/har-recorder.ts';

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
  /** --bail: the result that stops the run. */
  stopWhen?: (result: CheckResult) => boolean;
  /** --workers: checks at once at most (1: one after another). */
  workers?: number;
  /** --replay: one case, sent once; never run again. */
  replay?: boolean;
}

/** A run with this many failures or fewer re-runs each failed check alone, serially, to say whether it needs company. */
const serialRerunsAtMost = 5;

export interface ConformanceRun {
  /** --bail stopped the run at a gating failure before every selected check ran. */
  stoppedEarly: boolean;
  results: CheckResult[];
  harnessErrors: readonly string[];
  interruptedBy: NodeJS.Signals | undefined;
  /** The checks under way when a signal stopped the run: not run to their end, so no result of theirs is reported. */
  cutShort: string[];
  /** The requests those checks had sent. */
  cutShortRequests: number;
  /** Each with its reason, and (but on the embedded server, gone with the run) the cleanup command that tries again. */
  leftovers: Leftover[];
  /** The lists the sweep could not read to their end: records of the run there were not looked for. */
  sweepUnread: string[];
  /** Kept only when something is left: msgapi cleanup --ledger reads it. */
  ledgerFile: string | null;
  sweepRequests: number;
  /** Whether the snapshot of the users' ids taken at the start read every list to its end, and if not why. */
  snapshot: { complete: boolean; incomplete: string[] };
  /** When each check's requests were sent and answered (the last attempt's), and the most checks let run at once. */
  timelines: CheckTimeline[];
  concurrencyLimit: number;
  /** The target stopped answering during the checks (its health was handed over: msgapi check), and the run stopped. */
  gone?: TargetGone;
}

export async function runConformance(
  target: Target,
  provided: ProvidedTarget,
  options: ConformanceRunOptions,
): Promise<ConformanceRun> {
  // Every id the checks create is appended to the ledger as it is made: what a check's own cleanup
  // misses, the sweep removes, even after Ctrl-C. What the users hold before the first check is
  // kept beside it: none of it is ever the run's own, whatever any answer says.
  const ledger = LedgerFile.create(options.reportsDir, provided.runId);
  const ledgerFile = ledger.path;
  const sweepTarget = {
    url: target.url,
    ...target.users,
    encoding: target.choices.bodyEncoding,
    timeoutMs: provided.requestTimeoutMs,
    transport: target.transport,
  };
  const reader = firstUserClient(target.users, {
    baseUrl: target.url,
    encoding: target.choices.bodyEncoding,
    timeoutMs: provided.requestTimeoutMs,
    readOnly: true,
    transport: target.transport,
  });
  // With --har, the snapshot's and the sweep's exchanges are recorded as those steps' (the checks' as theirs, in the workers).
  const recorded = (_step: 'snapshot' | 'sweep') =>
    provided.har === undefined ? undefined : { partsDir: provided.har.partsDir, source: { _step } };
  const snapshot = await recordingAs(recorded('snapshot'), () =>
    ledger.takeSnapshot(
      [reader, secondUserClient(reader, target.users)].filter((client) => client !== undefined),
      target.choices.pagination,
    ),
  );
  const attempts: CheckResult[][] = [];
  let timelines: CheckTimeline[] = [];
  let concurrencyLimit = 1;
  const harnessErrors: string[] = [];
  const cutShort: Array<{ id: string; requests: number }> = [];
  let stoppedEarly = false;
  // A target that stops answering stops the run (target-watch.ts), as a signal would, but with exit 2.
  const health = runTargetHealth(provided);
  const targetWent = new AbortController();
  let gone: TargetGone | undefined;
  let notBack = false;
  const watch = health
    ? watchTarget(target, health, {
        timeoutMs: provided.requestTimeoutMs,
        throttleLimitMs: provided.throttleLimitMs ?? defaultThrottleLimitMs,
        onGone: (facts) => {
          gone = facts;
          targetWent.abort();
        },
      })
    : undefined;
  const { cleaned: swept, interruptedBy } = await withSafeRun(
    {
      ledger: ledgerFile,
      work: 'the checks',
      // Not every create the run made reached the ledger: one whose answer was not the object (or was
      // cut short) never gave its id, and one under way when the run was stopped never answered. After
      // the ledger's sweep, those are found by the run's marker in their names, each only when its own
      // retrieve shows it (never among what the users held before the run), with the conversations of
      // the groups found so. A read-only run made nothing.
      cleanUp: async () => {
        watch?.stop();
        // Gone: the sweep waits a little for the target to answer again; still nothing, and what the
        // run made stays in the ledger for msgapi cleanup.
        // Refusing for good (429 or 503 for longer than the run waits): no sweep either, which
        // would only be refused in turn; the ledger keeps it for msgapi cleanup.
        if (gone?.throttled !== undefined) {
          notBack = true;
          return unsweptAfterGone(ledger.recorded(), provided.runId, 'refused');
        }
        if (gone !== undefined && !(await answersAgain(target, provided.requestTimeoutMs)).back) {
          notBack = true;
          return unsweptAfterGone(ledger.recorded(), provided.runId, 'gone');
        }
        return recordingAs(recorded('sweep'), () =>
          ledger.sweep(
            sweepTarget,
            provided.readOnly ? undefined : { runId: provided.runId, pagination: target.choices.pagination },
          ),
        );
      },
    },
    async (interruption) => {
      const signal = AbortSignal.any([interruption, targetWent.signal]);
      for (let attempt = 1; attempt <= options.repeat && !signal.aborted && !stoppedEarly; attempt++) {
        if (options.repeat > 1)
          (options.vitestOutput ?? process.stdout).write(`Attempt ${attempt} of ${options.repeat}\n`);
        const outcome = await runSuites(
          [
            {
              name: 'target',
              target: { ...provided, ledgerFile },
              gates: gatingPolicy({ strict: options.strict, declared: options.conventions }),
            },
          ],
          {
            requestTimeoutMs: provided.requestTimeoutMs,
            // Only the last attempt writes vitest's own reports (junit.xml).
            reporters:
              attempt === options.repeat
                ? options.reporters
                : options.reporters?.filter((entry) => !(Array.isArray(entry) && entry[0] === 'junit')),
            cancel: signal,
            ...(options.only ? { only: options.only } : {}),
            ...(options.shard ? { shard: options.shard } : {}),
            ...(options.vitestOutput ? { vitestOutput: options.vitestOutput } : {}),
            ...(options.stopWhen ? { stopWhen: options.stopWhen } : {}),
            ...(options.workers === undefined ? {} : { workers: options.workers }),
          },
        );
        stoppedEarly = outcome.stoppedEarly;
        timelines = outcome.timelines.get('target') ?? [];
        concurrencyLimit = outcome.concurrencyLimit;
        attempts.push(outcome.results.get('target') ?? []);
        cutShort.push(...(outcome.cutShort.get('target') ?? []));
        harnessErrors.push(...outcome.harnessErrors);
      }
      // A check that failed among others is run again alone, one request after another: when it
      // passes so, its failure needs other requests at the same time (another check's, or the
      // server's handling of concurrent ones), and the report says so.
      // Not when nothing ran beside the check (one check, --workers 1) nor for --replay's one case.
      const ranSideBySide =
        attempts.length === 1 &&
        options.workers !== 1 &&
        !options.replay &&
        (attempts[0]?.filter((result) => result.status !== 'skipped').length ?? 0) > 1;
      const failed = ranSideBySide && !stoppedEarly ? attempts[0]!.filter((result) => result.status === 'failed') : [];
      if (failed.length > 0 && failed.length <= serialRerunsAtMost && !signal.aborted) {
        (options.vitestOutput ?? process.stdout).write(
          `Running the ${failed.length} failed check(s) again, each alone: ${failed.map((result) => result.id).join(', ')}\n`,
        );
        const rerun = await runSuites(
          [
            {
              name: 'target',
              target: {
                ...provided,
                ledgerFile,
                ...(provided.har === undefined ? {} : { har: { ...provided.har, serialRerun: true } }),
              },
              gates: gatingPolicy({ strict: options.strict, declared: options.conventions }),
            },
          ],
          {
            requestTimeoutMs: provided.requestTimeoutMs,
            cancel: signal,
            only: failed.map((result) => result.id),
            workers: 1,
            ...(options.vitestOutput ? { vitestOutput: options.vitestOutput } : {}),
          },
        );
        const again = new Map((rerun.results.get('target') ?? []).map((result) => [result.id, result]));
        for (const result of failed) {
          const status = again.get(result.id)?.status;
          if (status === 'passed' || status === 'failed') result.serial_rerun = status;
        }
      }
    },
  );
  // The embedded server and its data are gone with the run: there is nothing to try again.
  const command = target.embedded
    ? undefined
    : cleanupCommand(
        { url: target.url, encoding: target.choices.bodyEncoding, pagination: target.choices.pagination },
        { ledger: ledgerFile },
      );
  const leftovers = swept.leftovers.map((leftover): Leftover =>
    command === undefined ? leftover : { ...leftover, cleanup: command },
  );
  return {
    stoppedEarly,
    results: attempts.length > 1 ? combineAttempts(attempts) : (attempts[0] ?? []),
    harnessErrors: [...new Set(harnessErrors)],
    interruptedBy,
    cutShort: [...new Set(cutShort.map((check) => check.id))],
    cutShortRequests: cutShort.reduce((sum, check) => sum + check.requests, 0),
    leftovers,
    sweepUnread: swept.unread,
    // Kept too when the target went away and the sweep could not look: msgapi cleanup reads it once it is back.
    ledgerFile: leftovers.length > 0 || notBack ? ledgerFile : null,
    sweepRequests: swept.requests + reader.journal.length,
    snapshot: { complete: snapshot.complete, incomplete: snapshot.incomplete },
    timelines,
    concurrencyLimit,
    ...(gone === undefined ? {} : { gone }),
  };
}

/**
 * The sweep's outcome when the target did not come back: everything the ledger names is left, and
 * why, but what the run saw gone (its ledger's gone lines): that is not on the target to clean up,
 * and msgapi cleanup, which reads the same ledger, counts it gone too.
 */
function unsweptAfterGone(
  entries: ReadonlyArray<{ kind: Leftover['kind']; id: string; gone?: boolean }>,
  runId: string,
  how: 'gone' | 'refused',
): { leftovers: Leftover[]; unread: string[]; marked: number; requests: number } {
  const within = `within ${answerAgainWithinMs / 1000} s`;
  const why =
    how === 'gone'
      ? `the target stopped answering during the run and did not answer again ${within}`
      : 'the target refused every request (429, or 503 with Retry-After) for longer than the run waits';
  return {
    leftovers: entries
      .filter((entry) => entry.gone !== true)
      .map((entry) => ({ kind: entry.kind, id: entry.id, reason: `not deleted: ${why}` })),
    unread: [
      `${how === 'gone' ? `the target did not answer again ${within}` : why} (msgapi cleanup --marker ${runId} looks once it is back)`,
    ],
    marked: 0,
    requests: 0,
  };
}
