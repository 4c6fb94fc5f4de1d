#!/usr/bin/env node
// The mutation runs per variant (`npm run mutation:variants [-- NAME ...]`): code that only a
// variant's choices run (triaged "variant path" in tools/mutation/triage.json) survives a default run by
// construction; here each variant's lines (tools/mutation/variant-paths.json) are mutated and every
// mutant is judged by the suite against the reference server made into that variant, with the
// settings its user would declare. Prints killed/survived per variant and in all, and writes
// reports/mutation/variants.json. A variant whose run fails is named at the end (exit 2); the others still run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const paths = JSON.parse(readFileSync(new URL('./variant-paths.json', import.meta.url), 'utf8'));
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in paths));
if (unknown.length > 0) {
  console.error(
    `mutation:variants: ${unknown.join(', ')} is not in tools/mutation/variant-paths.json (${Object.keys(paths).join(', ')}).`,
  );
  process.exit(2);
}
const results = {};
const failed = [];
for (const [variant, lines] of Object.entries(paths)) {
  if (chosen.length > 0 && !chosen.includes(variant)) continue;
  const started = Date.now();
  const run = spawnSync('npx', ['stryker', 'run', 'tools/mutation/variant.config.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, MUTATION_VARIANT: variant, MUTATION_VARIANT_LINES: JSON.stringify(lines) },
  });
  const report = `reports/mutation/variant-${variant.replace(/[^a-z0-9-]+/gi, '-')}.json`;
  if (run.status !== 0 || !existsSync(report)) {
    // One variant's failed run is said and the others still run: a night's runs are not lost to one.
    console.error(`${variant}: stryker exited ${run.status}; no report.`);
    failed.push(variant);
    continue;
  }
  const counts = {};
  const survivors = [];
  for (const [file, { mutants }] of Object.entries(JSON.parse(readFileSync(report, 'utf8')).files)) {
    for (const mutant of mutants) {
      counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
      if (mutant.status === 'Survived' || mutant.status === 'NoCoverage')
        survivors.push(
          `${file}:${mutant.location.start.line}:${mutant.location.start.column} ${mutant.mutatorName} ${(mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60)}`,
        );
    }
  }
  results[variant] = { counts, survivors, seconds: Math.round((Date.now() - started) / 1000) };
  console.log(`${variant}: ${JSON.stringify(counts)} in ${results[variant].seconds} s`);
  for (const survivor of survivors) console.log(`  survived: ${survivor}`);
}
const total = {};
for (const { counts } of Object.values(results))
  for (const [status, count] of Object.entries(counts)) total[status] = (total[status] ?? 0) + count;
console.log(`All variants: ${JSON.stringify(total)}`);
writeFileSync('reports/mutation/variants.json', `${JSON.stringify({ total, variants: results }, null, 2)}\n`);
if (failed.length > 0) {
  console.error(`No report for: ${failed.join(', ')}.`);
  process.exit(2);
}
