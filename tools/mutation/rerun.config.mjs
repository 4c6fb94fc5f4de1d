// A re-run of the mutants the last full run left alive (after new checks): `npm run mutation:rerun`.
// tools/mutation/survivors.mjs writes their locations (reports/mutation/survivors.json) from
// reports/mutation/mutation.json; this config mutates only those, without the incremental file,
// and reports to reports/mutation/rerun.{html,json} so that the full run's report is kept.
import { readFileSync } from 'node:fs';
import base from '../../stryker.config.mjs';

const survivors = JSON.parse(readFileSync('reports/mutation/survivors.json', 'utf8'));

export default {
  ...base,
  mutate: survivors,
  incremental: false,
  htmlReporter: { fileName: 'reports/mutation/rerun.html' },
  jsonReporter: { fileName: 'reports/mutation/rerun.json' },
};
