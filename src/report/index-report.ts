// reports/index.html, rewritten by every command that changes what it shows: the last conformance
// run, the last load run (when the reports folder has one) and, after msgapi compare, the grid.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadReport } from '../../load/report/load-report.ts';
import type { ConformanceReport } from './check-result.ts';
import { writeIndexHtml, type IndexInputs } from './html/index-html.ts';

function readIfThere<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    // A report from an older version, or half-written by a killed run: the page goes without it.
    return undefined;
  }
}

/** Writes reports/index.html from what is given, and what else the folder holds; returns its path. */
export function writeIndexReport(reportsDir: string, given: IndexInputs): string {
  const conformance = given.conformance ?? readIfThere<ConformanceReport>(join(reportsDir, 'conformance.json'));
  const load = given.load ?? readIfThere<LoadReport>(join(reportsDir, 'load.json'));
  const file = join(reportsDir, 'index.html');
  writeIndexHtml({ ...(conformance?.checks ? { conformance } : {}), ...(load?.scenarios ? { load } : {}), ...(given.comparison ? { comparison: given.comparison } : {}) }, file);
  return file;
}
