// What the matrix concludes from the runs: which checks caught each fault, and whether each valid
// variant passed. A fault that no check catches and a variant that fails both fail the matrix.
import { faults, type FaultName } from '../../reference/faults/registry.ts';
import { variants, type VariantName } from '../../reference/variants/registry.ts';
import type { CheckResult } from '../run/check-result.ts';
import type { MatrixEntry } from './entries.ts';

export interface FaultOutcome {
  name: FaultName;
  section: string;
  sentence: string;
  breaks: string;
  /**
   * A gating check failed against it (one of those its `detectedBy` names, when it names some: a
   * fault caught only by an unrelated check shows no report the sentence it breaks), and the run
   * left the target's foreign data unchanged.
   */
  caught: boolean;
  /** The gating checks that failed against it. */
  caught_by: string[];
  /** A luring fault's: foreign data changed, or what the run left behind. */
  problems?: string[];
  /** The checks its `detectedBy` names that did not fail against it (reported; one of them failing is enough). */
  expected_not_caught?: string[];
}

export interface VariantOutcome {
  name: VariantName;
  description: string;
  leaves_open: string;
  passed: boolean;
  /** Gating failures, blocked checks and problems outside the checks. */
  problems: string[];
  skipped: string[];
}

export interface MatrixOutcome {
  faults: FaultOutcome[];
  variants: VariantOutcome[];
  /** The faults caught, of all the faults run (earlier versions called it mutation_score, in sensitivity.json). */
  matrix_score: { caught: number; faults: number; score: number };
}

function problemsOf(results: readonly CheckResult[], run: string): string[] {
  return results
    .filter((check) => (check.status === 'failed' && check.gating) || check.status === 'blocked')
    .map((check) => `${run}: ${check.id} ${check.status}: ${(check.message ?? '').split('\n').slice(0, 2).join(' ')}`);
}

export interface ConcludeOptions {
  /**
   * Only some checks ran (msgapi matrix --checks): a fault is caught when any of them fails, since
   * the question is what they catch alone, not whether the checks it names report it.
   */
  someChecks?: boolean;
}

export async function concludeMatrix(
  entries: readonly MatrixEntry[],
  results: ReadonlyMap<string, CheckResult[]>,
  options: ConcludeOptions = {},
): Promise<MatrixOutcome> {
  const faultOutcomes: FaultOutcome[] = [];
  const variantOutcomes: VariantOutcome[] = [];
  for (const entry of entries) {
    const runs = entry.runs.map((run) => ({ name: run.name, results: results.get(run.name) ?? [] }));
    if (entry.kind === 'fault') {
      const fault = faults.get(entry.name as FaultName)!;
      const caughtBy = [
        ...new Set(
          runs.flatMap((run) =>
            run.results.filter((check) => check.status === 'failed' && check.gating).map((check) => check.id),
          ),
        ),
      ].sort();
      // Caught at the cost of the user's data, or leaving the run's own behind, is not caught.
      const problems = fault.lures ? await entry.afterRuns() : [];
      const named = options.someChecks ? undefined : fault.detectedBy;
      const expectedNotCaught = (named ?? []).filter((id) => !caughtBy.includes(id));
      const byItsChecks = named === undefined || expectedNotCaught.length < named.length;
      if (caughtBy.length > 0 && !byItsChecks)
        problems.push(`caught only by checks it does not name (${caughtBy.join(', ')}), not by ${named!.join(', ')}`);
      faultOutcomes.push({
        name: fault.name,
        section: fault.section,
        sentence: fault.sentence,
        breaks: fault.breaks,
        caught: caughtBy.length > 0 && byItsChecks && problems.length === 0,
        caught_by: caughtBy,
        ...(fault.lures || problems.length > 0 ? { problems } : {}),
        ...(named ? { expected_not_caught: expectedNotCaught } : {}),
      });
      continue;
    }
    const variant = variants.get(entry.name as VariantName)!;
    const problems = [
      ...runs.flatMap((run) =>
        run.results.length === 0 ? [`${run.name}: no check ran`] : problemsOf(run.results, run.name),
      ),
      ...(await entry.afterRuns()),
    ];
    const skipped = [
      ...new Set(
        runs.flatMap((run) => run.results.filter((check) => check.status === 'skipped').map((check) => check.id)),
      ),
    ].sort();
    variantOutcomes.push({
      name: variant.name,
      description: variant.description,
      leaves_open: variant.leavesOpen,
      passed: problems.length === 0,
      problems,
      skipped,
    });
  }
  const caught = faultOutcomes.filter((fault) => fault.caught).length;
  return {
    faults: faultOutcomes,
    variants: variantOutcomes,
    matrix_score: {
      caught,
      faults: faultOutcomes.length,
      score: faultOutcomes.length === 0 ? 0 : caught / faultOutcomes.length,
    },
  };
}
