#!/usr/bin/env node
// The default mutation run, part by part (`npm run mutation [-- PART … | --again]`; parts in
// tools/mutation/parts.mjs). Each part is one Stryker run of tools/mutation/part.config.mjs, recorded
// right after it ends as tools/mutation/results/default-<part>.json (npm run mutation:record), so
// a run cut short keeps the parts it finished. A part already recorded is skipped unless it is
// named or --again is given. Runs are judged by the suite of the checkout they start in: run it in
// a clone that nobody edits meanwhile, and commit tools/mutation/results/ from there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { partProblems, parts } from './parts.mjs';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(`Usage: npm run mutation [-- PART … | --again]

Mutates the reference server's own code (every source but faults/ and variants/), one part at a
time, and records each part in tools/mutation/results/default-<part>.json. Parts: ${Object.keys(parts).join(', ')}.
  PART …   run only these parts (again, if recorded)
  --again  run every part, also those recorded
A whole run takes about two and a half hours on two cores; npm run mutation:score adds up what is recorded.`);
  process.exit(0);
}
const again = args.includes('--again');
const chosen = args.filter((arg) => arg !== '--again');
const unknown = chosen.filter((name) => !(name in parts));
if (unknown.length > 0 || args.some((arg) => arg.startsWith('-') && arg !== '--again')) {
  console.error(
    `mutation: ${[...unknown, ...args.filter((arg) => arg.startsWith('-') && arg !== '--again')].join(', ')}: no such part or option (parts: ${Object.keys(parts).join(', ')}; see --help).`,
  );
  process.exit(2);
}
const problems = partProblems();
if (problems.length > 0) {
  console.error(
    `mutation: tools/mutation/parts.mjs does not cover the reference server's sources once each: ${problems.join('; ')}.`,
  );
  process.exit(2);
}

mkdirSync('reports/mutation', { recursive: true });
for (const [part, files] of Object.entries(parts)) {
  const recorded = existsSync(new URL(`./results/default-${part}.json`, import.meta.url));
  if (chosen.length > 0 ? !chosen.includes(part) : recorded && !again) {
    if (chosen.length === 0)
      console.log(`${part}: recorded already (tools/mutation/results/default-${part}.json); --again runs it again.`);
    continue;
  }
  const started = Date.now();
  console.log(`${part}: mutating ${files.join(', ')}`);
  // The kills file holds Stryker's mutant ids, which start again in every run.
  rmSync('reports/mutation/kills.jsonl', { force: true });
  rmSync('reports/mutation/mutation.json', { force: true });
  // Stryker's own progress goes to a log of the part: an hour of output would drown this one.
  const log = openSync(`reports/mutation/${part}.log`, 'w');
  const run = spawnSync('npx', ['stryker', 'run', 'tools/mutation/part.config.mjs'], {
    stdio: ['ignore', log, 'inherit'],
    env: { ...process.env, MUTATION_PART_FILES: JSON.stringify(files) },
  });
  if (run.status !== 0 || !existsSync('reports/mutation/mutation.json')) {
    console.error(`${part}: stryker exited ${run.status}; nothing recorded.`);
    process.exit(2);
  }
  const record = spawnSync(process.execPath, ['tools/mutation/record.mjs', '--as', `default-${part}`], {
    stdio: 'inherit',
  });
  if (record.status !== 0) process.exit(2);
  console.log(`${part}: ${Math.round((Date.now() - started) / 60_000)} min`);
}
