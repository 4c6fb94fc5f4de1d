// The load report files a command reads and writes: load.json with load.html beside it and the
// overview page, and an earlier load.json (merge parts, --baseline) read with one sentence on failure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { HarnessError } from '../../../lib/core/errors.ts';
import type { LoadReport } from '../../../load/load-report.ts';
import { readLoadReport } from '../../../load/run-load.ts';
import { writeLoadHtml } from '../../../reporting/load/load-html.ts';
import { writeIndexReport } from '../../../reporting/index-report.ts';

/** A path as the user would type it from here. */
export const shown = (path: string) => relative(process.cwd(), path) || path;

export function readLoadReportFile(file: string): LoadReport {
  try {
    return readLoadReport(file);
  } catch (error) {
    throw new HarnessError('MSGAPI_USAGE', (error as Error).message);
  }
}

/** Writes the report, its page and the overview page; returns the line that names them. */
export function writeLoadReports(report: LoadReport, jsonFile: string): string {
  mkdirSync(dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  const htmlFile = jsonFile.replace(/\.json$/, '') + '.html';
  writeLoadHtml(report, htmlFile);
  // The overview page shows the load figures beside the last conformance run.
  const indexFile = writeIndexReport(dirname(jsonFile), { load: report });
  return `Reports: ${shown(jsonFile)}, ${shown(htmlFile)}, ${shown(indexFile)}`;
}
