// Reading conformance.json files named on the command line: one sentence and exit 2 for a file
// that is missing or is not such a report.
import { readFileSync } from 'node:fs';
import { HarnessError } from '../../../lib/core/errors.ts';
import type { ConformanceReport } from '../../../conformance/run/check-result.ts';

export function readConformanceReport(file: string): ConformanceReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : (error as Error).message;
    throw new HarnessError('MSGAPI_USAGE', `Cannot read ${file} as a conformance report: ${reason}.`);
  }
  const report = parsed as Partial<ConformanceReport> | null;
  if (report?.tool?.name !== 'msgapi' || !Array.isArray(report.checks)) {
    throw new HarnessError('MSGAPI_USAGE', `${file} is not a conformance report of msgapi (reports/conformance.json).`);
  }
  return report as ConformanceReport;
}
