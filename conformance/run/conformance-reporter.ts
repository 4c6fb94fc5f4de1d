// A vitest reporter that collects one CheckResult per check from the tests' results and task.meta.
// It runs in the check command's own process; it writes nothing itself.
import { notStartedAfterBail } from '../../harness/checks/register-checks.ts';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import type {} from '../../harness/checks/register-checks.ts';
import type { CheckRegistry } from '../registry.ts';
import type { GatingPolicy } from './gating.ts';
import type { CheckResult, CheckStatus } from './check-result.ts';
import type { CheckTimeline } from './run-timing.ts';

/**
 * The note vitest gives a test it stopped when its run was cancelled ("The test run was aborted by
 * the user.", @vitest/runner's TestRunAbortError), or none; a check's own skip always gives its reason.
 */
const isAbortNote = (note: string | undefined) => note === undefined || /\baborted\b/.test(note);

/**
 * Results are kept per target: one for `msgapi check` (named ''), one per fault and variant for
 * the matrix.
 */
export class ConformanceReporter implements Reporter {
  readonly results = new Map<string, CheckResult[]>();
  /** When each check's requests were sent and answered, per target (the run's timing). */
  readonly timelines = new Map<string, CheckTimeline[]>();
  /** Problems of the suite itself (a file that failed to load, an error outside any check). */
  readonly harnessErrors: string[] = [];
  /** Told each result as it is recorded (--bail stops the run on one). */
  onResult: ((result: CheckResult) => void) | undefined;
  /** Set when the run was told to stop (--bail): checks skipped from then on were never run. */
  stopping = false;
  /** Set when a signal stops the run (Ctrl-C, SIGTERM): vitest then calls every check under way skipped. */
  interrupted = false;
  /** The checks under way when a signal stopped the run, by target: not run to their end, so neither passed nor skipped. */
  readonly cutShort = new Map<string, Array<{ id: string; requests: number }>>();

  /** `gatesFor(target)(id)`: whether a failure of that check fails the run against that target. */
  constructor(
    private readonly registry: CheckRegistry,
    private readonly gatesFor: (target: string) => GatingPolicy,
  ) {}

  resultsOf(target: string): CheckResult[] {
    return this.results.get(target) ?? [];
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().check;
    if (this.stopping && testCase.result().state === 'skipped') return;
    // Not started because --bail stopped the run in a worker before this reporter heard of it.
    const ended = testCase.result();
    if (ended.state === 'skipped' && ended.note === notStartedAfterBail) return;
    // A check left out by --only, or not started before an interruption, never ran and carries no
    // meta: not a result at all. One that failed without meta broke before check() could run.
    if (!meta && testCase.result().state !== 'failed') return;
    if (!meta || !this.registry.has(meta.id)) {
      this.harnessErrors.push(
        `the test "${testCase.fullName}" is not a registered check (define it with defineCheck() in a suite file's \`checks\`)`,
      );
      return;
    }
    const check = this.registry.get(meta.id);
    const { title, level } = check;
    const target = meta.target;
    if (meta.harnessError)
      this.harnessErrors.push(
        `the check ${meta.id}${target ? ` (${target})` : ''} broke: ${meta.harnessError.split('\n')[0]}`,
      );
    const result = testCase.result();
    if (this.interrupted && result.state === 'skipped' && !meta.blocked && isAbortNote(result.note)) {
      // Not a skip: the check was stopped half-way, and vitest's sentence for it says nothing of the check.
      if (!this.cutShort.has(target)) this.cutShort.set(target, []);
      this.cutShort.get(target)!.push({ id: meta.id, requests: meta.requests });
      return;
    }
    const diagnostic = testCase.diagnostic();
    const status: CheckStatus = meta.blocked
      ? 'blocked'
      : result.state === 'passed'
        ? 'passed'
        : result.state === 'failed'
          ? 'failed'
          : 'skipped';
    const message =
      status === 'blocked'
        ? meta.blocked!
        : result.state === 'failed'
          ? meta.harnessError
            ? `harness error, not the server's failure: ${meta.harnessError}`
            : (result.errors ?? []).map((error) => error.message).join('\n') || 'failed without a message'
          : result.state === 'skipped'
            ? (result.note ?? 'skipped')
            : null;
    if (!this.results.has(target)) this.results.set(target, []);
    const recorded: CheckResult = {
      id: meta.id,
      title,
      // A request unanswered even alone fails the check on no sentence of the spec: it names no section.
      spec: status === 'failed' && meta.unansweredAlone ? [] : [...check.sections],
      level,
      status,
      gating: this.gatesFor(target)(check) && !meta.harnessError,
      message,
      reproduction: status === 'failed' || status === 'blocked' ? (meta.reproduction ?? null) : null,
      ...((status === 'failed' || status === 'blocked') && meta.replay ? { reproduction_script: meta.replay } : {}),
      ...(status === 'failed' && meta.freshConnection ? { fresh_connection: meta.freshConnection } : {}),
      ...((status === 'failed' || status === 'blocked') && meta.unanswered ? { unanswered: true as const } : {}),
      requests: meta.requests,
      duration_ms: Math.round(diagnostic?.duration ?? 0),
      ...(meta.leftovers ? { leftovers: meta.leftovers } : {}),
      ...(meta.consulted && meta.consulted.length > 0 ? { consulted: meta.consulted } : {}),
    };
    this.results.get(target)!.push(recorded);
    if (!this.timelines.has(target)) this.timelines.set(target, []);
    this.timelines
      .get(target)!
      .push({ id: recorded.id, intervals: meta.timeline ?? [], duration_ms: recorded.duration_ms });
    this.onResult?.(recorded);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    for (const module of testModules) {
      for (const error of module.errors()) this.harnessErrors.push(`${module.moduleId}: ${error.message}`);
    }
    for (const error of unhandledErrors) this.harnessErrors.push(error.message);
  }
}
