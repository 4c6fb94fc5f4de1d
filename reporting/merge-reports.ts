// msgapi merge: the reports of one run split across machines (--shard i/n) joined into one, as
// if the run had not been split. Parts must be of the same target; a check in two parts is an error
// (the shards overlap), and a missing part is reported rather than guessed.
import { isGatingBlock, isGatingFailure, summarize } from '../conformance/run/build-report.ts';
import { decideVerdict, runScope, verdictOf } from '../conformance/run/verdict.ts';
import type { ConformanceReport } from '../conformance/run/check-result.ts';

export class MergeError extends Error {}

export function mergeConformanceReports(
  reports: readonly ConformanceReport[],
  files: readonly string[],
): ConformanceReport {
  const targets = new Set(reports.map((report) => report.target.url));
  // Shards run without BASE_URL each start an embedded server of their own, on its own port.
  const allEmbedded = reports.every((report) => report.target.embedded);
  if (targets.size > 1 && !allEmbedded)
    throw new MergeError(
      `the reports are of different targets (${[...targets].join(', ')}); merge the shards of one run.`,
    );
  const counts = new Set(reports.map((report) => report.shard?.count));
  const [count] = counts;
  if (counts.size === 1 && count !== undefined) {
    const indexes = new Set(reports.map((report) => report.shard!.index));
    const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !indexes.has(index));
    if (missing.length > 0)
      throw new MergeError(
        `shard ${missing.map((index) => `${index}/${count}`).join(', ')} is missing; merge every part of the run.`,
      );
  }
  const seen = new Map<string, string>();
  for (const [index, report] of reports.entries()) {
    for (const check of report.checks) {
      const other = seen.get(check.id);
      if (other !== undefined)
        throw new MergeError(`${check.id} is in both ${other} and ${files[index]}; shards must not overlap.`);
      seen.set(check.id, files[index]!);
    }
  }
  const checks = reports.flatMap((report) => report.checks).sort((a, b) => a.id.localeCompare(b.id));
  const first = reports[0]!;
  const startedAt = reports.map((report) => report.started_at).sort()[0]!;
  const ends = reports.map((report) => Date.parse(report.started_at) + report.duration_ms);
  const { shard: _shard, verdict: _verdict, settings, replay, ...rest } = first;
  const merged: ConformanceReport = {
    ...rest,
    // The whole run is replayed by any part's command without its --shard.
    ...(replay ? { replay: replay.replace(/ --shard \S+/, '') } : {}),
    ...(settings ? { settings: { ...settings, shard: null } } : {}),
    started_at: startedAt,
    duration_ms: Math.max(...ends) - Date.parse(startedAt),
    requests: reports.reduce((sum, report) => sum + report.requests, 0),
    interrupted: reports.some((report) => report.interrupted),
    leftovers: reports.flatMap((report) => report.leftovers),
    ledger_file: reports.find((report) => report.ledger_file !== null)?.ledger_file ?? null,
    ...summarize(checks),
    checks,
    ...(reports.some((report) => report.expectations)
      ? {
          expectations: {
            file: reports.find((report) => report.expectations)!.expectations!.file,
            expected: checks.filter((check) => check.expected_failure !== undefined).map((check) => check.id),
            new_failures: checks.filter(isGatingFailure).map((check) => check.id),
            new_blocked: checks.filter(isGatingBlock).map((check) => check.id),
            unexpected_passes: reports.flatMap((report) => report.expectations?.unexpected_passes ?? []).sort(),
            not_found: reports.flatMap((report) => report.expectations?.not_found ?? []).sort(),
          },
        }
      : {}),
    merged_from: [...files],
  };
  // The verdict of the whole run, decided again from every part's checks: the parts' scopes add up.
  const scopes = reports.map((report) => verdictOf(report).scope);
  const options = scopes[0]!.options.filter((option) => !option.startsWith('--shard'));
  const scope = runScope(
    scopes.reduce((sum, part) => sum + part.selected, 0),
    Math.max(...scopes.map((part) => part.total)),
    options,
  );
  return {
    ...merged,
    verdict: decideVerdict({
      checks,
      interrupted: merged.interrupted,
      harnessErrors: [],
      expectations: merged.expectations,
      scope,
      seed: merged.seed,
    }),
  };
}
