#!/usr/bin/env node
// Lists the mutants a mutation run left alive (reports/mutation/mutation.json), each with the
// triage docs/mutation-triage.md gives it (tools/mutation/triage.json: the most specific of
// "<file>:<line>:<column>:<mutator>:<replacement>", "<file>:<line>:<column>:<mutator>",
// "<file>:<line>:<mutator>", "<file>:<line>", "<file>" ->
// [category, reason]). `node tools/mutation/triage.mjs` prints the
// survivors and exits 1 if one has no triage; `--markdown` prints the table of the doc.
import { defaultTriage, readJson } from './triage-lookup.mjs';

const report = readJson(
  process.argv.find((arg) => arg.endsWith('.json') && !arg.endsWith('triage.json')) ?? 'reports/mutation/mutation.json',
);
const triage = readJson(new URL('./triage.json', import.meta.url));
const markdown = process.argv.includes('--markdown');

const counts = {};
const rows = [];
let untriaged = 0;
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  const lines = source.split('\n');
  for (const mutant of mutants) {
    counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
    if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue;
    const { line, column } = mutant.location.start;
    const entry = defaultTriage(triage, file, mutant);
    if (entry === undefined) untriaged += 1;
    const original = lines[line - 1].trim();
    const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 70);
    rows.push({
      file,
      line,
      column,
      mutator: mutant.mutatorName,
      replacement,
      original,
      category: entry?.[0] ?? 'UNTRIAGED',
      reason: entry?.[1] ?? '',
    });
  }
}
rows.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
const byCategory = {};
for (const row of rows) byCategory[row.category] = (byCategory[row.category] ?? 0) + 1;
const esc = (text) => text.replace(/\|/g, '\\|').replace(/`/g, "'");
if (markdown) {
  console.log('| Where | Mutator | Replacement | Triage | Why |');
  console.log('|---|---|---|---|---|');
  for (const row of rows)
    console.log(
      `| ${row.file.replace('reference/', '')}:${row.line}:${row.column} | ${row.mutator} | \`${esc(row.replacement)}\` | ${row.category} | ${esc(row.reason)} |`,
    );
} else {
  for (const row of rows)
    console.log(
      `${row.file}:${row.line}:${row.column} ${row.mutator} [${row.category}] ${row.replacement}  <=  ${row.original.slice(0, 110)}`,
    );
}
console.error(JSON.stringify({ statuses: counts, triage: byCategory, untriaged }));
process.exit(untriaged > 0 ? 1 : 0);
