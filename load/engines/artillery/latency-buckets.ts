// The latency buckets the Artillery processor counts into, and how the import reads them back:
// log-linear, 16 buckets per power of two of microseconds (exact below 32 µs), named by their
// lower bound. Artillery adds counters across its workers and runners exactly, where its own
// summaries (a sketch per period) can only be combined approximately; so every response goes into
// one counter, and the HDR histogram is rebuilt from the counts.
import { newHistogram, type LatencyHistogram } from '../../histogram.ts';

/** Buckets per power of two: each is at most 1/16 of its lower bound wide. */
const bucketsPerOctave = 16;

/**
 * The encoder as the processor runs it (plain JavaScript, no imports): the lower bound, in µs, of
 * the bucket a latency falls in. Kept as text here, beside the decoder, so that the one scheme is
 * written once; the processor inlines it verbatim.
 */
export const bucketEncoderSource = `function latencyBucketUs(us) {
  var value = Math.max(1, Math.floor(us));
  var width = 1;
  while (Math.floor(value / width) >= ${2 * bucketsPerOctave}) width *= 2;
  return Math.floor(value / width) * width;
}`;

export interface LatencyBucket {
  lowerUs: number;
  /** How many µs the bucket spans (1 below 32 µs). */
  widthUs: number;
}

/** The bucket whose lower bound is `lowerUs`, or undefined when no bucket starts there (a name the processor cannot have written). */
export function bucketAt(lowerUs: number): LatencyBucket | undefined {
  if (!Number.isSafeInteger(lowerUs) || lowerUs < 1) return undefined;
  let widthUs = 1;
  while (Math.floor(lowerUs / widthUs) >= 2 * bucketsPerOctave) widthUs *= 2;
  return lowerUs % widthUs === 0 ? { lowerUs, widthUs } : undefined;
}

/** What the histogram records for a bucket: its midpoint, so that no value is off by more than half a bucket. */
export const bucketValueUs = (bucket: LatencyBucket): number => bucket.lowerUs + Math.floor(bucket.widthUs / 2);

/** One HDR histogram from bucket counts (lower bound in µs → responses). */
export function histogramFromBuckets(counts: ReadonlyMap<number, number>): LatencyHistogram {
  const histogram = newHistogram();
  for (const [lowerUs, count] of counts) {
    const bucket = bucketAt(lowerUs);
    if (bucket === undefined) throw new Error(`no latency bucket starts at ${lowerUs} µs`);
    histogram.recordValueWithCount(bucketValueUs(bucket), count);
  }
  return histogram;
}

/** The figures' resolution, for the report's notes. */
export const bucketResolutionNote =
  `latencies rebuilt from the processor's 1/${bucketsPerOctave}-octave buckets (exact below ${2 * bucketsPerOctave} µs): ` +
  `each is recorded at its bucket's midpoint, within ${(100 / (2 * bucketsPerOctave)).toFixed(1)} % of the latency measured`;
