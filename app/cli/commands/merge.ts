// `msgapi merge`: the reports of a run split with --shard joined into one conformance.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HarnessError } from '../../../lib/core/errors.ts';
import { verdictOf } from '../../../conformance/run/verdict.ts';
import { writeJunitXml } from '../../../reporting/junit-xml.ts';
import { exitCodeOf } from '../exit-codes.ts';
import { MergeError, mergeConformanceReports } from '../../../reporting/merge-reports.ts';
import { formatSummary } from '../../../reporting/print-summary.ts';
import { writeIndexReport } from '../../../reporting/index-report.ts';
import { readConformanceReport } from './report-files.ts';
import { mergeHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';

export async function runMerge(argv: string[]): Promise<number> {
  const parsed = parseCommand('merge', argv, { positionals: 'REPORT.json' });
  if (parsed.help) {
    console.log(mergeHelp);
    return 0;
  }
  const { values: options, positionals: files } = parsed;
  if (files.length < 2)
    throw new HarnessError('MSGAPI_USAGE', 'msgapi merge needs the reports of at least two shards.');
  const reports = files.map(readConformanceReport);
  let merged;
  try {
    merged = mergeConformanceReports(reports, files);
  } catch (error) {
    if (error instanceof MergeError) throw new HarnessError('MSGAPI_USAGE', `Cannot merge: ${error.message}`);
    throw error;
  }
  const out = options.out ?? join(options.reportsDir, 'conformance.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(merged, null, 2)}\n`);
  const junit = join(dirname(out), 'junit.xml');
  writeJunitXml(merged, junit);
  const index = writeIndexReport(dirname(out), { conformance: merged });
  console.log(formatSummary(merged, [out, junit, index]));
  // An interrupted part makes the merged run INTERRUPTED: it did not cover what it says, so it fails
  // (merge itself was not stopped, so not 130).
  const { outcome } = verdictOf(merged);
  return exitCodeOf(outcome === 'INTERRUPTED' ? 'FAILED' : outcome);
}
