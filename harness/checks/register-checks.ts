// Registers a suite file's checks as vitest tests, once per target, when (and only when) vitest
// runs that file: `import.meta.vitest` is set for the test file vitest is running, and undefined
// wherever else the file is imported (the registry, the docs, the command line). Each test is
// titled `id — sentence`, carries its id in task.meta for the reporters, turns whatever went wrong
// into a failure with a reproduction, and deletes what the check created, passed or not.
import { pathToFileURL } from 'node:url';
import type { TestContext } from 'vitest';
import { renderCurl } from '../../lib/core/client/curl.ts';
import type { Exchange } from '../../lib/core/client/exchange.ts';
import { LedgerRefusal } from '../../lib/core/client/ledger.ts';
import { replayScript, type ReplayScript } from '../../lib/core/client/replay-script.ts';
import { runRateBucket } from '../../lib/core/client/run-rate-bucket.ts';
import { runTargetHealth } from '../../lib/core/client/target-health.ts';
import { TransportError } from '../../lib/core/client/transport-error.ts';
import { recordingAs } from '../../lib/core/har/har-recorder.ts';
import type { Leftover } from '../../lib/core/safety/created-resources.ts';
import type { ProvidedTarget } from '../../lib/core/target/target.ts';
import { CheckFailure, CheckSkipped, PrerequisiteFailure, RefusedPremise } from './check-failure.ts';
import { createCheckContext } from './check-context.ts';
import type { CheckBody, CheckDefinition } from './define-check.ts';

export interface CheckTaskMeta {
  id: string;
  /** The name of the target it ran against ('' for the single target of msgapi check). */
  target: string;
  requests: number;
  reproduction?: string;
  /** A failure on an object the check made (and the run deleted): the sh script that makes it again and replays. */
  replay?: ReplayScript;
  leftovers?: Leftover[];
  /** Why the check could not test its behaviour: a prerequisite step failed. */
  blocked?: string;
  /** The check itself broke (a bug in the suite, not a failure of the server). */
  harnessError?: string;
  /** The entries of the server profile its verdict consulted (lib/api/open-points.ts), first asked first. */
  consulted?: string[];
  /** A failing safe request sent again on a connection of its own: what that showed, in a sentence. */
  freshConnection?: string;
  /** When each of its requests was sent and answered, in epoch ms: where the run's time went (conformance/run/run-timing.ts). */
  timeline?: Array<[number, number]>;
  /** It failed or was blocked on a request that got no answer (no connection, nothing in time): not judged should the target be gone. */
  unanswered?: boolean;
  /** That request got no answer when sent again alone either: the failure rests on no sentence of the spec, only on the missing answer. */
  unansweredAlone?: boolean;
}

declare module 'vitest' {
  interface TaskMeta {
    check?: CheckTaskMeta;
  }
}

type VitestIndex = typeof import('vitest');

/**
 * Registers every check once per target: one module graph then serves every target of a run (the
 * matrix runs the suite against dozens of servers in one vitest process).
 */
export function registerWhenRunByVitest(meta: ImportMeta, checks: readonly CheckDefinition[]): void {
  const vitest = (meta as ImportMeta & { vitest?: VitestIndex }).vitest;
  if (!vitest) return;
  for (const { name, target } of vitest.inject('targets')) {
    for (const check of checks) registerCheck(vitest, name, target, check);
  }
}

/** One check as one test of the file vitest is running, titled `[target] id — title` (the target only when there are several). */
function registerCheck(
  vitest: VitestIndex,
  name: string,
  target: ProvidedTarget,
  check: CheckDefinition,
  first = false,
): void {
  vitest.test(`${name ? `[${name}] ` : ''}${check.id} — ${check.title}`, async (testContext) => {
    // A place in the run's window of checks at once, across every worker, for the check's whole
    // life (its cleanup too): how many the target takes is learnt as the run goes (check-window.ts).
    // One of the longest chains takes its place at once: another lane's checks filling the window
    // first would hold up the run's critical path.
    const window = runRateBucket(target);
    // A run stopped while the check waits (Ctrl-C, --bail, a target gone): it never starts, and,
    // with no meta of its own, is no result at all (conformance-reporter.ts).
    if (!(await window.startCheck(first, testContext.signal))) testContext.skip(notStartedAfterBail);
    try {
      // With --har, each exchange of the check (its cleanup too) is recorded as the check's.
      await recordingAs(
        target.har === undefined
          ? undefined
          : {
              partsDir: target.har.partsDir,
              source: { _check: check.id, ...(target.har.serialRerun ? { _serialRerun: true } : {}) },
            },
        () => runCheck(check.id, name, target, check.body, testContext),
      );
    } catch (error) {
      if (stopsTheRun(target, check, error, testContext.task.meta.check)) window.stopStarting();
      throw error;
    } finally {
      window.endCheck();
    }
  });
}

