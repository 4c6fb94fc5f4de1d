// Mutation testing of the reference server (issue 15): StrykerJS changes the reference server's
// request handling one mutant at a time, and the conformance suite, run against the embedded
// reference server built from the mutated sources, must fail ("kill" it). Run: `npm run mutation`.
// Reports: reports/mutation/mutation.html and mutation.json; triage: docs/mutation-triage.md.
// Not part of `npm test` nor CI: a whole run takes hours on two cores (see CONTRIBUTING.md, "Mutation testing").
import { resolve } from 'node:path';
import { parts } from './tools/mutation/parts.mjs';

// Which checks killed each mutant: tools/mutation/run-check.mjs appends them here, and
// npm run mutation:record puts them into the committed results (tools/mutation/results/).
process.env.MUTATION_KILLS_FILE ??= resolve('reports/mutation/kills.jsonl');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  // The command runner: tools/mutation/run-check.mjs runs `msgapi check --embedded` in Stryker's sandbox,
  // whose bin/msgapi.mjs loads the sandbox's (mutated) .ts sources through tsx. Exit code != 0: killed.
  testRunner: 'command',
  commandRunner: { command: 'node tools/mutation/run-check.mjs' },
  // The command runner cannot tell which mutants a run covers: every mutant gets a full run.
  coverageAnalysis: 'off',
  // All of the reference server's own code (issue 23), not its seeded faults and valid variants
  // (they wrap the clean server). `npm run mutation` runs it part by part (tools/mutation/parts.mjs),
  // recording each part as it ends (mutation:score reads those parts, not a run made in one go).
  mutate: Object.values(parts).flat(),
  ignorePatterns: ['reports', 'examples', 'test', '*.log', 'dist', '.test-output', '.mutation-build*'],
  // Error messages are free text (§7: "error body shape ...: not shown"); their string mutants are
  // equivalent by construction and would double the run. Other literals: see docs/mutation-triage.md.
  mutator: { excludedMutations: ['StringLiteral'] },
  concurrency: 2,
  // A mutant that makes the server hang is caught by the suite's own request timeout (10 s);
  // this is only the last resort for one that hangs the whole run.
  timeoutMS: 60_000,
  timeoutFactor: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: 'reports/mutation/.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 90, low: 75, break: null },
};
