// Runs the conformance suites with vitest against one target or many at once. Every check is
// registered once per target (register-checks.ts), so one vitest process, its workers and one module
// graph serve all the targets of the matrix.
import { createVitest } from 'vitest/node';
import suitesConfig from '../../suites/vitest.config.ts';
import { createRateBucketBuffer, SharedRateBucket } from '../../lib/core/client/shared-rate-bucket.ts';
import { loadRegistry, projectDir } from '../registry.ts';
import type { GatingPolicy } from './gating.ts';
import type { ProvidedTarget } from '../../lib/core/target/target.ts';
import { ConformanceReporter } from './conformance-reporter.ts';
import type { CheckResult } from './check-result.ts';
import type { CheckTimeline } from './run-timing.ts';
import { suiteParallelism } from './parallelism.ts';
import { SuiteOrder } from './suite-order.ts';
import { laneFiles, laneInclude, planLanes } from './lanes.ts';

export interface SuiteRun {
  /** Unique among the runs of one call; names the vitest project. */
  name: string;
  target: ProvidedTarget;
  gates: GatingPolicy;
}

export interface SuitesOutcome {
  results: ReadonlyMap<string, CheckResult[]>;
  harnessErrors: readonly string[];
  /** Whether stopWhen stopped the run before every selected check ran. */
  stoppedEarly: boolean;
  /** When each check's requests were sent and answered, by the run's name. */
  timelines: ReadonlyMap<string, CheckTimeline[]>;
  /** The most checks the run let run at once. */
  concurrencyLimit: number;
  /** By run name: the checks under way when `cancel` stopped the run (not run to their end), with the requests they had sent. */
  cutShort: ReadonlyMap<string, ReadonlyArray<{ id: string; requests: number }>>;
}

type ReporterEntry = string | [string, Record<string, unknown>];