/** The note of a check that never started because --bail stopped the run (conformance-reporter.ts takes it for no result). */
export const notStartedAfterBail = 'not started: the run stopped at its first gating failure (--bail)';

/**
 * Under --bail, whether this check's end stops the run from starting any other, at once and in
 * every worker: a failure or a block (not a plain skip, nor the suite's own error) of a check of a
 * level that always gates, and not a known failure. Conventions gate only as declared: the run's
 * reporter decides those, a moment later.
 */
function stopsTheRun(
  target: ProvidedTarget,
  check: CheckDefinition,
  error: unknown,
  meta: CheckTaskMeta | undefined,
): boolean {
  if (target.bail === undefined || check.level === 'convention' || target.bail.except.includes(check.id)) return false;
  if (meta === undefined || meta.harnessError !== undefined) return false;
  const skipped = (error as { code?: unknown } | undefined)?.code === 'VITEST_PENDING';
  return !skipped || meta.blocked !== undefined;
}

/**
 * Registers the checks of one lane of a run (conformance/run/lanes.ts): every check of the lane,
 * from whichever suite file defines it, as tests of this one file, longest first. A worker runs one
 * file at a time and starts the next only when every test of the last has ended; a lane is all its
 * worker runs, so a check starts as soon as another ends, never waiting for a file's slowest check.
 */
export async function registerLane(meta: ImportMeta, lane: number): Promise<void> {
  const vitest = (meta as ImportMeta & { vitest?: VitestIndex }).vitest;
  if (!vitest) return;
  const entries = vitest.inject('lanes')[lane - 1] ?? [];
  const [{ name, target } = { name: '', target: undefined }] = vitest.inject('targets');
  if (target === undefined) return;
  const files = new Map<string, readonly CheckDefinition[]>();
  for (const { file } of entries) {
    if (!files.has(file))
      files.set(file, ((await import(pathToFileURL(file).href)) as { checks: CheckDefinition[] }).checks);
  }
  for (const { id, file, first } of entries)
    registerCheck(
      vitest,
      name,
      target,
      files.get(file)!.find((candidate) => candidate.id === id)!,
      first,
    );
}

