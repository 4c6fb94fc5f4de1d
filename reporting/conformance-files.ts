// The files of a conformance run: conformance.json, junit.xml and index.html, in REPORTS_DIR or
// where --json FILE, --junit FILE and --html FILE put them. A run replaces all three as it starts,
// with a report that says it is in progress, and again at its end, with its own or, when it stops
// with exit 2, with one whose verdict is ERROR: a CI step that uploads the reports whatever became
// of the run (if: always()) never shows the previous run's green instead.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ConformanceReport } from '../conformance/run/check-result.ts';
import { version } from '../lib/core/version.ts';
import { writeIndexReport } from './index-report.ts';
import { writeJunitXml } from './junit-xml.ts';

export interface ConformanceReportFiles {
  json: string;
  junit: string;
  html: string;
}

/** Each format's file: the one its flag names, else its usual name in the reports folder. */
export function conformanceReportFiles(
  reportsDir: string,
  given: { json?: string | undefined; junit?: string | undefined; html?: string | undefined },
): ConformanceReportFiles {
  return {
    json: given.json ?? join(reportsDir, 'conformance.json'),
    junit: given.junit ?? join(reportsDir, 'junit.xml'),
    html: given.html ?? join(reportsDir, 'index.html'),
  };
}

/** Writes the report in each format (the folders are made); returns the files in the order json, junit, html. */
export function writeConformanceReports(
  files: ConformanceReportFiles,
  report: ConformanceReport,
  reportsDir: string,
): string[] {
  for (const file of Object.values(files)) mkdirSync(dirname(file), { recursive: true });
  writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  writeJunitXml(report, files.junit);
  writeIndexReport(reportsDir, { conformance: report }, files.html);
  return [files.json, files.junit, files.html];
}

export interface UnfinishedRun {
  startedAt: Date;
  /** BASE_URL, or undefined for the embedded server. */
  targetUrl: string | undefined;
  seed: number;
}

/**
 * A report with no checks and the verdict ERROR: `inProgress` at the start of a run (read after the
 * run, it says the run was killed before it could write its own), or the one sentence a run that
 * stopped with exit 2 ended on.
 */
export function unfinishedReport(run: UnfinishedRun, reason: string, inProgress: boolean): ConformanceReport {
  const none = { passed: 0, failed: 0, skipped: 0, blocked: 0, flaky: 0 };
  return {
    tool: { name: 'msgapi', version },
    target: { url: run.targetUrl ?? 'the embedded reference server', embedded: run.targetUrl === undefined },
    started_at: run.startedAt.toISOString(),
    duration_ms: inProgress ? 0 : Date.now() - run.startedAt.getTime(),
    seed: run.seed,
    run_id: '',
    requests: 0,
    summary: { ...none, gating_failed: 0, gating_blocked: 0 },
    interrupted: false,
    leftovers: [],
    ledger_file: null,
    sections: {},
    checks: [],
    ...(inProgress ? { in_progress: true as const } : {}),
    verdict: {
      outcome: 'ERROR',
      passed: false,
      scope: { kind: 'full', selected: 0, total: 0, options: [], description: 'no check has reported' },
      reasons: [reason],
      notices: [],
    },
  };
}

/** The reason an in-progress report gives: true while the run goes on, and after it only if it was killed. */
export const inProgressReason = (startedAt: Date): string =>
  `the run that started at ${startedAt.toISOString()} has not written its report yet: read during that run, this is its placeholder; read after it, the run was killed before it could finish (msgapi check writes its own report, or ERROR, whenever it can)`;
