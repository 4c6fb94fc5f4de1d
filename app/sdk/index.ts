// The package's entry for use from code. The engines themselves: `runCheck(options)` and
// `runLoad(options)`, typed options in, `{ report, verdict }` out, nothing printed and no report
// file written but runCheck's HAR when asked (the commands map their flags onto these very options). And, for convenience,
// `check({ args, settings })` and `load(...)`: what the command of the same name runs, read from the
// same settings and flags, with the report files it writes; nothing is printed unless an output is given.
import { Writable } from 'node:stream';
import { checkCommand } from '../cli/commands/check.ts';
import type { CommandIo } from '../cli/commands/command-io.ts';
import { loadRun } from '../cli/commands/load.ts';
import type { ConformanceReport, ConformanceVerdict } from '../../conformance/run/check-result.ts';
import { HarnessError } from '../../lib/core/errors.ts';
import type { LoadReport } from '../../load/load-report.ts';

export { ConfigError, HarnessError } from '../../lib/core/errors.ts';
export { runCheck, type CheckOptions, type CheckRun } from '../../conformance/run-check.ts';
export { runLoad, type LoadOptions, type LoadRun } from '../../load/run-load.ts';
export type { ConformanceReport, ConformanceVerdict } from '../../conformance/run/check-result.ts';
export type { LoadReport } from '../../load/load-report.ts';
export type { Outcome } from '../../lib/core/verdict.ts';

export interface RunOptions {
  /** The command's flags, as typed after `msgapi check` or `msgapi load`: ['--embedded', '--only', 'groups.']. */
  args?: readonly string[];
  /** Settings by variable name (BASE_URL, ACCESS_TOKEN, …; see .env.example), over process.env. */
  settings?: Readonly<Record<string, string | undefined>>;
  /** Where ./.env is looked for; process.cwd() by default (relative paths such as --reports-dir are the process's). */
  cwd?: string;
  /** Where the progress and the summary are printed; nothing is printed when it is not given. */
  output?: NodeJS.WritableStream;
}

export interface CheckOutcome {
  /** What `msgapi check` would exit with: 0 PASSED, 1 FAILED, 130/143 INTERRUPTED (ERROR is thrown). */
  exitCode: number;
  verdict: ConformanceVerdict;
  /** The report written to conformance.json. */
  report: ConformanceReport;
}

export interface LoadOutcome {
  /** What `msgapi load` would exit with: 0 PASSED, 1 FAILED (a gate), 130/143 INTERRUPTED. */
  exitCode: number;
  /** The report written to load.json; its `outcome` and `verdict` are what the command prints. */
  report: LoadReport;
}

/**
 * Runs the conformance suite (`msgapi check`). A configuration or harness error (what the command
 * reports with exit 2) is thrown as a HarnessError, whose message is the command's one sentence.
 */
export async function check(options: RunOptions = {}): Promise<CheckOutcome> {
  const args = commandArgs('check', options.args);
  const { exitCode, report } = await keepingEnvironment(() => checkCommand(args, ioOf(options)));
  if (report?.verdict === undefined)
    throw new HarnessError('MSGAPI_USAGE', 'check() ran no checks: --help and --list are for the command line.');
  return { exitCode, verdict: report.verdict, report };
}

/** Runs the load harness (`msgapi load`); errors as for check(). */
export async function load(options: RunOptions = {}): Promise<LoadOutcome> {
  const args = commandArgs('load', options.args);
  if (args[0] === 'merge' || args[0] === 'export' || args[0] === 'import')
    throw new HarnessError('MSGAPI_USAGE', `load() measures; msgapi load ${args[0]} is for the command line.`);
  if (args.includes('--seed-only'))
    throw new HarnessError('MSGAPI_USAGE', 'load() measures; --seed-only is for the command line.');
  const { exitCode, report } = await loadRun(args, ioOf(options));
  if (report === undefined)
    throw new HarnessError('MSGAPI_USAGE', 'load() ran nothing: --help is for the command line.');
  return { exitCode, report };
}

function commandArgs(command: string, args: readonly string[] = []): readonly string[] {
  // --json prints the report on standard output: from code, the report is what is returned.
  const forTheCommandLine = args.filter((arg) => ['--help', '-h', '--json', '--list'].includes(arg));
  if (forTheCommandLine.length > 0)
    throw new HarnessError(
      'MSGAPI_USAGE',
      `${command}() takes the flags of msgapi ${command}; ${forTheCommandLine.join(', ')} ${forTheCommandLine.length === 1 ? 'is' : 'are'} for the command line.`,
    );
  return args;
}

/**
 * Runs with the environment restored afterwards: vitest, which the check runs in this process,
 * sets variables of Vite's own (BASE_URL=/, MODE, DEV, PROD, SSR) that a later check() or load()
 * would otherwise read as the caller's settings.
 */
async function keepingEnvironment<T>(run: () => Promise<T>): Promise<T> {
  const before = { ...process.env };
  try {
    return await run();
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
    Object.assign(process.env, before);
  }
}

/** Prints nothing: the caller reads the report. */
const nowhere = (): NodeJS.WriteStream =>
  new Writable({ write: (_chunk, _encoding, done) => done() }) as unknown as NodeJS.WriteStream;

function ioOf(options: RunOptions): CommandIo {
  return {
    ...(options.settings ? { env: { ...process.env, ...options.settings } } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    out: (options.output as NodeJS.WriteStream | undefined) ?? nowhere(),
  };
}