export interface RunSuitesOptions {
  /** Aborting it stops the run: checks under way finish (and clean up), the rest are not started. */
  cancel?: AbortSignal;
  /** Only the checks with these ids (resolved from --only and --read-only by selection.ts). */
  only?: readonly string[];
  /** vitest's own reporters to add, such as 'default' or ['junit', {...}]. */
  reporters?: ReporterEntry[];
  requestTimeoutMs: number;
  /** vitest's sharding by suite file, as "index/count" (--shard 1/3). */
  shard?: string;
  /** A result that stops the run (--bail): checks under way finish, the rest are not started. */
  stopWhen?: (result: CheckResult) => boolean;
  /** Where vitest's own messages go ("JUNIT report written to ..."): stderr when stdout is for --json. */
  vitestOutput?: NodeJS.WriteStream;
  /** --workers: checks at once at most; 1 runs them one after another. Unset: parallelism.ts decides from the targets. */
  workers?: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A run in lanes: only the lane files go through vitest's module runner (they alone need
// import.meta.vitest); the harness and the suite files they register from are imported as Node
// imports them. The runner would transform each of those files again for every worker, most of the
// seconds a run's workers take to start (at 30 ms, the checks began 1.9 s after vitest did, not 3.3 s).
const laneServer = {
  deps: {
    inline: [new RegExp(`^${escape(projectDir)}suites/lanes/`)],
    external: [new RegExp(`^${escape(projectDir)}(?!node_modules/)`)],
  },
};

/** Test titles read `[target] id — title` (the target only when there are several). */
function onlyPattern(ids: readonly string[]): RegExp {
  return new RegExp(`^(?:\\[[^\\]]*\\] )?(?:${ids.map(escape).join('|')}) — `);
}

export async function runSuites(runs: readonly SuiteRun[], options: RunSuitesOptions): Promise<SuitesOutcome> {
  // A single target needs no name: its test titles are then just `id — title`.
  // Each target gets one rate bucket shared by all the workers (the caller's, when it made one to
  // read its figures afterwards), so that every worker may run: a 429 or MAX_RPS paces them all.
  const named = runs.map((run) => ({
    run: {
      ...run,
      target: { ...run.target, rateBucket: run.target.rateBucket ?? createRateBucketBuffer(run.target.maxRps) },
    },
    name: runs.length === 1 ? '' : run.name,
  }));
  const gates = new Map(named.map(({ run, name }) => [name, run.gates]));
  const registry = await loadRegistry();
  const reporter = new ConformanceReporter(registry, (target) => gates.get(target) ?? (() => true));
  // Only the suite files that define a selected check: every worker loads each file it is given,
  // so a run of a few checks would otherwise load (and, unbuilt, transform) all of them.
  const files = options.only?.length ? [...new Set(options.only.map((id) => registry.get(id).file))] : undefined;
  // A check makes a handful of requests, each bounded by REQUEST_TIMEOUT_MS, but waits for its
  // turn as long as a rate-limited target needs (a 429 slows the whole run down, and the checks of
  // all workers share the pace): a check's time says nothing about the server, so the limit is
  // only a guard against a suite that hangs.
  const timeout = Math.max(30 * 60_000, options.requestTimeoutMs * 10);
  let stopped = false;
  // One target and no shard: the checks in lanes, one lane file per worker (lanes.ts).
  const inLanes = named.length === 1 && options.shard === undefined;
  const windows = named.map(({ run }) => new SharedRateBucket(run.target.rateBucket));
  const parallel = suiteParallelism(
    named.map(({ run }) => run.target),
    options.workers,
    undefined,
    { adaptive: named.length === 1 && windows[0]!.windowFigures().adaptive, lanes: inLanes },
  );
  const lanes = inLanes
    ? planLanes(registry, options.only ?? registry.checks.map((check) => check.id), parallel.maxWorkers)
    : undefined;
  const listenersBefore = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  // The config is handed over as options (config: false) rather than as a file: vite would bundle
  // the file with rolldown before every run, most of a second of CPU.
  const vitest = await createVitest(
    'test',
    {
      ...suitesConfig.test,
      config: false,
      reporters: [reporter, ...(options.reporters ?? [])] as never,
      testTimeout: timeout,
      hookTimeout: timeout,
      provide: { targets: named.map(({ run, name }) => ({ name, target: run.target })), lanes: lanes ?? [] },
      ...(lanes ? { include: [laneInclude], server: laneServer } : {}),
      ...(options.only ? { testNamePattern: onlyPattern(options.only) } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
      maxWorkers: lanes ? lanes.length : parallel.maxWorkers,
      maxConcurrency: parallel.maxConcurrency,
      fileParallelism: parallel.fileParallelism,
      sequence: { concurrent: parallel.concurrent, sequencer: SuiteOrder },
    },
    undefined,
    options.vitestOutput ? { stdout: options.vitestOutput } : undefined,
  );
  if (options.cancel) {
    // vitest's logger exits the process on SIGINT and SIGTERM; the caller handles them instead, so
    // that the run can clean up what it created and write its reports first.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal))
        if (!listenersBefore[signal].includes(listener)) process.off(signal, listener);
    }
  }
  const cancel = () => {
    reporter.interrupted = true;
    // No check starts any more, and no request waits its turn to be sent alone (shared-rate-bucket.ts).
    for (const window of windows) window.stopStarting();
    void vitest.cancelCurrentRun('keyboard-input');
  };
  if (options.stopWhen) {
    const stopWhen = options.stopWhen;
    reporter.onResult = (result) => {
      if (stopWhen(result) && !stopped) {
        stopped = true;
        reporter.stopping = true;
        void vitest.cancelCurrentRun('test-failure');
      }
    };
  }
  options.cancel?.addEventListener('abort', cancel, { once: true });
  try {
    await vitest.start(lanes ? laneFiles(lanes.length) : files);
  } finally {
    options.cancel?.removeEventListener('abort', cancel);
    await vitest.close();
  }
  // vitest sets process.exitCode on failures; the commands decide their own exit codes.
  process.exitCode = undefined;
  const results = new Map(named.map(({ run, name }) => [run.name, reporter.resultsOf(name)]));
  const timelines = new Map(named.map(({ run, name }) => [run.name, reporter.timelines.get(name) ?? []]));
  const cutShort = new Map(named.map(({ run, name }) => [run.name, reporter.cutShort.get(name) ?? []]));
  return {
    results,
    harnessErrors: reporter.harnessErrors,
    stoppedEarly: stopped,
    timelines,
    // A window that follows the target let as many at once as it reached.
    concurrencyLimit: Math.min(
      parallel.maxWorkers * parallel.maxConcurrency,
      Math.max(...windows.map((window) => window.windowFigures().peak)),
    ),
    cutShort,
  };
}
