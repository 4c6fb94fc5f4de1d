// The rate bucket of a run, as a check's client gets it: the shared one the run was handed, or,
// when none came with the target (the memory was copied on the way, or the suites were started
// some other way), one per run in this process, so that the run still slows down on a 429.
import { createRateBucketBuffer, isRateBucketBuffer, SharedRateBucket } from './shared-rate-bucket.ts';

export interface RateBucketHolder {
  runId: string;
  maxRps: number | undefined;
  rateBucket?: SharedArrayBuffer | undefined;
}

const buckets = new WeakMap<SharedArrayBuffer, SharedRateBucket>();
const fallbacks = new Map<string, SharedRateBucket>();

export function runRateBucket(target: RateBucketHolder): SharedRateBucket {
  const shared = target.rateBucket;
  if (isRateBucketBuffer(shared)) {
    let bucket = buckets.get(shared);
    if (!bucket) buckets.set(shared, (bucket = new SharedRateBucket(shared)));
    return bucket;
  }
  let bucket = fallbacks.get(target.runId);
  if (!bucket) fallbacks.set(target.runId, (bucket = new SharedRateBucket(createRateBucketBuffer(target.maxRps))));
  return bucket;
}
