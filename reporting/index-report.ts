// reports/index.html, rewritten by every command that changes what it shows: the last conformance
// run, the last load run (when the reports folder has one) and, after msgapi compare, the grid.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadReportFormat, type LoadReport } from '../load/load-report.ts';
import type { ConformanceReport } from '../conformance/run/check-result.ts';
import { writeIndexHtml, type IndexInputs } from './conformance-html/index-html.ts';

/** A report of this version's shape, or undefined: one from an older version, or half-written by
 *  a killed run, is left out of the page rather than breaking it. */
function readIfThere<T>(file: string, isCurrent: (parsed: Record<string, unknown>) => boolean): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return isCurrent(parsed) ? (parsed as T) : undefined;
  } catch {
    return undefined;
  }
}

const isConformanceReport = (report: Record<string, unknown>) =>
  Array.isArray(report.checks) &&
  (report.checks as Array<{ spec?: unknown }>).every((check) => Array.isArray(check.spec)) &&
  Array.isArray(report.leftovers) &&
  typeof report.summary === 'object' &&
  typeof report.sections === 'object';
const isLoadReport = (report: Record<string, unknown>) => report.format === loadReportFormat;

/** Writes reports/index.html (or `file`) from what is given, and what else the folder holds; returns its path. */
export function writeIndexReport(
  reportsDir: string,
  given: IndexInputs,
  file = join(reportsDir, 'index.html'),
): string {
  const conformance =
    given.conformance ?? readIfThere<ConformanceReport>(join(reportsDir, 'conformance.json'), isConformanceReport);
  const load = given.load ?? readIfThere<LoadReport>(join(reportsDir, 'load.json'), isLoadReport);
  writeIndexHtml(
    {
      ...(conformance ? { conformance } : {}),
      ...(load ? { load } : {}),
      ...(given.comparison ? { comparison: given.comparison } : {}),
    },
    file,
  );
  return file;
}
