// `msgapi expectations --write FILE`: records the failures of the last run as known failures, for
// `msgapi check --expectations FILE`, beside what FILE already lists. Each gets a reason to be
// edited into the real one.
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
on a known failure that now passes.

Seeds: a generated check (properties.*, model.*) finds a failure only when the seed draws inputs
that reach it, so its entry also records what failed: {"reason": "...", "failure": "Expected: ..."}.
With any seed, a failure of that check whose message holds that text is the known one (any other is
new), and a seed that finds nothing is a notice, not a failure. If another generated check finds the
same cause with another seed, add its entry too: run this again with --from that run's report (what
FILE already lists is kept as edited; only new failures are added).`,
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
  console.log(`Added ${count} known failure${count === 1 ? '' : 's'} from ${from} to ${options.write} (what it already listed is kept); edit each reason, then run msgapi check --expectations ${options.write}.`);
  return 0;
}
