// msgapi matrix on a few faults and its refusals. The whole matrix (every fault, every variant)
// runs in CI beside npm test: test/ci/full-matrix.test.ts.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MatrixReport } from '../../reporting/matrix-report.ts';
import { runCli, startCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { testOutput } from '../helpers/test-output.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the matrix', () => {
  const newDir = tempDirs('msgapi-matrix-stop-');

  it('matrix.stopped — SIGTERM stops a run with 143, its servers stopped and its ledger folders removed', async () => {
    // A temp folder of its own, so that the run's ledger folders can be counted there.
    const tmp = newDir();
    const run = startCli(['matrix', '--only', 'foreign-data', '--reports-dir', `${tmp}/reports`], {
      SEED: '1',
      TMPDIR: tmp,
    });
    await run.reached('Matrix: ');
    const ledgers = () => readdirSync(tmp).filter((name) => name.startsWith('msgapi-matrix-'));
    // The premise: the run over foreign data made its ledger folder before it was stopped.
    expect(ledgers(), run.stdout + run.stderr).toHaveLength(1);
    run.child.kill('SIGTERM');
    expect(await run.exited, run.stdout + run.stderr).toBe(143);
    expect(run.stdout).toContain('stopped by SIGTERM');
    expect(ledgers()).toEqual([]);
  });

  it('--checks runs only the checks it names against each server: a fault they catch counts, whatever checks it names, and one they cannot catch does not', async () => {
    const dir = testOutput('matrix-checks');
    // The retrieve checks alone: a fault of the list's limit is outside what they can see.
    const result = await runCli(
      [
        'matrix',
        '--only',
        'groups.other-methods.head-deletes,conversations.list.limit-ignored',
        '--checks',
        'conversations.retrieve.',
        '--property-runs',
        '1',
      ],
      { SEED: '1', REPORTS_DIR: dir },
      projectRoot,
    );
    const report: MatrixReport = JSON.parse(readFileSync(`${dir}/matrix.json`, 'utf8'));
    expect(report.checks).toEqual({ selected: ['conversations.retrieve.'], property_runs: 1 });
    // Every check that ran is a retrieve check: nothing else can have caught anything.
    expect(
      report.faults.flatMap((fault) => fault.caught_by).every((id) => id.startsWith('conversations.retrieve.')),
    ).toBe(true);
    expect(report.faults.find((fault) => fault.name === 'conversations.list.limit-ignored')?.caught).toBe(false);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(readFileSync(`${dir}/matrix.md`, 'utf8')).toContain('Only the checks conversations.retrieve. ran');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses --checks that names no check, before any server starts', async () => {
    const result = await runCli(['matrix', '--checks', 'model.sequense.']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--checks names model.sequense.');
  });

  it('refuses a name that is neither a fault nor a variant, pointing at what a package user has', async () => {
    const result = await runCli(['matrix', '--only', 'no-such-fault']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'msgapi: --only names no-such-fault, which no fault or variant is called; `--only faults` or `--only variants` runs every one of a kind, and the matrix.md of such a run lists their names (docs/explanation/proving-the-suite.md says what they are).\n',
    );
    // No source folder: an installed package has none.
    expect(result.stderr).not.toMatch(/reference\//);
  });

  it('suggests the fault or variant a misspelt name was meant to be', async () => {
    const result = await runCli(['matrix', '--only', 'groups.delete.no-cascde,varaints']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'which no fault or variant is called (did you mean groups.delete.no-cascade for groups.delete.no-cascde, variants for varaints?)',
    );
  });
});
