// `msgapi expectations --write FILE`: records the failures of the last run as known failures, for
// `msgapi check --expectations FILE`, beside what FILE already lists. Each gets a reason to be
// edited into the real one.
import { join } from 'node:path';
import { HarnessError } from '../../../lib/core/errors.ts';
import { writeExpectations } from '../../../conformance/run/expectations.ts';
import { readConformanceReport } from './report-files.ts';
import { expectationsHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';

export async function runExpectations(argv: string[]): Promise<number> {
  const parsed = parseCommand('expectations', argv);
  if (parsed.help) {
    console.log(expectationsHelp);
    return 0;
  }
  const options = parsed.values;
  if (options.write === undefined)
    throw new HarnessError('MSGAPI_USAGE', 'msgapi expectations needs --write FILE (see --help).');
  const from = options.from ?? join(options.reportsDir, 'conformance.json');
  const report = readConformanceReport(from);
  const count = writeExpectations(report, options.write);
  console.log(
    `Added ${count} known failure${count === 1 ? '' : 's'} from ${from} to ${options.write} (what it already listed is kept); edit each reason, then run msgapi check --expectations ${options.write}.`,
  );
  return 0;
}
