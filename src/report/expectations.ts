// Known failures (--expectations FILE), as the expectation files of browser conformance suites
// work: a listed check that fails does not fail the run, a new failure does, and so does a listed
// check that now passes, so that the file is kept true and a fix is noticed and recorded.
import { readFileSync, writeFileSync } from 'node:fs';
import { ConfigError } from '../core/errors.ts';
import { isGatingFailure, summarize } from './build-report.ts';
import type { CheckResult, ConformanceReport } from '../conformance/run/check-result.ts';

export interface ExpectationsFile {
  /** Check id → why it is known to fail (a bug number, a decision, a date). */
  failures: Record<string, string>;
}

/** `isCheckId` says which ids exist (the check registry), so that a typo is refused, not ignored. */
export function readExpectations(file: string, isCheckId: (id: string) => boolean): Map<string, string> {
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
  for (const [id, reason] of Object.entries(failures)) {
    if (!isCheckId(id)) problems.push(`The expectations file lists ${id}, which is no check id (see docs/checks.md).`);
    if (typeof reason !== 'string' || reason.trim() === '') problems.push(`The expectations file gives no reason for ${id}: write why it is known to fail.`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return new Map(Object.entries(failures as Record<string, string>));
}

const failedLike = (check: CheckResult) => check.status === 'failed' || check.status === 'flaky';

/** The report as the expectations read it: known failures marked, and the outcome recorded. */
export function applyExpectations(report: ConformanceReport, expected: ReadonlyMap<string, string>, file: string): ConformanceReport {
  const checks = report.checks.map((check) => {
    const reason = expected.get(check.id);
    return reason !== undefined && failedLike(check) ? { ...check, expected_failure: reason } : check;
  });
  const outcome = {
    file,
    expected: checks.filter((check) => check.expected_failure !== undefined).map((check) => check.id),
    new_failures: checks.filter(isGatingFailure).map((check) => check.id),
    unexpected_passes: checks.filter((check) => expected.has(check.id) && check.status === 'passed').map((check) => check.id),
  };
  return { ...report, checks, ...summarize(checks), expectations: outcome };
}

/** msgapi expectations --write: the failures of a report, each with a reason to be edited. */
export function writeExpectations(report: ConformanceReport, file: string): number {
  const failing = report.checks.filter(failedLike);
  const failures = Object.fromEntries(
    failing.map((check) => [check.id, `recorded ${report.started_at.slice(0, 10)} from ${report.target.url}: ${(check.message ?? '').split('\n')[0]!.slice(0, 160)}`]),
  );
  writeFileSync(file, `${JSON.stringify({ failures } satisfies ExpectationsFile, null, 2)}\n`);
  return failing.length;
}
