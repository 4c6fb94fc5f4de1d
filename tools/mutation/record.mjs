#!/usr/bin/env node
// Puts what the mutation runs found into the repository (`npm run mutation:record`), so that
// `npm run mutation:score` gives the score on a fresh clone: Stryker's reports in reports/mutation/
// (git-ignored: mutation.json, rerun.json, variant-*.json) become tools/mutation/results/<run>.json,
// one compact line per mutant, in Stryker's own field names (file → mutants: id, mutatorName,
// replacement, location, status), with the checks that failed against it (killedBy, from the
// kills file tools/mutation/run-check.mjs appends to). Stryker's ids are per run, so each record
// keeps the mutant's span too (triage-lookup.mjs: spanKey), which is what the triage files key on.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readJson, spanKey } from './triage-lookup.mjs';

const reports = 'reports/mutation';
// --as NAME: record the default run's report under another name (a run of chosen lines, such as
// `stryker run --mutate <file:lines>`, is no default run, and the score must not read it as one).
const as = process.argv.includes('--as') ? process.argv[process.argv.indexOf('--as') + 1] : undefined;
if (as !== undefined && !/^[a-z0-9-]+$/.test(as)) {
  console.error('mutation:record: --as takes a name of lower-case letters, digits and dashes.');
  process.exit(2);
}
const results = new URL('./results/', import.meta.url);
const runs = !existsSync(reports)
  ? []
  : as !== undefined
    ? ['mutation.json'].filter((name) => existsSync(`${reports}/${name}`))
    : readdirSync(reports).filter(
        (name) => name === 'mutation.json' || name === 'rerun.json' || /^variant-.+\.json$/.test(name),
      );
if (runs.length === 0) {
  console.error(
    'mutation:record: no report in reports/mutation/; run npm run mutation (or mutation:rerun, mutation:variants) first.',
  );
  process.exit(2);
}

/** mutant id → the checks that failed against it, per run kind (a variant's name, or null). */
const kills = new Map();
const killsFile = `${reports}/kills.jsonl`;
if (existsSync(killsFile)) {
  for (const line of readFileSync(killsFile, 'utf8').split('\n').filter(Boolean)) {
    const { mutant, variant, failed, flaky } = JSON.parse(line);
    // Keyed as the report's file names the variant (variant-runs.mjs: every run of other characters a dash).
    kills.set(`${(variant ?? '').replace(/[^a-z0-9-]+/gi, '-')}#${mutant}`, { failed, flaky });
  }
}

// The suite that judged the mutants: a recording names the commit it was run from.
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  // A suite with uncommitted changes is no commit's: said, so the figure is not laid on that commit.
  // Its own records do not count: recording one run after another changes them, not the suite.
  const changed = execFileSync(
    'git',
    ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!tools/mutation/results'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  ).trim();
  if (changed !== '') commit += '-dirty';
} catch {
  // Not a git checkout (a copy of the package): the commit stays unknown.
}

mkdirSync(results, { recursive: true });
for (const name of runs) {
  const report = readJson(`${reports}/${name}`);
  const variant = name.startsWith('variant-') ? name.slice('variant-'.length, -'.json'.length) : '';
  const files = {};
  let count = 0;
  for (const [file, { mutants }] of Object.entries(report.files)) {
    files[file] = {
      mutants: mutants.map((mutant) => {
        count++;
        // flaky: the checks of a first run that failed while a second one passed (run-check.mjs).
        const { failed: killedBy, flaky } = kills.get(`${variant}#${mutant.id}`) ?? {};
        return {
          key: spanKey(file, mutant),
          id: mutant.id,
          mutatorName: mutant.mutatorName,
          replacement: mutant.replacement,
          location: mutant.location,
          status: mutant.status,
          ...(killedBy?.length ? { killedBy } : {}),
          ...(flaky ? { flakyFirstRun: flaky } : {}),
        };
      }),
    };
  }
  const recordName = as ?? (name === 'mutation.json' ? 'default' : name.replace(/\.json$/, ''));
  const record = {
    run: recordName,
    recorded_at: new Date().toISOString(),
    commit,
    schemaVersion: report.schemaVersion,
    files,
  };
  // One mutant a line: a diff between two recordings reads mutant by mutant.
  const fileBlocks = Object.entries(record.files).map(
    ([file, { mutants }]) =>
      `  ${JSON.stringify(file)}: { "mutants": [\n${mutants.map((mutant) => `    ${JSON.stringify(mutant)}`).join(',\n')}\n  ] }`,
  );
  const text = `{ "run": ${JSON.stringify(record.run)}, "recorded_at": ${JSON.stringify(record.recorded_at)}, "commit": ${JSON.stringify(record.commit)}, "schemaVersion": ${JSON.stringify(record.schemaVersion)}, "files": {\n${fileBlocks.join(',\n')}\n} }`;
  writeFileSync(new URL(`${recordName}.json`, results), `${text}\n`);
  console.log(`${name}: ${count} mutants → tools/mutation/results/${recordName}.json`);
}
