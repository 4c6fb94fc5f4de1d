// One variant mutation run (tools/mutation/variant-runs.mjs): the lines only that variant runs
// (MUTATION_VARIANT_LINES, from tools/mutation/variant-paths.json), each mutant judged by a conformance
// run against the reference server made into that variant (MUTATION_VARIANT; tools/mutation/run-check.mjs).
import base from '../../stryker.config.mjs';

const variant = process.env.MUTATION_VARIANT ?? '';
const file = variant.replace(/[^a-z0-9-]+/gi, '-');

export default {
  ...base,
  mutate: JSON.parse(process.env.MUTATION_VARIANT_LINES ?? '[]'),
  incremental: false,
  htmlReporter: { fileName: `reports/mutation/variant-${file}.html` },
  jsonReporter: { fileName: `reports/mutation/variant-${file}.json` },
};
