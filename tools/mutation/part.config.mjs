// One part of the default mutation run (tools/mutation/run-parts.mjs sets MUTATION_PART_FILES):
// the default config with only that part's files mutated, and no incremental file, since a result
// reused from an earlier run would be a verdict of an earlier suite.
import base from '../../stryker.config.mjs';

export default {
  ...base,
  mutate: JSON.parse(process.env.MUTATION_PART_FILES ?? '[]'),
  incremental: false,
};
