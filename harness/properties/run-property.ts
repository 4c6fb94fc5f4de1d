// Runs a property with fast-check against the target, seeded from SEED, bounded by
// PROPERTY_RUNS and PROPERTY_TIME_BUDGET_MS. A failure is reported as the shrunk counterexample:
// the generated input, the steps it took with each request's curl command, the seed that
// replays the search (SEED=<n> npm run conformance), and the case itself (--replay SEED@PATH),
// which msgapi check --replay runs again alone: once, unshrunk (target.replay).
import fc from 'fast-check';
import type { CheckContext } from '../checks/check-context.ts';
import { CheckFailure, CheckSkipped, PrerequisiteFailure } from '../checks/check-failure.ts';
import { commandsReplayPath, formatCounterexample } from '../../lib/core/target/counterexample.ts';
import { TransportError } from '../../lib/core/client/transport-error.ts';
import { StepLog } from './step-log.ts';

export interface PropertyOptions {
  /** Cases to try; by default PROPERTY_RUNS. */
  numRuns?: number;
}

interface Failure {
  log: StepLog;
  error: unknown;
}

/**
 * What shrinking may spend once a property has failed, beyond what finding the failure cost: a
 * failing run should cost about what a passing one does, on a target that is not ours (a staging
 * server, thirty milliseconds away). Past either bound, the smallest counterexample found so far
 * is the one reported; --depth thorough shrinks to the end (within PROPERTY_TIME_BUDGET_MS).
 */
export const shrinkBudget = { requests: 300, ms: 15_000 } as const;

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
  // A request that got no answer (even sent again alone, or not sent as the target is gone) ends
  // the search: a counterexample is never built from unanswered requests, and every case tried
  // after it would only wait on the same silence. The check reports that request (register-checks.ts).
  let unanswered: TransportError | undefined;
  // Requests are counted in the journal of this property's client (a model strand has its own).
  const journal = context.client.journal;
  const searchFrom = { at: performance.now(), requests: journal.length };
  let shrinkFrom: { at: number; requests: number; budget: { requests: number; ms: number } } | undefined;
  let budgetSpent: string | undefined;
  const shrinkOver = (): boolean => {
    if (shrinkFrom === undefined || context.target.depth === 'thorough') return false;
    const requests = journal.length - shrinkFrom.requests;
    const ms = performance.now() - shrinkFrom.at;
    if (requests < shrinkFrom.budget.requests && ms < shrinkFrom.budget.ms) return false;
    budgetSpent ??= `shrinking stopped at its budget (${requests} requests, ${(ms / 1000).toFixed(1)} s, about what finding the failure cost; --depth thorough shrinks further): the smallest counterexample found so far`;
    return true;
  };
  const property = fc.asyncProperty(arbitrary, async (value) => {
    // Met while shrinking a failure already found, the silence only ends the shrinking: every case
    // left is taken as passing, unsent, and the last one that failed is reported.
    if (unanswered !== undefined && lastFailure !== undefined) return;
    if (unanswered !== undefined) throw unanswered;
    // The budget spent, every smaller case left is taken as passing, unsent: fast-check then ends
    // its shrinking on the last case that failed.
    if (shrinkOver()) return;
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
      unanswered = unansweredIn(error);
      if (unanswered !== undefined && lastFailure !== undefined) {
        budgetSpent ??= `shrinking ended on a request that got no answer (${unanswered.exchange.transportError ?? unanswered.message}): the smallest counterexample found so far`;
        return;
      }
      if (unanswered !== undefined) throw unanswered;
      lastFailure = { log, error };
      if (shrinkFrom === undefined) {
        const now = { at: performance.now(), requests: journal.length };
        const found = { requests: now.requests - searchFrom.requests, ms: now.at - searchFrom.at };
        shrinkFrom = {
          ...now,
          budget: {
            requests: Math.max(shrinkBudget.requests, found.requests),
            ms: Math.max(shrinkBudget.ms, found.ms),
          },
        };
      }
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
      throw (
        unansweredIn(error) ??
        failureOf(context.checkId, { log, error }, { seed: replay.seed, path: replay.path, shrinks: null, value })
      );
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
  if (unanswered !== undefined && lastFailure === undefined) throw unanswered;
  if (!details.failed || lastFailure === undefined) {
    // Only when no case at all could be judged is the check skipped: a pass must prove something.
    if (judged === 0 && unjudged !== undefined) throw unjudged;
    return;
  }
  throw failureOf(
    context.checkId,
    lastFailure,
    {
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      shrinks: details.numShrinks,
      value: details.counterexample?.[0],
    },
    budgetSpent,
  );
}

/**
 * The request without an answer that a case failed on: the client's own error, or a failure whose
 * exchange got none. A body too large had an answer: that one is the case's failure, as any other.
 */
function unansweredIn(error: unknown): TransportError | undefined {
  if (error instanceof TransportError) return error.failure === 'body-too-large' ? undefined : error;
  const exchange = error instanceof CheckFailure ? error.details.exchange : undefined;
  if (exchange?.transportError === undefined || 'status' in exchange) return undefined;
  if (/^a body larger than/.test(exchange.transportError)) return undefined;
  return new TransportError('other', `${exchange.method} ${exchange.url}: ${exchange.transportError}`, exchange);
}

/** The failure of a property: what the failing step expected and got, the case, its steps, and how to run it again. */
function failureOf(
  checkId: string,
  failure: Failure,
  found: { seed: number; path: string; shrinks: number | null; value: unknown },
  shrinkingCutShort?: string,
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
        : `Counterexample (shrunk ${found.shrinks} time(s)${shrinkingCutShort === undefined ? '' : `; ${shrinkingCutShort}`}; seed ${found.seed}, replay with SEED=${found.seed}):`,
      `  ${shown.slice(0, 1_000)}`,
      'Steps:',
      failure.log.describe(),
      // Its own label: the case's path holds colons, which a Counterexample heading cannot.
      `Replay: --only ${checkId} --replay ${token} (added to the run's command: this case alone, sent once; exit 1 when it fails again, 0 when not)`,
    ].join('\n'),
    ...(cause instanceof CheckFailure && cause.details.exchange ? { exchange: cause.details.exchange } : {}),
  });
}
