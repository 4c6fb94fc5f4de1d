// msgapi: the command line. Every failure of the harness ends in one line and exit code 2.
import { HarnessError } from '../core/errors.ts';
import { runCheck } from './commands/check.ts';
import { runCleanup } from './commands/cleanup.ts';
import { runCompare } from './commands/compare.ts';
import { runExpectations } from './commands/expectations.ts';
import { runLoadCommand } from './commands/load.ts';
import { runMatrix } from './commands/matrix.ts';
import { runMerge } from './commands/merge.ts';
import { runOpenapi } from './commands/openapi.ts';
import { runServe } from './commands/serve.ts';
import { version } from '../core/version.ts';

const usage = `msgapi ${version}: conformance suite and load harness for the Messaging Service API v1

Usage: msgapi <command> [options]

Commands:
  check         Run the conformance suites against BASE_URL, or the embedded reference server.
  load          Benchmark the list endpoints: throughput, latency at a fixed rate, gates.
  compare       Grid of checks against several runs' reports, with the changes marked.
  merge         Join the reports of a run split across machines with 'check --shard'.
  expectations  Record the failures of the last run as known failures (check --expectations).
  openapi       Write the OpenAPI 3.1 document built from schemas/ (for generators, mocks, fuzzers).
  serve         Start the reference server alone, for developing a client against it.
  matrix        Prove the suite: run it against every seeded fault and valid variant of the reference server.
  cleanup       Delete what a run left on the target, from its ledger file or by its marker (--marker).

Run 'msgapi <command> --help' for a command's options.`;

const commands: Record<string, (argv: string[]) => Promise<number>> = {
  check: runCheck,
  serve: runServe,
  matrix: runMatrix,
  cleanup: runCleanup,
  load: runLoadCommand,
  expectations: runExpectations,
  compare: runCompare,
  merge: runMerge,
  openapi: runOpenapi,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    console.log(version);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`msgapi: unknown command "${name}"; run msgapi --help.`);
    return 2;
  }
  try {
    return await command(rest);
  } catch (error) {
    if (error instanceof HarnessError) {
      console.error(`msgapi: ${error.message}`);
      return 2;
    }
    console.error(`msgapi: internal error: ${(error as Error).stack ?? String(error)}`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
