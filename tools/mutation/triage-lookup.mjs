// How a surviving mutant is looked up in a triage file: the most specific key that has an entry.
// tools/mutation/triage.json (the default run) is keyed by mutant (spanKey, below) or, in its older
// entries, "<file>:<line>:<column>:<mutator>:<replacement>", then less and less specific down to "<file>"; tools/mutation/variant-triage.json (survivors of their
// own variant's run) by the mutant's whole span and replacement,
// "<file>:<line>:<column>-<endLine>:<endColumn>:<mutator>:<replacement>", since two mutants of one
// column (a whole condition and its first operand) differ only in their span.
import { readFileSync } from 'node:fs';

export const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** [category, reason] for a mutant of the default run, or undefined. */
export function defaultTriage(triage, file, mutant) {
  const { line, column } = mutant.location.start;
  // By mutant first (its whole span and replacement: tools/mutation/rekey-triage.mjs writes these),
  // then the older keys by line, less and less specific.
  return (
    triage[spanKey(file, mutant)] ??
    triage[`${file}:${line}:${column}:${mutant.mutatorName}:${mutant.replacement}`] ??
    triage[`${file}:${line}:${column}:${mutant.mutatorName}`] ??
    triage[`${file}:${line}:${mutant.mutatorName}`] ??
    triage[`${file}:${line}`] ??
    triage[file]
  );
}

/** The key of one mutant by its whole span and replacement: the same mutant in a default and a variant run. */
export function spanKey(file, mutant) {
  const { start, end } = mutant.location;
  return `${file}:${start.line}:${start.column}-${end.line}:${end.column}:${mutant.mutatorName}:${(mutant.replacement ?? '').replace(/\s+/g, ' ')}`;
}