async function runCheck(
  id: string,
  targetName: string,
  target: ProvidedTarget,
  body: CheckBody,
  { task, skip }: TestContext,
): Promise<void> {
  const meta: CheckTaskMeta = { id, target: targetName, requests: 0 };
  task.meta.check = meta;
  const context = createCheckContext(id, target);
  // The failing request's curl alone answers 404 once the check's objects are deleted: the replay
  // script makes them again from the check's own exchanges (lib/core/client/replay-script.ts).
  // It never hides the server's failure: should it break, the plain curl is all the report shows.
  const replayOf = (exchange: Exchange | undefined, expected?: string) => {
    try {
      const replay = exchange
        ? replayScript(context.client.journal, exchange, {
            checkId: id,
            runId: target.runId,
            ...(expected ? { expected } : {}),
          })
        : undefined;
      if (replay) meta.replay = replay;
    } catch {
      delete meta.replay;
    }
  };
  // An answer that no request may get (response-invariants.ts) fails the check that saw it, even
  // when the check went on to pass, skip or block on something else.
  const failOnViolation = () => {
    const exchange = context.client.journal.find((seen) => seen.violation !== undefined);
    if (exchange === undefined) return;
    const failure = new CheckFailure({
      expected:
        "an answer every request may get: never a 5xx; a success's JSON body labelled JSON or not labelled (profile: response-media-type); a body labelled JSON that parses; a list holding only items its true filters and group_id allow (§4.1, §4.2)",
      received: exchange.violation!,
      exchange,
    });
    meta.reproduction = failure.reproduction;
    replayOf(exchange, failure.details.expected);
    throw failure;
  };
  try {
    await body(context);
    failOnViolation();
  } catch (thrown) {
    const error = withHints(thrown, context.hints);
    const failedExchange =
      error instanceof TransportError
        ? error.exchange
        : (error as { details?: { exchange?: Exchange } }).details?.exchange;
    if (failedExchange?.transportError !== undefined) meta.unanswered = true;
    if (error instanceof TransportError && error.alone) meta.unansweredAlone = true;
    if (error instanceof CheckSkipped || error instanceof PrerequisiteFailure) failOnViolation();
    if (error instanceof CheckSkipped) skip(error.reason);
    if (error instanceof PrerequisiteFailure && error.blamed === id) {
      // A step that is this check's own subject failed: that is its verdict, not a missing premise.
      meta.reproduction = error.reproduction;
      throw new CheckFailure(error.details);
    }
    if (error instanceof PrerequisiteFailure) {
      meta.blocked =
        error instanceof RefusedPremise
          ? error.sentence
          : `a prerequisite failed (see ${error.blamed}): ${error.details.expected}; received ${error.details.received}`;
      meta.reproduction = error.reproduction;
      replayOf(error.details.exchange, error.details.expected);
      skip(meta.blocked);
    }
    if (error instanceof TransportError) {
      // No answer at all (a hang, a reset) is the server's failure, shown like any other.
      const failure = new CheckFailure({
        expected: 'an HTTP response',
        received: error.message,
        exchange: error.exchange,
      });
      meta.reproduction = failure.reproduction;
      replayOf(error.exchange, failure.details.expected);
      // A target the run found gone is not looked at again by every check that was under way.
      if (!runTargetHealth(target)?.isGone()) await lookAgainOnFreshConnection(context, error.exchange, meta);
      throw failure;
    }
    if (error instanceof CheckFailure) {
      meta.reproduction = error.reproduction;
      replayOf(error.details.exchange, error.details.expected);
      await lookAgainOnFreshConnection(context, error.details.exchange, meta);
      throw error;
    }
    if (error instanceof LedgerRefusal) {
      // The ids a check changes come from the server's answers: an answer that named an object the
      // run did not make led here. Nothing was sent; the server's answer is what failed.
      const last = context.client.journal.at(-1);
      const failure = new CheckFailure({
        expected: 'answers that name the objects this check created (it changes nothing else)',
        received: error.message,
        ...(last ? { exchange: last } : {}),
      });
      meta.reproduction = failure.reproduction;
      throw failure;
    }
    // Anything else is a bug of the suite, never the server's failure: the run ends with exit 2.
    meta.harnessError = (error as Error)?.stack ?? String(error);
    const last = context.client.journal.at(-1);
    if (last) meta.reproduction = renderCurl(last);
    throw error;
  } finally {
    const leftovers = await context.created.deleteAll(context.client);
    if (leftovers.length > 0) meta.leftovers = leftovers;
    meta.requests = context.client.journal.length;
    const tenth = (ms: number) => Math.round(ms * 10) / 10;
    meta.timeline = context.client.journal.flatMap((exchange) =>
      exchange.sentAt === undefined ? [] : [[tenth(exchange.sentAt), tenth(exchange.sentAt + exchange.durationMs)]],
    );
    meta.consulted = [...context.consulted];
  }
}

/**
 * A failure with what the check saw that may explain it (context.hints: the setting that would
 * describe the server) after the first line of what was received; anything else as it was.
 */
function withHints(error: unknown, hints: ReadonlySet<string>): unknown {
  if (hints.size === 0 || !(error instanceof CheckFailure)) return error;
  const [first, ...rest] = error.details.received.split('\n');
  const details = { ...error.details, received: [`${first} (${[...hints].join('; ')})`, ...rest].join('\n') };
  return error instanceof PrerequisiteFailure
    ? new PrerequisiteFailure(details, error.blamed)
    : new CheckFailure(details);
}

/**
 * A failing GET sent again, at once, on a connection of its own (before the check's objects are
 * deleted): whether the failure shows there too, or only on the kept-alive connection it came on.
 * The check's verdict stands either way; this only tells where to look.
 */
async function lookAgainOnFreshConnection(
  context: ReturnType<typeof createCheckContext>,
  exchange: Exchange | undefined,
  meta: CheckTaskMeta,
): Promise<void> {
  if (exchange === undefined) return;
  try {
    for (const client of [context.client, context.second]) {
      const again = await client?.resendOnFreshConnection(exchange);
      if (again === undefined) continue;
      const before =
        exchange.transportError !== undefined ? `no answer (${exchange.transportError})` : `${exchange.status}`;
      if ('transportError' in again) {
        meta.freshConnection = `Sent again on a connection of its own: no answer there either (${again.transportError}); on the first connection: ${before}.`;
      } else if (exchange.transportError !== undefined) {
        meta.freshConnection = `Sent again on a connection of its own, it was answered (${again.status}): the failure, no answer, showed on a kept-alive connection only (look at how the answers before it on that connection were framed).`;
      } else if (again.sameStatus && again.sameBody) {
        meta.freshConnection = `Sent again on a connection of its own: the same answer (${again.status}, the same body), so the connection is not what fails.`;
      } else {
        meta.freshConnection = `Sent again on a connection of its own: ${again.sameStatus ? `${again.status} again, with another body` : `answered ${again.status}, not ${exchange.status}`}: what failed may hang on the kept-alive connection it came on, or on time.`;
      }
      return;
    }
  } catch {
    // A diagnosis never hides the failure it explains.
  }
}
