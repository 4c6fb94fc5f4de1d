// msgapi: the command line. Every failure of the harness ends in one line and exit code 2. A
// command's module (and with it vitest, undici, the reference server) is imported only to run it:
// --help is made from the option tables alone, so that it answers at once.
import { Command, CommanderError } from 'commander';
import { HarnessError } from '../../lib/core/errors.ts';
import { readArgv, suggestionOf } from '../../lib/core/config/load.ts';
import { version } from '../../lib/core/version.ts';
import { ignoreClosedReader } from './closed-output.ts';
import { helpTexts } from './help-texts.ts';
import { commandPositionals, optionTables, ownersOf, type CommandName } from './options/index.ts';

type Run = (argv: string[]) => Promise<number>;

const commands: Record<string, { summary: string; load: () => Promise<Run> }> = {
  check: {
    summary: 'Run the conformance suites against BASE_URL, or the embedded reference server.',
    load: async () => (await import('./commands/check.ts')).runCheckCommand,
  },
  load: {
    summary: 'Benchmark the list endpoints: throughput, latency at a fixed rate, gates.',
    load: async () => (await import('./commands/load.ts')).runLoadCommand,
  },
  compare: {
    summary: "Grid of checks against several runs' reports, with the changes marked.",
    load: async () => (await import('./commands/compare.ts')).runCompare,
  },
  merge: {
    summary: "Join the reports of a run split across machines with 'check --shard'.",
    load: async () => (await import('./commands/merge.ts')).runMerge,
  },
  expectations: {
    summary: 'Record the failures of the last run as known failures (check --expectations).',
    load: async () => (await import('./commands/expectations.ts')).runExpectations,
  },
  openapi: {
    summary: 'Write the OpenAPI 3.1 document built from schemas/ (for generators, mocks, fuzzers).',
    load: async () => (await import('./commands/openapi.ts')).runOpenapi,
  },
  probe: {
    summary:
      'Find out what the target chose where the spec is open (pagination, body encoding, ...); print it as .env lines.',
    load: async () => (await import('./commands/probe.ts')).runProbe,
  },
  serve: {
    summary: 'Start the reference server alone, for developing a client against it.',
    load: async () => (await import('./commands/serve.ts')).runServe,
  },
  matrix: {
    summary: 'Prove the suite: run it against every seeded fault and valid variant of the reference server.',
    load: async () => (await import('./commands/matrix.ts')).runMatrix,
  },
  cleanup: {
    summary: 'Delete what a run left on the target, from its ledger file or by its marker (--marker).',
    load: async () => (await import('./commands/cleanup.ts')).runCleanup,
  },
};

const usage = `msgapi ${version}: conformance suite and load harness for the Messaging Service API v1

Usage: msgapi <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, command]) => `  ${name.padEnd(14)}${command.summary}`)
  .join('\n')}

Run 'msgapi <command> --help' (or 'msgapi help <command>') for a command's options.`;

/** One sentence for a word that is no command, with commander's suggestion when one is close. */
function unknownCommand(name: string): HarnessError {
  if (name.startsWith('-'))
    return new HarnessError(
      'MSGAPI_USAGE',
      `${name.replace(/=.*/, '')} is not an option of msgapi itself; run msgapi --help.`,
    );
  const program = new Command('msgapi')
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
  for (const command of Object.keys(commands)) program.command(command);
  let suggestion: string | undefined;
  try {
    program.parse([name], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) suggestion = suggestionOf(error);
  }
  return new HarnessError(
    'MSGAPI_USAGE',
    `unknown command "${name}"${suggestion ? ` (did you mean msgapi ${suggestion}?)` : ''}; run msgapi --help.`,
  );
}

/** The command a command line names: 'load merge', 'load export' and 'load import' are commands of their own. */
function commandOf(name: string, rest: readonly string[]): { command: CommandName; args: readonly string[] } {
  if (name === 'load' && (rest[0] === 'merge' || rest[0] === 'export' || rest[0] === 'import'))
    return { command: `load ${rest[0]}`, args: rest.slice(1) };
  return { command: name as CommandName, args: rest };
}

/** Whether the command line asks for the command's help; a bad flag is its one sentence here already. */
function asksForHelp(command: CommandName, args: readonly string[]): boolean {
  const positionals = commandPositionals[command];
  return readArgv(
    { name: command, options: optionTables[command], ...(positionals === undefined ? {} : { positionals }) },
    args,
    ownersOf,
  ).given.has('help');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
      console.log(usage);
      return name === undefined ? 2 : 0;
    }
    if (name === '--version' || name === '-V') {
      console.log(version);
      return 0;
    }
    // msgapi help check = msgapi check --help
    const [typed, args] = name === 'help' ? [rest[0]!, rest.slice(1)] : [name, rest];
    if (!Object.hasOwn(commands, typed)) throw unknownCommand(typed);
    const { command, args: own } = commandOf(typed, args);
    if (name === 'help' || asksForHelp(command, own)) {
      console.log(helpTexts[command]);
      return 0;
    }
    const run = await commands[typed]!.load();
    return await run(args);
  } catch (error) {
    if (error instanceof HarnessError) {
      console.error(`msgapi: ${error.message}`);
      return 2;
    }
    console.error(`msgapi: internal error: ${(error as Error).stack ?? String(error)}`);
    return 2;
  }
}

ignoreClosedReader(process.stdout);
ignoreClosedReader(process.stderr);
process.exitCode = await main(process.argv.slice(2));
