// The verdict of a conformance run, decided once from its results (msgapi check, msgapi merge) and
// stored in conformance.json: the terminal line, junit.xml, index.html and the exit code read it,
// never a rule of their own. It says what the run covered (its scope), so that a part of the
// suite (--only, --read-only, --shard) never reads like the whole of it.
import { outcomeOf } from '../../lib/core/verdict.ts';
import type {
  CheckResult,
  ConformanceReport,
  ConformanceVerdict,
  ExpectationsOutcome,
  RunScope,
  ScopeKind,
} from './check-result.ts';

export type { ConformanceVerdict, RunScope, ScopeKind };

/** The scope of a run from the options that chose its checks; no option (or all checks chosen) is the full suite. */
export function runScope(selected: number, total: number, options: readonly string[]): RunScope {
  const has = (flag: string) => options.some((option) => option === flag || option.startsWith(`${flag} `));
  const kind: ScopeKind = has('--shard')
    ? 'shard'
    : has('--read-only')
      ? 'read-only'
      : (has('--only') || has('--exclude')) && selected < total
        ? 'only'
        : 'full';
  const shown = kind === 'full' && selected === total ? [] : options;
  return {
    kind,
    selected,
    total,
    options: [...options],
    description: `${selected} of ${total} checks${shown.length > 0 ? ` (${shown.join(', ')})` : ''}`,
  };
}

/** A failure that fails the run: a gating check that failed (or was flaky) and is not a known failure. */
export function isGatingFailure(result: CheckResult): boolean {
  return (
    (result.status === 'failed' || result.status === 'flaky') && result.gating && result.expected_failure === undefined
  );
}

/** A gating check that could not test its behaviour (a premise failed): it proved nothing, so the run cannot pass on it. */
export function isGatingBlock(result: CheckResult): boolean {
  return result.status === 'blocked' && result.gating && result.expected_failure === undefined;
}

/** A failure reported but not gating: a convention the user did not declare (not a known failure, which says so itself). */
export function isNonGatingFailure(result: CheckResult): boolean {
  return (
    (result.status === 'failed' || result.status === 'flaky') && !result.gating && result.expected_failure === undefined
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Ids in a sentence: the first ten, then how many more. */
function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, 10).join(', ');
  return ids.length > 10 ? `${shown} and ${ids.length - 10} more` : shown;
}

export interface VerdictInputs {
  checks: readonly CheckResult[];
  interrupted: boolean;
  harnessErrors: readonly string[];
  expectations?: ExpectationsOutcome | undefined;
  scope: RunScope;
  seed: number;
  /** --bail stopped the run at its first gating failure: the verdict is FAILED (that failure
   * stands), and scope and reasons say that the rest never ran. Not INTERRUPTED: no signal. */
  stoppedEarly?: boolean;
  /** The target stopped answering and the run stopped (lib/core/target/target-watch.ts): ERROR, with this sentence first. */
  targetGone?: string | undefined;
}

export function decideVerdict(inputs: VerdictInputs): ConformanceVerdict {
  const { checks, expectations } = inputs;
  const ran = new Set(checks.map((check) => check.id)).size;
  const scope = inputs.stoppedEarly
    ? {
        ...inputs.scope,
        description: `${inputs.scope.description}, stopped at the first gating failure (--bail) after ${ran}`,
      }
    : inputs.scope;
  const ids = (keep: (check: CheckResult) => boolean) => checks.filter(keep).map((check) => check.id);
  const failed = ids(isGatingFailure);
  const blocked = ids(isGatingBlock);
  const nowPassing = expectations?.unexpected_passes ?? [];
  const reasons: string[] = [];
  if (inputs.targetGone !== undefined) reasons.push(inputs.targetGone);
  if (inputs.harnessErrors.length > 0)
    reasons.push(`the suite itself failed, not the server: ${inputs.harnessErrors.join('; ')}`);
  if (inputs.stoppedEarly)
    reasons.push(
      `stopped at the first gating failure (--bail): ${ran} of the ${scope.selected} selected checks ran, so the run proves nothing about the rest`,
    );
  if (inputs.interrupted) {
    reasons.push(
      `stopped by a signal: ${ran} of the ${scope.selected} selected checks ran, so the run proves nothing about the rest`,
    );
  }
  if (failed.length > 0)
    reasons.push(`${plural(failed.length, 'gating check', 'gating checks')} failed: ${idList(failed)}`);
  if (blocked.length > 0)
    reasons.push(
      `${plural(blocked.length, 'gating check was', 'gating checks were')} blocked (a premise they needed did not hold): ${idList(blocked)}`,
    );
  if (nowPassing.length > 0)
    reasons.push(
      `${plural(nowPassing.length, 'check', 'checks')} listed in ${expectations!.file} as known failures now ${nowPassing.length === 1 ? 'passes' : 'pass'} (remove ${nowPassing.length === 1 ? 'it' : 'them'}): ${idList(nowPassing)}`,
    );

  const notices: string[] = [];
  const nonGating = ids(isNonGatingFailure);
  if (nonGating.length > 0)
    notices.push(
      `${plural(nonGating.length, 'failure does', 'failures do')} not gate (conventions the server did not declare; --strict or CONVENTIONS makes them gate): ${idList(nonGating)}`,
    );
  if (expectations && expectations.expected.length > 0)
    notices.push(
      `${plural(expectations.expected.length, 'known failure', 'known failures')} as ${expectations.file} lists: ${idList(expectations.expected)}`,
    );
  const notFound = expectations?.not_found ?? [];
  if (notFound.length > 0) {
    notices.push(
      `${plural(notFound.length, 'generated check', 'generated checks')} listed as known failures did not find ${notFound.length === 1 ? 'its' : 'their'} failure with seed ${inputs.seed} (another seed may; not a failure): ${idList(notFound)}`,
    );
  }
  const outcome = outcomeOf({
    error: inputs.harnessErrors.length > 0 || inputs.targetGone !== undefined,
    interrupted: inputs.interrupted,
    failed: failed.length + blocked.length + nowPassing.length > 0,
  });
  return { outcome, passed: outcome === 'PASSED', scope, reasons, notices };
}

/** The verdict a report carries; one written before verdicts were stored is decided from its checks. */
export function verdictOf(report: ConformanceReport): ConformanceVerdict {
  if (report.verdict) return report.verdict;
  const options = report.shard ? [`--shard ${report.shard.index}/${report.shard.count}`] : [];
  return decideVerdict({
    checks: report.checks,
    interrupted: report.interrupted,
    harnessErrors: [],
    expectations: report.expectations,
    scope: runScope(report.checks.length, report.checks.length, options),
    seed: report.seed,
  });
}
