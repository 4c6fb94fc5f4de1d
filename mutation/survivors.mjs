#!/usr/bin/env node
// Writes reports/mutation/survivors.json: the lines ("file:line-line") of the
// mutants reports/mutation/mutation.json left alive, optionally only those of the triage
// categories named (`node mutation/survivors.mjs gap`), for mutation/rerun.config.mjs.
import { readFileSync, writeFileSync } from 'node:fs';

const categories = process.argv.slice(2);
const report = JSON.parse(readFileSync('reports/mutation/mutation.json', 'utf8'));
const triage = JSON.parse(readFileSync(new URL('./triage.json', import.meta.url), 'utf8'));
const ranges = new Set();
for (const [file, { mutants }] of Object.entries(report.files)) {
  for (const mutant of mutants) {
    if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue;
    const { start, end } = mutant.location;
    const category = (triage[`${file}:${start.line}:${start.column}:${mutant.mutatorName}:${mutant.replacement}`] ?? triage[`${file}:${start.line}:${start.column}:${mutant.mutatorName}`] ?? triage[`${file}:${start.line}:${mutant.mutatorName}`] ?? triage[`${file}:${start.line}`] ?? triage[file])?.[0];
    if (categories.length > 0 && !categories.includes(category)) continue;
    // Whole lines: the other mutants of a line run again too, which only costs time.
    ranges.add(`${file}:${start.line}-${end.line}`);
  }
}
writeFileSync('reports/mutation/survivors.json', `${JSON.stringify([...ranges], null, 2)}\n`);
console.log(`${ranges.size} locations written to reports/mutation/survivors.json`);
