// Known failures (--expectations FILE), as the expectation files of browser conformance suites
// work: a listed check that fails does not fail the run, a new failure does, and so does a listed
// check that now passes, so that the file is kept true and a fix is noticed and recorded. A blocked
// check (a premise it needed failed) fails the run as a failure does, so it is recorded and read
// alike: listed, its block is known; not listed, it is new.
//
// Generated checks (properties.*, model.*) are different: whether one finds a failure depends on
// the inputs the seed draws, so a known failure of theirs is matched by what failed (the failing
// sentence, recorded as `failure`), and one that finds nothing on this seed is a notice, never a
// failure. Otherwise every new seed would fail the run with "now passing".
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ConfigError } from '../../lib/core/errors.ts';
import { isGatingBlock, isGatingFailure, summarize } from './build-report.ts';
import type { CheckResult, ConformanceReport } from './check-result.ts';

/** What the file says about one check: why it fails and, for a generated check, what fails. */
export interface KnownFailure {
  reason: string;
  /** Text the failure message holds (its "Expected:" sentence); a failure without it is a new one. */
  failure?: string;
}

export interface ExpectationsFile {
  /** Check id → why it is known to fail (a bug number, a decision, a date), or {reason, failure}. */
  failures: Record<string, string | KnownFailure>;
}

/** The property and model-based checks: what they find depends on the seed. */
export const isGeneratedCheck = (id: string): boolean => id.startsWith('properties.') || id.startsWith('model.');

function knownFailure(entry: unknown): KnownFailure | undefined {
  if (typeof entry === 'string') return entry.trim() === '' ? undefined : { reason: entry };
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { reason, failure } = entry as Partial<KnownFailure>;
  if (typeof reason !== 'string' || reason.trim() === '') return undefined;
  if (failure !== undefined && (typeof failure !== 'string' || failure.trim() === '')) return undefined;
  return { reason, ...(failure !== undefined ? { failure } : {}) };
}

/** `isCheckId` says which ids exist (the check registry), so that a typo is refused, not ignored. */
export function readExpectations(file: string, isCheckId: (id: string) => boolean): Map<string, KnownFailure> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError([`The expectations file ${file} cannot be read as JSON: ${(error as Error).message}.`]);
  }
  const failures = (parsed as Partial<ExpectationsFile> | null)?.failures;
  if (typeof failures !== 'object' || failures === null || Array.isArray(failures)) {
    throw new ConfigError([`The expectations file ${file} must hold {"failures": {"<check id>": "<reason>", ...}}.`]);
  }
  const problems: string[] = [];
  const known = new Map<string, KnownFailure>();
  for (const [id, entry] of Object.entries(failures)) {
    if (!isCheckId(id)) problems.push(`The expectations file lists ${id}, which is no check id (see docs/checks.md).`);
    const read = knownFailure(entry);
    if (read) known.set(id, read);
    else
      problems.push(
        `The expectations file gives no reason for ${id}: write why it is known to fail (a text, or {"reason": "...", "failure": "<what fails>"}).`,
      );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return known;
}

/** What the file records and reads as known: a failure (or a flaky result), or a block. */
const failedOrBlocked = (check: CheckResult) =>
  check.status === 'failed' || check.status === 'flaky' || check.status === 'blocked';

/** Whether this failure or block is the one the file lists: any of an ordinary check; for a generated one, the recorded failure. */
function isListedFailure(check: CheckResult, known: KnownFailure): boolean {
  if (!failedOrBlocked(check)) return false;
  return known.failure === undefined || (check.message ?? '').includes(known.failure);
}

/** The report as the expectations read it: known failures marked, and the outcome recorded. */
export function applyExpectations(
  report: ConformanceReport,
  expected: ReadonlyMap<string, KnownFailure>,
  file: string,
): ConformanceReport {
  const checks = report.checks.map((check) => {
    const known = expected.get(check.id);
    return known !== undefined && isListedFailure(check, known) ? { ...check, expected_failure: known.reason } : check;
  });
  const passedListed = checks
    .filter((check) => expected.has(check.id) && check.status === 'passed')
    .map((check) => check.id);
  const outcome = {
    file,
    expected: checks.filter((check) => check.expected_failure !== undefined).map((check) => check.id),
    new_failures: checks.filter(isGatingFailure).map((check) => check.id),
    new_blocked: checks.filter(isGatingBlock).map((check) => check.id),
    unexpected_passes: passedListed.filter((id) => !isGeneratedCheck(id)),
    not_found: passedListed.filter(isGeneratedCheck),
  };
  return { ...report, checks, ...summarize(checks), expectations: outcome };
}

/** The sentence a failure message states first ("Expected: …"), which stays the same whatever inputs found it. */
export function failureSentence(message: string | null): string | undefined {
  const line = (message ?? '').split('\n').find((text) => text.startsWith('Expected: '));
  return line?.slice(0, 200);
}

/** The entries a file already holds, kept as edited; none when there is no such file. */
function existingEntries(file: string): Record<string, string | KnownFailure> {
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError([
      `The expectations file ${file} is there but cannot be read as JSON (${(error as Error).message}): fix it, or write to another file.`,
    ]);
  }
  const failures = (parsed as Partial<ExpectationsFile> | null)?.failures;
  return typeof failures === 'object' && failures !== null && !Array.isArray(failures) ? failures : {};
}

/**
 * msgapi expectations --write: the failures and blocks of a report, each with a reason to be edited,
 * added to what the file already lists (kept as edited), so that the runs of several seeds add up.
 * Returns how many it added.
 */
export function writeExpectations(report: ConformanceReport, file: string): number {
  const kept = existingEntries(file);
  const failing = report.checks.filter((check) => failedOrBlocked(check) && !(check.id in kept));
  const added = Object.fromEntries(
    failing.map((check): [string, string | KnownFailure] => {
      const what = `${check.status === 'blocked' ? 'blocked, ' : ''}${(check.message ?? '').split('\n')[0]!.slice(0, 160)}`;
      const reason = `recorded ${report.started_at.slice(0, 10)} from ${report.target.url}: ${what}`;
      const failure = isGeneratedCheck(check.id) ? failureSentence(check.message) : undefined;
      return [check.id, failure ? { reason, failure } : reason];
    }),
  );
  writeFileSync(file, `${JSON.stringify({ failures: { ...kept, ...added } } satisfies ExpectationsFile, null, 2)}\n`);
  return failing.length;
}
