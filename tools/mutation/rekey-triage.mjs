#!/usr/bin/env node
// Keys the default run's triage by mutant (`node tools/mutation/rekey-triage.mjs`): every survivor
// of the committed results (tools/mutation/results/default-<part>.json, every part recorded) gets the entry it is triaged by
// now, under its own key (spanKey: whole span, mutator, replacement), and the keys by line go. A
// reason that labelled a whole line then stands beside each mutant of it, where it can be judged
// (and changed) one mutant at a time; a survivor nothing triages stays untriaged, for a person.
import { existsSync, writeFileSync } from 'node:fs';
import { parts } from './parts.mjs';
import { defaultTriage, readJson, spanKey } from './triage-lookup.mjs';

const recorded = Object.keys(parts)
  .map((part) => new URL(`./results/default-${part}.json`, import.meta.url))
  .filter((file) => existsSync(file));
const results = { files: Object.assign({}, ...recorded.map((file) => readJson(file).files)) };
const triageFile = new URL('./triage.json', import.meta.url);
const triage = readJson(triageFile);
// Entries of files no recorded part holds stay as they are: rekeying one part keeps the others' triage.
const rekeyed = Object.fromEntries(
  Object.entries(triage).filter(
    ([key]) => !Object.keys(results.files).some((file) => key === file || key.startsWith(`${file}:`)),
  ),
);
let untriaged = 0;
for (const [file, { mutants }] of Object.entries(results.files)) {
  for (const mutant of mutants) {
    if (mutant.status === 'Killed' || mutant.status === 'Timeout' || mutant.status === 'Ignored') continue;
    const entry = defaultTriage(triage, file, mutant);
    if (entry === undefined) untriaged++;
    else rekeyed[spanKey(file, mutant)] = entry;
  }
}
writeFileSync(
  triageFile,
  `${JSON.stringify(Object.fromEntries(Object.entries(rekeyed).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`,
);
console.log(`triage.json: ${Object.keys(rekeyed).length} survivors keyed by mutant (${untriaged} untriaged).`);
