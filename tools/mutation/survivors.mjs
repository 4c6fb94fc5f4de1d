#!/usr/bin/env node
// Writes reports/mutation/survivors.json: the lines ("file:line-line") of the
// mutants reports/mutation/mutation.json left alive, optionally only those of the triage
// categories named (`node tools/mutation/survivors.mjs gap`), for tools/mutation/rerun.config.mjs.
import { writeFileSync } from 'node:fs';
import { defaultTriage, readJson } from './triage-lookup.mjs';

const categories = process.argv.slice(2);
const report = readJson('reports/mutation/mutation.json');
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
writeFileSync('reports/mutation/survivors.json', `${JSON.stringify([...ranges], null, 2)}\n`);
console.log(`${ranges.size} locations written to reports/mutation/survivors.json`);
