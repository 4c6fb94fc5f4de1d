// `msgapi compare`: checks against runs, side by side, with the checks that changed marked.
import { mkdirSync } from 'node:fs';
import { HarnessError } from '../../core/errors.ts';
import { compareRuns, formatComparison } from '../../report/comparison.ts';
import { writeIndexReport } from '../../report/index-report.ts';
import { filesAndOptions, readConformanceReport } from './report-files.ts';

export const compareHelp = `Usage: msgapi compare REPORT.json REPORT.json ... [--all] [--reports-dir DIR] [--json]

Prints a grid of checks against runs — several server implementations side by side, or one server
before and after a change — from their conformance.json reports, with the checks whose result
differs marked *. Also writes the grid into DIR/index.html (default reports).

Options:
  --all              Show every check, not only those that differ.
  --reports-dir DIR  Where index.html is written (default reports).
  --json             Print the grid as JSON instead.
  -h, --help         Show this help.

Exit code 0 whatever the grid shows (it is a comparison, not a gate); 2 on unreadable input.`;

export async function runCompare(argv: string[]): Promise<number> {
  const { files, options } = filesAndOptions(argv, ['reports-dir'], ['all', 'json'], 'compare');
  if (options.help) {
    console.log(compareHelp);
    return 0;
  }
  if (files.length < 2) throw new HarnessError('MSGAPI_USAGE', 'msgapi compare needs at least two conformance reports.');
  const grid = compareRuns(files.map(readConformanceReport), files);
  const dir = typeof options['reports-dir'] === 'string' ? options['reports-dir'] : 'reports';
  mkdirSync(dir, { recursive: true });
  const index = writeIndexReport(dir, { comparison: grid });
  if (options.json) console.log(JSON.stringify(grid, null, 2));
  else console.log(`${formatComparison(grid, { all: options.all === true })}\nThe grid is also in ${index}.`);
  return 0;
}
