#!/usr/bin/env node
// The test command of Stryker's command runner (stryker.config.mjs): one conformance run against
// the embedded reference server of the current directory (Stryker's sandbox, with the mutated
// sources; the active mutant comes in __STRYKER_ACTIVE_MUTANT__). Exit code 0: the mutant
// survived; anything else: killed. Fixed seed and few property runs, so that runs are cheap and
// comparable; settings from the environment or a .env are ignored (--settings-file /dev/null), so the target is always embedded.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Every mutant of one Stryker run lives in the same instrumented sources of its sandbox (the
// active one is chosen at run time, by __STRYKER_ACTIVE_MUTANT__), so they are compiled once, as
// the package is (tools/scripts/build.mjs), by the first run in the sandbox (Stryker's dry run).
// Each mutant's run then starts the compiled harness instead of loading every source through tsx
// in every worker: about a third less CPU a mutant. Should the build fail, the runs use the sources.
const build = '.mutation-build';
function compiledEntry() {
  const entry = join(build, 'app/cli/main.js');
  const lock = `${build}.lock`;
  try {
    mkdirSync(lock);
  } catch {
    // Another run of this sandbox is building: wait for it (or for it to give up).
    while (existsSync(lock) && !existsSync(entry)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    return existsSync(entry) ? entry : undefined;
  }
  const failed = `${build}.failed`;
  if (!existsSync(entry) && !existsSync(failed)) {
    const built = spawnSync(process.execPath, ['tools/scripts/build.mjs', '--out-dir', build, '--no-check'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) {
      console.error(`run-check: the build of the sandbox failed (exit ${built.status}); mutants run from the sources.`);
      rmSync(build, { recursive: true, force: true });
      mkdirSync(failed);
    }
  }
  rmSync(lock, { recursive: true, force: true });
  return existsSync(entry) ? entry : undefined;
}

const reportsDir = mkdtempSync(join(tmpdir(), 'msgapi-mutant-'));
const env = { ...process.env };
for (const name of ['BASE_URL', 'ACCESS_TOKEN', 'SECOND_ACCESS_TOKEN', 'CI', 'EMBEDDED']) delete env[name];
const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
// --bail: a mutant is killed by the first gating failure, so the run stops there (the checks
// under way finish); the killing checks recorded are then those that failed before it stopped.
const entry = compiledEntry();
if (entry !== undefined) env.MUTATION_CHECK_ENTRY = entry;
const args = [
  entry ?? 'bin/msgapi.mjs',
  'check',
  '--bail',
  '--embedded',
  '--seed',
  process.env.MUTATION_SEED ?? '1',
  '--property-runs',
  process.env.MUTATION_PROPERTY_RUNS ?? '3',
  '--reports-dir',
  reportsDir,
  '--settings-file',
  '/dev/null',
];
// A variant mutation run (tools/mutation/variant-runs.mjs) judges the mutant against that variant instead.
const judge = () =>
  process.env.MUTATION_VARIANT
    ? spawnSync(process.execPath, ['--import', 'tsx', 'tools/mutation/check-variant.ts'], {
        stdio: 'inherit',
        env: { ...env, MUTATION_REPORTS_DIR: reportsDir },
      })
    : spawnSync(process.execPath, args, { stdio: 'inherit', env });
/** The checks that failed or were blocked in the run's own report (the command runner sees only the exit code). */
function failedChecks(status) {
  try {
    const report = JSON.parse(readFileSync(join(reportsDir, 'conformance.json'), 'utf8'));
    return report.checks
      .filter((check) => check.status === 'failed' || check.status === 'blocked')
      .map((check) => check.id);
  } catch {
    return [`(no report: exit ${status})`];
  }
}
let run = judge();
let failed = run.status === 0 ? [] : failedChecks(run.status);
// A kill must show twice. On two busy cores a run can fail for the machine's sake (a request
// timed out): such a kill would be the suite failing a server that is right, and a score no clone
// reproduces. A mutant whose second run passes survives, and the kills file says it was flaky.
let flaky;
if (run.status !== 0 && mutant !== undefined) {
  const again = judge();
  if (again.status === 0) {
    flaky = failed;
    run = again;
    failed = [];
  } else {
    failed = failedChecks(again.status);
  }
}
// Which checks killed it, appended beside Stryker's report (tools/mutation/record.mjs puts them
// into the committed results); a flaky first failure too, so that it can be looked into.
const killsFile = process.env.MUTATION_KILLS_FILE;
if (killsFile && mutant !== undefined && (run.status !== 0 || flaky)) {
  appendFileSync(
    killsFile,
    `${JSON.stringify({ mutant, variant: process.env.MUTATION_VARIANT ?? null, failed, ...(flaky ? { flaky } : {}) })}\n`,
  );
}
rmSync(reportsDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
