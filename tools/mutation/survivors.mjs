#!/usr/bin/env node
// Writes reports/mutation/survivors.json: the lines ("file:line-line") of the mutants the recorded
// default run left alive (tools/mutation/results/default-<part>.json, every part recorded),
// optionally only those of the triage categories named (`node tools/mutation/survivors.mjs "gap,
// fixed"`), for tools/mutation/rerun.config.mjs (`npm run mutation:rerun`, then `npm run
// mutation:record` keeps its kills as results/rerun.json, which mutation:score counts).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { parts } from './parts.mjs';
import { defaultTriage, readJson } from './triage-lookup.mjs';

const categories = process.argv.slice(2);
const recorded = Object.keys(parts)
  .map((part) => new URL(`./results/default-${part}.json`, import.meta.url))
  .filter((file) => existsSync(file));
if (recorded.length === 0) {
  console.error('survivors: no part of the default run is recorded in tools/mutation/results/; run npm run mutation.');
  process.exit(2);
}
const report = { files: Object.assign({}, ...recorded.map((file) => readJson(file).files)) };
const triage = readJson(new URL('./triage.json', import.meta.url));
const ranges = new Set();
for (const [file, { mutants }] of Object.entries(report.files)) {
  for (const mutant of mutants) {
    if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue;
    const { start, end } = mutant.location;
    const category = defaultTriage(triage, file, mutant)?.[0];
    if (categories.length > 0 && !categories.includes(category)) continue;
    // Whole lines: the other mutants of a line run again too, which only costs time.
    ranges.add(`${file}:${start.line}-${end.line}`);
  }
}
mkdirSync('reports/mutation', { recursive: true });
writeFileSync('reports/mutation/survivors.json', `${JSON.stringify([...ranges], null, 2)}\n`);
console.log(`${ranges.size} locations written to reports/mutation/survivors.json`);
