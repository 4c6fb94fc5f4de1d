#!/usr/bin/env node
// The mutation score over both kinds of run (`npm run mutation:score`), from the results committed
// in tools/mutation/results/ (npm run mutation:record puts them there from Stryker's reports), so
// a fresh clone gives it: the default run (default-<part>.json, one per part of tools/mutation/parts.mjs, triaged in tools/mutation/triage.json)
// and each variant's run (variant-*.json, from npm run mutation:variants). A survivor of the default
// run triaged "variant path" is judged by the variant runs that mutated it: killed by any of them,
// or triaged again in tools/mutation/variant-triage.json. A survivor killed by a later re-run of its line (rerun.json,
// npm run mutation:rerun after new checks) counts as killed. Prints the counts and both scores;
// `--list` prints every survivor with its triage, `--by-part` the figures of each part too. Exits 1
// when a survivor has no triage.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parts } from './parts.mjs';
import { defaultTriage, readJson, spanKey } from './triage-lookup.mjs';

const reports = fileURLToPath(new URL('./results', import.meta.url));
// The default run is recorded part by part (tools/mutation/run-parts.mjs): default-<part>.json.
const recorded = Object.keys(parts).filter((part) => existsSync(`${reports}/default-${part}.json`));
const missing = Object.keys(parts).filter((part) => !recorded.includes(part));
if (recorded.length === 0) {
  console.error(
    'mutation:score: no part of the default run is recorded in tools/mutation/results/; run npm run mutation.',
  );
  process.exit(2);
}
const report = { files: {} };
for (const part of recorded) Object.assign(report.files, readJson(`${reports}/default-${part}.json`).files);
const triage = readJson(new URL('./triage.json', import.meta.url));
const variantTriage = readJson(new URL('./variant-triage.json', import.meta.url));
const list = process.argv.includes('--list');
const byPart = process.argv.includes('--by-part');

const isKill = (status) => status === 'Killed' || status === 'Timeout';

/**
 * Status by mutant, from every report of this kind of run. A mutant judged by more than one run
 * (a variant's whole run, then a run of the lines a new check covers) is killed when any run
 * killed it: each kill showed twice (run-check.mjs).
 */
function statuses(names) {
  const byKey = new Map();
  for (const name of names) {
    for (const [file, { mutants }] of Object.entries(readJson(`${reports}/${name}`).files)) {
      for (const mutant of mutants) {
        const key = spanKey(file, mutant);
        if (!isKill(byKey.get(key))) byKey.set(key, mutant.status);
      }
    }
  }
  return byKey;
}
const variantStatus = statuses(readdirSync(reports).filter((entry) => /^variant-.+\.json$/.test(entry)));
const rerunStatus = statuses(existsSync(`${reports}/rerun.json`) ? ['rerun.json'] : []);

// "outside the API": code no request runs (the reference server's own process start-up, which
// msgapi check never goes through: it runs the server in its own process). Such a mutant can
// neither be killed nor be equivalent over HTTP; it is counted apart, in neither figure.
// "valid reading, no variant": a reading the spec may allow that no passing variant shows yet; it
// counts as a survivor (issue 23: a valid reading counts only with its passing variant).
const emptyCounts = () => ({
  mutants: 0,
  'killed (default run)': 0,
  'killed (re-run)': 0,
  'killed (variant run)': 0,
  equivalent: 0,
  'outside the API': 0,
  'valid reading': 0,
  'valid reading, no variant': 0,
  gap: 0,
  untriaged: 0,
});
const counts = emptyCounts();
const partOf = (file) => Object.keys(parts).find((part) => parts[part].includes(file)) ?? '(no part)';
const partCounts = {};
for (const [file, { mutants }] of Object.entries(report.files)) {
  for (const mutant of mutants) {
    if (mutant.status === 'Ignored') continue;
    const ofPart = (partCounts[partOf(file)] ??= emptyCounts());
    const count = (category) => {
      counts[category] = (counts[category] ?? 0) + 1;
      ofPart[category] = (ofPart[category] ?? 0) + 1;
    };
    count('mutants');
    const key = spanKey(file, mutant);
    if (isKill(mutant.status) || isKill(rerunStatus.get(key))) {
      count(isKill(mutant.status) ? 'killed (default run)' : 'killed (re-run)');
      continue;
    }
    let [category, reason] = defaultTriage(triage, file, mutant) ?? ['untriaged', ''];
    if (category === 'variant path') {
      const status = variantStatus.get(key) ?? 'not run';
      if (isKill(status)) [category, reason] = ['killed (variant run)', ''];
      else [category, reason] = variantTriage[key] ?? ['untriaged', `${status} in its variant's run`];
    }
    if (category.startsWith('gap')) category = 'gap';
    count(category);
    if (list && !category.startsWith('killed')) console.log(`${key} [${category}] ${reason}`);
    else if (category === 'untriaged') console.log(`untriaged: ${key} (${reason})`);
  }
}
/** Killed, non-equivalent, and neither equivalent nor a valid reading with its variant. */
const figures = (of) => {
  const killed = of['killed (default run)'] + of['killed (re-run)'] + of['killed (variant run)'];
  const nonEquivalent = of.mutants - of.equivalent - of['outside the API'];
  return { killed, nonEquivalent, faults: nonEquivalent - of['valid reading'] };
};
const { killed, nonEquivalent, faults } = figures(counts);
const percent = (part, whole) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`);
if (byPart) {
  for (const [part, of] of Object.entries(partCounts)) {
    const figure = figures(of);
    console.log(
      `${part}: ${of.mutants} mutants, ${figure.killed} killed, ${of.equivalent} equivalent, ${of['outside the API']} outside the API, ${of['valid reading']} valid readings, ${of['valid reading, no variant'] + of.gap + of.untriaged} others (no variant, gaps, untriaged): ${percent(figure.killed, figure.faults)} of ${figure.faults} neither equivalent nor a valid reading`,
    );
  }
}
console.log(JSON.stringify(counts));
console.log(
  `Killed ${killed} of ${nonEquivalent} non-equivalent mutants (${percent(killed, nonEquivalent)}); of the ${faults} that are neither equivalent nor a valid reading of the spec shown by a passing variant, ${percent(killed, faults)}.${counts['outside the API'] ? ` Not counted: ${counts['outside the API']} in code no request runs (outside the API).` : ''}`,
);
if (missing.length > 0) {
  // A score of some parts is no score of the server: said, and not a success.
  console.log(
    `Partial: ${recorded.length} of ${Object.keys(parts).length} parts recorded (${recorded.join(', ')}); not yet: ${missing.join(', ')} (npm run mutation runs them).`,
  );
  process.exit(2);
}
process.exit(counts.untriaged > 0 ? 1 : 0);
