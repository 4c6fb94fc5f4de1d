// Runs a property with fast-check against the target, seeded from SEED, bounded by
// PROPERTY_RUNS and PROPERTY_TIME_BUDGET_MS. A failure is reported as the shrunk counterexample:
// the generated input, the steps it took with each request's curl command, and the seed that
// replays it (SEED=<n> npm run conformance).
import fc from 'fast-check';
import type { CheckContext } from '../checks/check-context.ts';
import { CheckFailure, CheckSkipped, PrerequisiteFailure } from '../checks/check-failure.ts';
import { StepLog } from './step-log.ts';

export interface PropertyOptions {
  /** Cases to try; by default PROPERTY_RUNS. */
  numRuns?: number;
}

interface Failure {
  log: StepLog;
  error: unknown;
}

export async function checkProperty<T>(
  context: CheckContext,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T, log: StepLog) => Promise<void>,
  options: PropertyOptions = {},
): Promise<void> {
  const { seed, propertyRuns, propertyTimeBudgetMs } = context.target;
  // fast-check's final counterexample is the last case that failed while shrinking: its log is
  // the one to show.
  let lastFailure: Failure | undefined;
  // A case the target could not judge (context.skip) is neither a pass nor a counterexample.
  let judged = 0;
  let unjudged: CheckSkipped | undefined;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    const log = new StepLog(context.client);
    try {
      await predicate(value, log);
      judged++;
    } catch (error) {
      if (error instanceof CheckSkipped) {
        unjudged = error;
        return;
      }
      // A prerequisite that fails is not this property's failure: stop, and report it as such.
      if (error instanceof PrerequisiteFailure) throw error;
      lastFailure = { log, error };
      throw error;
    }
  });
  const details = await fc.check(property, {
    seed,
    numRuns: options.numRuns ?? propertyRuns,
    interruptAfterTimeLimit: propertyTimeBudgetMs,
    // The matrix asks only whether a property fails (target.shrink false): no shrinking.
    ...(context.target.shrink === false ? { endOnFailure: true } : {}),
  });
  if (details.errorInstance instanceof PrerequisiteFailure) throw details.errorInstance;
  if (!details.failed || lastFailure === undefined) {
    // Only when no case at all could be judged is the check skipped: a pass must prove something.
    if (judged === 0 && unjudged !== undefined) throw unjudged;
    return;
  }

  const cause = lastFailure.error;
  const expected = cause instanceof CheckFailure ? cause.details.expected : 'the property to hold';
  const received = cause instanceof CheckFailure ? cause.details.received : String((cause as Error)?.message ?? cause);
  throw new CheckFailure({
    expected,
    received: [
      received,
      `Counterexample (shrunk ${details.numShrinks} time(s); seed ${details.seed}, replay with SEED=${details.seed}):`,
      `  ${fc.stringify(details.counterexample?.[0]).slice(0, 1_000)}`,
      'Steps:',
      lastFailure.log.describe(),
    ].join('\n'),
    ...(cause instanceof CheckFailure && cause.details.exchange ? { exchange: cause.details.exchange } : {}),
  });
}
