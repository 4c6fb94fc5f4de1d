// The check engine's entry, beside load's runLoad: typed options in, the report and its verdict out,
// nothing printed and no file written but the run's own ledger and, with `har`, the HAR file, which
// is gathered from every worker as the run goes (the caller writes conformance.json, junit.xml and
// index.html, and prints). msgapi check maps its flags and settings onto these
// options; the package exports this function as it is.
import { mkdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { unknownIdsProblem } from '../lib/core/config/parse-values.ts';
import { createRateBucketBuffer, SharedRateBucket, type RateFigures } from '../lib/core/client/shared-rate-bucket.ts';
import { createTargetHealthBuffer, TargetHealth } from '../lib/core/client/target-health.ts';
import { goneSentence } from '../lib/core/target/target-watch.ts';
import { applyDetection, type Declared } from '../lib/core/detect/apply-detection.ts';
import { detectChoices } from '../lib/core/detect/detect-choices.ts';
import { serverChoices } from '../lib/core/detect/server-choices.ts';
import { ConfigError, HarnessError } from '../lib/core/errors.ts';
import type { Leftover } from '../lib/core/safety/created-resources.ts';
import { cleanupCommand } from '../lib/core/safety/cleanup-command.ts';
import { openTarget, type TargetSettings } from '../lib/core/target/open-target.ts';
import { reachTarget } from '../lib/core/target/reach-target.ts';
import { providedTarget } from '../lib/core/target/provided-target.ts';
import type { RunSettings } from '../lib/core/target/target.ts';
import { version } from '../lib/core/version.ts';
import { makeHarParts, writeHar } from '../lib/core/har/har-file.ts';
import { recordingAs } from '../lib/core/har/har-recorder.ts';
import type { HarSource } from '../lib/core/har/har-entry.ts';
import { inProcessReference } from './embedded-reference.ts';
import { loadRegistry, type CheckRegistry } from './registry.ts';
import { buildReport } from './run/build-report.ts';
import { runTiming, withWindow } from './run/run-timing.ts';
import { checkWindow } from './run/parallelism.ts';
import type { CheckResult, ConformanceReport, ConformanceVerdict, SettingValue } from './run/check-result.ts';
import { runConformance } from './run/conformance-run.ts';
import type { RunSuitesOptions } from './run/run-suites.ts';
import { applyExpectations, isGeneratedCheck, readExpectations } from './run/expectations.ts';
import { decideVerdict, isGatingBlock, isGatingFailure, runScope } from './run/verdict.ts';
import { selectChecks } from './selection.ts';

export interface CheckOptions extends RunSettings {
  /** BASE_URL (undefined: the embedded reference server, in this process), the tokens, the declared choices and readings. */
  target: TargetSettings;
  /** Which of BODY_ENCODING, PAGINATION and GROUP_CONTACTS the user declared; the others are found out on a target that is not the embedded server. */
  declaredChoices: Declared;
  /** --only and --exclude: ids, prefixes ending in a dot, tags. */
  only?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
  /** --strict, and CONVENTIONS: the convention checks the server declares it follows. */
  strict: boolean;
  conventions: readonly string[];
  /** --repeat: every check N times. */
  repeat: number;
  shard?: { index: number; count: number } | undefined;
  /** --bail: the first gating failure or block that is not a known failure stops the run. */
  bail: boolean;
  /** --expectations: the file of known failures. */
  expectations?: string | undefined;
  /** --workers: checks at once at most (1: one after another). */
  workers?: number | undefined;
  /** --wait-for-target: seconds a target still starting is waited for. */
  waitForTargetS: number;
  /** Where the run's ledger file is written (and left when something could not be removed). */
  reportsDir: string;
  /** --har: the file every exchange of the run is written to, as a HAR 1.2 log (redacted as every record is). */
  har?: string | undefined;
  /** What shaped the run and the command that replays it, recorded in the report (msgapi check: its flags). */
  recorded?: { settings: Record<string, SettingValue>; replay: string };
  /** The run's lines for people (the target, what was found out); nothing is said when not given. */
  say?: (text: string) => void;
  /** vitest's own output; none when not given. */
  vitestOutput?: NodeJS.WriteStream;
  /** vitest reporters, made once the number of selected checks is known (msgapi check: a progress line); none when not given. */
  reporters?: (selected: number) => RunSuitesOptions['reporters'];
}

export interface CheckRun {
  report: ConformanceReport;
  verdict: ConformanceVerdict;
  /** The signal that stopped the run (Ctrl-C: SIGINT), if one did. */
  interruptedBy: NodeJS.Signals | undefined;
  /** What failed in the harness itself (the verdict is then ERROR). */
  harnessErrors: readonly string[];
  /** The target stopped answering during the run, in one sentence (the verdict is then ERROR; msgapi check exits 2). */
  targetGone?: string;
  registry: CheckRegistry;
  /** --har: the file written and how many entries it holds (the report's request count, unless `problem` says why not). */
  har?: HarWritten;
}

export interface HarWritten {
  file: string;
  entries: number;
  problem?: string;
}

/** A leftover of the probe, told in a sentence that begins with what it is: "group <id> (…): …"; its marker removes it. */
function probeLeftover(reason: string, cleanup: string): Leftover {
  const named = /^(group|conversation) (\S+?)[ :]/.exec(reason);
  return {
    kind: (named?.[1] as Leftover['kind'] | undefined) ?? 'group',
    id: named?.[2] ?? '(see the reason)',
    reason: `left by the probe: ${reason}`,
    cleanup,
  };
}

/** The checks the options select, in the registry's order (msgapi check --list prints them). */
export async function selectedChecks(
  options: Pick<CheckOptions, 'only' | 'exclude' | 'readOnly'>,
): Promise<{ registry: CheckRegistry; only: string[] }> {
  const registry = await loadRegistry();
  const only = selectChecks(registry, {
    ...(options.only !== undefined ? { only: options.only } : {}),
    ...(options.exclude !== undefined ? { exclude: options.exclude } : {}),
    readOnly: options.readOnly,
  });
  return { registry, only };
}

const nowhere = (): NodeJS.WriteStream =>
  new Writable({ write: (_chunk, _encoding, done) => done() }) as unknown as NodeJS.WriteStream;

/** Runs the conformance suites against the target the options name; a configuration or harness error before the run is thrown. */
export async function runCheck(options: CheckOptions): Promise<CheckRun> {
  const say = options.say ?? (() => {});
  const { registry, only } = await selectedChecks(options);
  // Core reads CONVENTIONS as a list of ids; which ids are convention checks the conformance engine knows.
  const notConventions = unknownIdsProblem(
    'CONVENTIONS',
    options.conventions,
    (id) => registry.has(id) && registry.get(id).level === 'convention',
    'a convention check (see docs/checks.md)',
  );
  if (notConventions) throw new ConfigError([notConventions]);
  // A counterexample belongs to one generated check: replayed by any other, its path names nothing.
  if (options.replay !== undefined && (only.length !== 1 || !isGeneratedCheck(only[0]!))) {
    throw new ConfigError([
      `--replay runs one property or model-based check's counterexample: name that check alone with --only (it selects ${only.length === 1 ? only[0] : `${only.length} checks`}).`,
    ]);
  }
  if (options.replay !== undefined && only[0]!.startsWith('model.') && options.replay.commands === undefined) {
    throw new ConfigError([
      `--replay ${options.replay.seed}@${options.replay.path} lacks the @COMMANDS part a model check's case has: give the whole SEED@PATH@COMMANDS its failure printed.`,
    ]);
  }
  const { shard, repeat } = options;
  const expectationsFile = options.expectations;
  const expected =
    expectationsFile === undefined ? undefined : readExpectations(expectationsFile, (id) => registry.has(id));
  const startedAt = new Date();
  const target = await openTarget(options.target, inProcessReference());
  const harParts = options.har === undefined ? undefined : makeHarParts();
  const recorded = (_step: Extract<HarSource, { _step: string }>['_step']) =>
    harParts === undefined ? undefined : { partsDir: harParts, source: { _step } };
  try {
    const reachRequests = await recordingAs(recorded('reach'), () =>
      reachTarget(target, {
        timeoutMs: options.requestTimeoutMs,
        waitForTargetS: options.waitForTargetS,
        onWaiting: say,
      }),
    );
    // The choices the user left undeclared are found out on the target (the embedded server's are known).
    const declared = options.declaredChoices;
    const detection =
      target.embedded || (declared.bodyEncoding && declared.pagination && declared.groupContacts)
        ? undefined
        : await recordingAs(recorded('probe'), () =>
            detectChoices(target, { timeoutMs: options.requestTimeoutMs, readOnly: options.readOnly }),
          );
    if (detection !== undefined) {
      const applied = applyDetection(target.choices, detection, declared);
      Object.assign(target.choices, applied.choices);
      say(
        `Found out on the target (${detection.requests} requests; declare a setting to skip it): ${applied.lines.join('; ')}.`,
      );
      for (const sentence of applied.contradictions) say(sentence);
      for (const leftover of detection.leftovers)
        say(`Left by the probe: ${leftover} (msgapi cleanup --marker ${detection.marker}).`);
    }
    say(
      `msgapi check ${version}: target ${target.url}${target.embedded ? ' (embedded reference server)' : ''}, ` +
        `seed ${options.seed} (replay with SEED=${options.seed}), body encoding ${target.choices.bodyEncoding}` +
        `${shard ? `, shard ${shard.index}/${shard.count}` : ''}${repeat > 1 ? `, every check ${repeat} times` : ''}.`,
    );
    // The run's pace, shared by every worker; read back for the report's rate_limit.
    // With it, the window of checks at once, following the target unless --workers fixes it.
    const rateBucket = createRateBucketBuffer(options.maxRps, checkWindow(target.embedded, options.workers));
    // Whether the target still answers, as every worker sees it: the run stops when it is gone.
    const targetHealth = createTargetHealthBuffer();
    // It answered the first requests just now: a target gone later last answered then at the earliest.
    new TargetHealth(targetHealth).answered();
    const provided = {
      ...providedTarget(target, options),
      rateBucket,
      targetHealth,
      ...(harParts === undefined ? {} : { har: { partsDir: harParts } }),
      ...(options.bail ? { bail: { except: [...(expected?.keys() ?? [])] } } : {}),
    };
    mkdirSync(options.reportsDir, { recursive: true });
    const run = await runConformance(target, provided, {
      reportsDir: options.reportsDir,
      strict: options.strict,
      conventions: [...options.conventions],
      repeat,
      vitestOutput: options.vitestOutput ?? nowhere(),
      reporters: options.reporters?.(only.length) ?? [],
      only,
      ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
      ...(options.workers === undefined ? {} : { workers: options.workers }),
      ...(options.replay === undefined ? {} : { replay: true }),
      ...(options.bail
        ? {
            stopWhen: (result: CheckResult) =>
              (isGatingFailure(result) || isGatingBlock(result)) && !expected?.has(result.id),
          }
        : {}),
    });
    const targetGone =
      run.gone === undefined
        ? undefined
        : goneSentence(target.url, run.gone, startedAt, new Set(run.results.map((r) => r.id)).size, only.length);
    // What failed on no answer once the target went away says nothing about the server's behaviour.
    const results = targetGone === undefined ? run.results : run.results.map(notJudgedWhenUnanswered);
    if (results.length === 0 && run.harnessErrors.length === 0 && !run.interruptedBy && !shard && !targetGone) {
      throw new HarnessError('MSGAPI_SUITE_CRASHED', 'No check ran: the suites folder holds no checks.');
    }
    let report: ConformanceReport = buildReport(
      {
        targetUrl: target.url,
        embedded: target.embedded,
        startedAt,
        durationMs: Date.now() - startedAt.getTime(),
        seed: options.seed,
        runId: provided.runId,
        extraRequests: reachRequests + (detection?.requests ?? 0) + run.sweepRequests + run.cutShortRequests,
        version,
        interrupted: run.interruptedBy !== undefined,
        interruptedChecks: run.cutShort,
        // The probe's own leftovers too: the report must not say nothing was left when something was.
        leftovers: [
          ...run.leftovers,
          ...(detection?.leftovers ?? []).map((reason) =>
            probeLeftover(
              reason,
              cleanupCommand(
                { url: target.url, encoding: target.choices.bodyEncoding, pagination: target.choices.pagination },
                { marker: detection!.marker },
              ),
            ),
          ),
        ],
        ledgerFile: run.ledgerFile,
        rateLimit: withoutCongestionOnceGone(new SharedRateBucket(rateBucket).figures(), targetGone),
      },
      results,
    );
    if (repeat > 1) report = { ...report, repeat };
    if (shard) report = { ...report, shard };
    if (expected) report = applyExpectations(report, expected, expectationsFile!);
    // The verdict, decided once here from the results: every output reads it.
    const scopeOptions = [
      ...(options.only !== undefined ? [`--only ${options.only.join(',')}`] : []),
      ...(options.exclude !== undefined ? [`--exclude ${options.exclude.join(',')}`] : []),
      ...(options.readOnly ? ['--read-only'] : []),
      ...(shard ? [`--shard ${shard.index}/${shard.count}`] : []),
    ];
    // A shard's part of the selection is known only from what its suite files reported.
    const selected = shard ? new Set(report.checks.map((check) => check.id)).size : only.length;
    const decided = decideVerdict({
      checks: report.checks,
      interrupted: run.interruptedBy !== undefined,
      harnessErrors: run.harnessErrors,
      expectations: report.expectations,
      scope: runScope(selected, registry.checks.length, scopeOptions),
      seed: options.seed,
      stoppedEarly: run.stoppedEarly,
      targetGone,
    });
    // Not a failure of the server: the sweep could not look everywhere for what the run made.
    const verdict =
      run.sweepUnread.length === 0
        ? decided
        : {
            ...decided,
            notices: [
              ...decided.notices,
              `the sweep after the run looked for records carrying its marker (run ${provided.runId}) but ${run.sweepUnread.join('; ')}: any there were not looked for`,
            ],
          };
    const timing = withWindow(runTiming(run.timelines, run.concurrencyLimit), new SharedRateBucket(rateBucket));
    report = {
      ...report,
      ...(timing === undefined ? {} : { timing }),
      verdict,
      ...options.recorded,
      server_choices: serverChoices({
        choices: target.choices,
        declared,
        embedded: target.embedded,
        detection,
        ...(report.rate_limit
          ? {
              rateLimit: { throttled: report.rate_limit.throttled, retryAfterSeen: report.rate_limit.retry_after_seen },
            }
          : {}),
      }),
    };
    const har = harParts === undefined ? undefined : await joinHar(harParts, options.har!);
    return {
      report,
      verdict,
      interruptedBy: run.interruptedBy,
      harnessErrors: run.harnessErrors,
      ...(targetGone === undefined ? {} : { targetGone }),
      registry,
      ...(har === undefined ? {} : { har }),
    };
  } catch (error) {
    // A run stopped by an error (an unreachable target) leaves the HAR of what it sent: what led there.
    if (harParts !== undefined) await joinHar(harParts, options.har!);
    throw error;
  } finally {
    await target.close();
  }
}

/**
 * A target gone: the requests that got no answer on its way out were no congestion (its one
 * sentence says what happened), and are not counted as such.
 */
function withoutCongestionOnceGone(figures: RateFigures, targetGone: string | undefined): RateFigures {
  return targetGone === undefined ? figures : { ...figures, congested: 0, unansweredAlone: 0 };
}

/** A check that failed or was blocked on a request that got no answer, in a run whose target went away: skipped, not judged. */
function notJudgedWhenUnanswered(result: CheckResult): CheckResult {
  if (!result.unanswered || result.status === 'passed' || result.status === 'skipped') return result;
  const { reproduction_script: _script, fresh_connection: _fresh, ...rest } = result;
  return {
    ...rest,
    status: 'skipped',
    message: `not judged: the target stopped answering while it ran (${(result.message ?? '').split('\n')[0]})`,
    reproduction: null,
  };
}

/** The parts joined into the HAR file; a file that cannot be written is said, not thrown: the run's verdict stands. */
async function joinHar(partsDir: string, file: string): Promise<HarWritten> {
  try {
    return { file, ...(await writeHar(partsDir, file, { name: 'msgapi', version })) };
  } catch (error) {
    return { file, entries: 0, problem: `it could not be written (${(error as Error).message})` };
  }
}
