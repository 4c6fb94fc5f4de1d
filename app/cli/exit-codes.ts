// What each command's exit code means, written once: every command's --help and the README's table
// (checked by test/e2e/option-tables.test.ts) are made from it.
import type { Outcome } from '../../lib/core/verdict.ts';
import type { CommandName } from './options/index.ts';

export const exitCode = { passed: 0, failed: 1, harnessError: 2, sigint: 130, sigterm: 143 } as const;

export interface ExitMeanings {
  0: string;
  1?: string;
  2: string;
  /** 130 after SIGINT (Ctrl-C), 143 after SIGTERM. */
  interrupted?: string;
}

const harness = 'configuration or harness error (one line says which)';
const interrupted = 'stopped by Ctrl-C (SIGINT) or SIGTERM, after cleaning up and writing the reports';

export const exitMeanings: Record<CommandName, ExitMeanings> = {
  check: {
    0: 'every gating check passed (`spec`, `security` and `robustness` levels; `convention` checks only with `--strict` or `CONVENTIONS`), none was blocked',
    1: 'a gating check failed or was blocked (a premise it needed did not hold), or a check listed in `--expectations` now passes (a generated `properties.*` or `model.*` check that does not find its known failure with this seed is only a notice)',
    2: 'configuration or harness error, an unreachable target, a refused token, a target that stopped answering during the run, or one that only answered 429 for longer than --throttle-limit included (one line says which; the reports then say ERROR)',
    interrupted,
  },
  load: {
    0: 'passed (load.json `verdict.outcome` PASSED)',
    1: 'a threshold, a regression, an error or a non-2xx response failed the run (each named in the output and in `verdict.failures`)',
    2: `${harness}, a threshold that cannot be read included`,
    interrupted: 'stopped by Ctrl-C (SIGINT) or SIGTERM, after removing the data set and writing the reports',
  },
  'load merge': {
    0: 'the merged verdict passed',
    1: 'the merged verdict failed, or a part was interrupted',
    2: harness,
  },
  'load export': { 0: 'the script was written', 2: `${harness}, no target and no seed file included` },
  'load import': {
    0: 'the imported verdict passed',
    1: 'a threshold, a regression, an error, a non-2xx response or an open model not held (k6 dropped iterations) failed it',
    2: `${harness}, an output that does not add up (refused) included`,
  },
  serve: { 0: 'stopped by Ctrl-C (SIGINT) or SIGTERM', 2: harness },
  matrix: {
    0: 'every fault caught and every variant passed',
    1: 'a fault went uncaught or a variant failed',
    2: harness,
    interrupted:
      'stopped by Ctrl-C (SIGINT) or SIGTERM, after stopping its servers and removing its temporary folders (no report)',
  },
  cleanup: { 0: 'nothing left behind', 1: 'some objects could not be deleted', 2: harness },
  expectations: { 0: 'the file was written', 2: harness },
  compare: {
    0: 'the grid was written, whatever it shows (a comparison, not a gate)',
    2: `${harness}, an unreadable report included`,
  },
  merge: {
    0: 'every gating check of the merged run passed',
    1: 'a gating check failed or was blocked, or a part was interrupted',
    2: `${harness}, a missing or overlapping part included`,
  },
  openapi: { 0: 'the document was written', 2: harness },
  probe: {
    0: 'it found out what it could and left nothing behind',
    1: 'something it made could not be removed (named, with the cleanup command)',
    2: `${harness}, an unreachable target or a refused token included`,
  },
};

const codesOf = (meanings: ExitMeanings): Array<[string, string]> => [
  ['0', meanings[0]],
  ...(meanings[1] ? [['1', meanings[1]] as [string, string]] : []),
  ['2', meanings[2]],
  ...(meanings.interrupted ? [['130, 143', meanings.interrupted] as [string, string]] : []),
];

/** The "Exit codes:" paragraph of a command's --help. */
export function exitCodesHelp(command: CommandName): string {
  return `Exit codes: ${codesOf(exitMeanings[command])
    .map(([code, meaning]) => `${code} ${meaning.replaceAll('`', '')}`)
    .join('; ')}.`;
}

/** The README's table: one row per command and code. */
export function renderExitCodeTable(): string {
  const rows = Object.entries(exitMeanings).flatMap(([command, meanings]) =>
    codesOf(meanings).map(([code, meaning]) => `| \`msgapi ${command}\` | ${code} | ${meaning} |`),
  );
  return ['| command | code | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The exit code of a run's verdict: 0 PASSED, 1 FAILED, 2 ERROR, 130 INTERRUPTED (143 when SIGTERM stopped it). */
export function exitCodeOf(outcome: Outcome, signal?: NodeJS.Signals): number {
  switch (outcome) {
    case 'PASSED':
      return exitCode.passed;
    case 'FAILED':
      return exitCode.failed;
    case 'ERROR':
      return exitCode.harnessError;
    case 'INTERRUPTED':
      return signal === 'SIGTERM' ? exitCode.sigterm : exitCode.sigint;
  }
}
