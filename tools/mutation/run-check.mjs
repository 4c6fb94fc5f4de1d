#!/usr/bin/env node
// The test command of Stryker's command runner (stryker.config.mjs): one conformance run against
// the embedded reference server of the current directory (Stryker's sandbox, with the mutated
// sources; the active mutant comes in __STRYKER_ACTIVE_MUTANT__). Exit code 0: the mutant
// survived; anything else: killed. Fixed seed and few property runs, so that runs are cheap and
// comparable; settings from the environment or a .env are ignored (--settings-file /dev/null), so the target is always embedded.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reportsDir = mkdtempSync(join(tmpdir(), 'msgapi-mutant-'));
const env = { ...process.env };
for (const name of ['BASE_URL', 'ACCESS_TOKEN', 'SECOND_ACCESS_TOKEN', 'CI', 'EMBEDDED']) delete env[name];
const args = [
  'bin/msgapi.mjs', 'check', '--embedded', '--seed', process.env.MUTATION_SEED ?? '1',
  '--property-runs', process.env.MUTATION_PROPERTY_RUNS ?? '3', '--reports-dir', reportsDir,
  '--settings-file', '/dev/null',
];
// A variant mutation run (tools/mutation/variant-runs.mjs) judges the mutant against that variant instead.
const run = process.env.MUTATION_VARIANT
  ? spawnSync(process.execPath, ['--import', 'tsx', 'tools/mutation/check-variant.ts'], { stdio: 'inherit', env })
  : spawnSync(process.execPath, args, { stdio: 'inherit', env });
// Which checks killed it: the command runner sees only the exit code, so the run's own report is
// read here and its failed checks appended beside Stryker's report (tools/mutation/record.mjs
// puts them into the committed results).
const killsFile = process.env.MUTATION_KILLS_FILE;
const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
if (killsFile && mutant !== undefined && run.status !== 0) {
  let failed = [];
  try {
    const report = JSON.parse(readFileSync(join(reportsDir, 'conformance.json'), 'utf8'));
    failed = report.checks.filter((check) => check.status === 'failed' || check.status === 'blocked').map((check) => check.id);
  } catch {
    failed = [`(no report: exit ${run.status})`];
  }
  appendFileSync(killsFile, `${JSON.stringify({ mutant, variant: process.env.MUTATION_VARIANT ?? null, failed })}\n`);
}
rmSync(reportsDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
