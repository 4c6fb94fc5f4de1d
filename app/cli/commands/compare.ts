// `msgapi compare`: checks against runs, side by side, with the checks that changed marked.
import { mkdirSync } from 'node:fs';
import { HarnessError } from '../../../lib/core/errors.ts';
import { compareRuns, formatComparison } from '../../../reporting/comparison.ts';
import { writeIndexReport } from '../../../reporting/index-report.ts';
import { readConformanceReport } from './report-files.ts';
import { compareHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';

export async function runCompare(argv: string[]): Promise<number> {
  const parsed = parseCommand('compare', argv, { positionals: 'REPORT.json' });
  if (parsed.help) {
    console.log(compareHelp);
    return 0;
  }
  const { values: options, positionals: files } = parsed;
  if (files.length < 2)
    throw new HarnessError('MSGAPI_USAGE', 'msgapi compare needs at least two conformance reports.');
  const grid = compareRuns(files.map(readConformanceReport), files);
  const dir = options.reportsDir;
  mkdirSync(dir, { recursive: true });
  const index = writeIndexReport(dir, { comparison: grid });
  if (options.json) console.log(JSON.stringify(grid, null, 2));
  else console.log(`${formatComparison(grid, { all: options.all })}\nThe grid is also in ${index}.`);
  return 0;
}
