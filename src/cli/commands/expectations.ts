// `msgapi expectations --write FILE`: records the failures of the last run as known failures, for
// `msgapi check --expectations FILE`. Each gets a reason to be edited into the real one.
import { join } from 'node:path';
import { HarnessError } from '../../core/errors.ts';
import { writeExpectations } from '../../report/expectations.ts';
import { filesAndOptions, readConformanceReport } from './report-files.ts';

export const expectationsHelp = `Usage: msgapi expectations --write FILE [--from REPORT]

Writes the checks that failed (or were flaky) in a conformance report to FILE as known failures:
{"failures": {"<check id>": "<reason>"}}. Edit each reason to say why (a bug, a decision), commit
the file, and run 'msgapi check --expectations FILE': the run then fails only on a new failure, or
on a known failure that now passes.

Options:
  --write FILE   The expectations file to write (required).
  --from REPORT  The conformance report to read (default reports/conformance.json, the last run).
  -h, --help     Show this help.`;

export async function runExpectations(argv: string[]): Promise<number> {
  const { files, options } = filesAndOptions(argv, ['write', 'from'], [], 'expectations');
  if (options.help) {
    console.log(expectationsHelp);
    return 0;
  }
  if (files.length > 0) throw new HarnessError('MSGAPI_USAGE', `msgapi expectations takes no file argument (${files[0]}); use --write FILE.`);
  if (typeof options.write !== 'string') throw new HarnessError('MSGAPI_USAGE', 'msgapi expectations needs --write FILE (see --help).');
  const from = typeof options.from === 'string' ? options.from : join(process.env.REPORTS_DIR || 'reports', 'conformance.json');
  const report = readConformanceReport(from);
  const count = writeExpectations(report, options.write);
  console.log(`Wrote ${count} known failure${count === 1 ? '' : 's'} from ${from} to ${options.write}; edit each reason, then run msgapi check --expectations ${options.write}.`);
  return 0;
}
