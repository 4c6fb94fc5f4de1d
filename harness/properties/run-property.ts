// Runs a property with fast-check against the target, seeded from SEED, bounded by
// PROPERTY_RUNS and PROPERTY_TIME_BUDGET_MS. A failure is reported as the shrunk counterexample:
// the generated input, the steps it took with each request's curl command, the seed that
// replays the search (SEED=<n> npm run conformance), and the case itself (--replay SEED@PATH),
// which msgapi check --replay runs again alone: once, unshrunk (target.replay).
import fc from 'fast-check';
import type { CheckContext } from '../checks/check-context.ts';
import { CheckFailure, CheckSkipped, PrerequisiteFailure } from '../checks/check-failure.ts';
import { commandsReplayPath, formatCounterexample } from '../../lib/core/target/counterexample.ts';
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
  // --replay: exactly the case a failure printed, rebuilt from its seed and path, sent once.
  const replay = context.target.replay;
  if (replay !== undefined) {
    let value: T;
    try {
      [value] = fc.sample(arbitrary, { seed: replay.seed, path: replay.path, numRuns: 1 }) as [T];
    } catch (error) {
      // fast-check walks the path through this generator's cases: another generator has other paths.
      throw new Error(
        `--replay ${formatCounterexample(replay)} names no case of ${context.checkId} as it is generated now (${(error as Error).message}); give the settings of the run that printed it (the same --depth, GROUP_CONTACTS, BODY_ENCODING) and the same version of msgapi`,
        { cause: error },
      );
    }
    const log = new StepLog(context.client);
    try {
      await predicate(value, log);
    } catch (error) {
      if (error instanceof CheckSkipped || error instanceof PrerequisiteFailure) throw error;
      throw failureOf(context.checkId, { log, error }, { seed: replay.seed, path: replay.path, shrinks: null, value });
    }
    return;
  }
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
  throw failureOf(context.checkId, lastFailure, {
    seed: details.seed,
    path: details.counterexamplePath ?? '',
    shrinks: details.numShrinks,
    value: details.counterexample?.[0],
  });
}

/** The failure of a property: what the failing step expected and got, the case, its steps, and how to run it again. */
function failureOf(
  checkId: string,
  failure: Failure,
  found: { seed: number; path: string; shrinks: number | null; value: unknown },
): CheckFailure {
  const cause = failure.error;
  const expected = cause instanceof CheckFailure ? cause.details.expected : 'the property to hold';
  const received = cause instanceof CheckFailure ? cause.details.received : String((cause as Error)?.message ?? cause);
  const shown = fc.stringify(found.value);
  const commands = commandsReplayPath(shown);
  const token = formatCounterexample({
    seed: found.seed,
    path: found.path,
    ...(commands === undefined ? {} : { commands }),
  });
  return new CheckFailure({
    expected,
    received: [
      received,
      found.shrinks === null
        ? `Counterexample (replayed alone; seed ${found.seed}, replay with SEED=${found.seed}):`
        : `Counterexample (shrunk ${found.shrinks} time(s); seed ${found.seed}, replay with SEED=${found.seed}):`,
      `  ${shown.slice(0, 1_000)}`,
      'Steps:',
      failure.log.describe(),
      // Its own label: the case's path holds colons, which a Counterexample heading cannot.
      `Replay: --only ${checkId} --replay ${token} (added to the run's command: this case alone, sent once; exit 1 when it fails again, 0 when not)`,
    ].join('\n'),
    ...(cause instanceof CheckFailure && cause.details.exchange ? { exchange: cause.details.exchange } : {}),
  });
}
