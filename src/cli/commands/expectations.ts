// `msgapi expectations --write FILE`: records the failures of the last run as known failures, for
// `msgapi check --expectations FILE`. Each gets a reason to be edited into the real one.
import { join } from 'node:path';
import { HarnessError } from '../../core/errors.ts';
import { writeExpectations } from '../../report/expectations.ts';
import { readConformanceReport } from './report-files.ts';
import { renderHelp } from '../help.ts';
import { parseCommand } from '../options/index.ts';

export const expectationsHelp = renderHelp('expectations', {
  usage: 'Usage: msgapi expectations --write FILE [--from REPORT]',
  intro: `Writes the checks that failed (or were flaky) in a conformance report to FILE as known failures:
{"failures": {"<check id>": "<reason>"}}. Edit each reason to say why (a bug, a decision), commit
the file, and run 'msgapi check --expectations FILE': the run then fails only on a new failure, or
on a known failure that now passes.`,
});

export async function runExpectations(argv: string[]): Promise<number> {
  const parsed = parseCommand('expectations', argv);
  if (parsed.help) {
    console.log(expectationsHelp);
    return 0;
  }
  const options = parsed.values;
  if (options.write === undefined) throw new HarnessError('MSGAPI_USAGE', 'msgapi expectations needs --write FILE (see --help).');
  const from = options.from ?? join(options.reportsDir, 'conformance.json');
  const report = readConformanceReport(from);
  const count = writeExpectations(report, options.write);
  console.log(`Wrote ${count} known failure${count === 1 ? '' : 's'} from ${from} to ${options.write}; edit each reason, then run msgapi check --expectations ${options.write}.`);
  return 0;
}
