// Latencies in microseconds, in an HDR histogram of our own (load generators' own percentiles, such
// as autocannon's, are often whole milliseconds). Histograms travel in reports as HdrHistogram's
// compressed base64, so that runs merge exactly, by adding counts; percentiles are never averaged.
import * as hdr from 'hdr-histogram-js';

export type LatencyHistogram = hdr.Histogram;

/** One hour in µs: anything slower is a timeout long before. */
const highestTrackableUs = 3_600_000_000;

export function newHistogram(): LatencyHistogram {
  return hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: highestTrackableUs,
    numberOfSignificantValueDigits: 3,
    useWebAssembly: false,
  });
}

export function recordUs(histogram: LatencyHistogram, microseconds: number): void {
  histogram.recordValue(Math.max(1, Math.min(highestTrackableUs, Math.round(microseconds))));
}

export const encodeHistogram = (histogram: LatencyHistogram): string => hdr.encodeIntoCompressedBase64(histogram);

export function decodeHistogram(encoded: string): LatencyHistogram {
  const decoded = hdr.decodeFromCompressedBase64(encoded, 32, false);
  // Re-built so that every histogram in a merge has the same range and precision.
  const histogram = newHistogram();
  histogram.add(decoded);
  return histogram;
}

export function addHistograms(histograms: readonly LatencyHistogram[]): LatencyHistogram {
  const sum = newHistogram();
  for (const histogram of histograms) sum.add(histogram);
  return sum;
}

/** The JS implementation has it; the interface hdr-histogram-js exports does not declare it. */
const topOfMaxBucket = (histogram: LatencyHistogram): number =>
  (histogram as unknown as { highestEquivalentValue(value: number): number }).highestEquivalentValue(
    histogram.maxValue,
  );

export interface LatencyFigures {
  p50: number;
  p90: number;
  p99: number;
  'p99.9': number;
  max: number;
  mean: number;
}

export const latencyFigureNames = [
  'p50',
  'p90',
  'p99',
  'p99.9',
  'max',
  'mean',
] as const satisfies readonly (keyof LatencyFigures)[];

/** All in µs; zeros for an empty histogram. */
export function latencyFigures(histogram: LatencyHistogram): LatencyFigures {
  if (histogram.totalCount === 0) return { p50: 0, p90: 0, p99: 0, 'p99.9': 0, max: 0, mean: 0 };
  return {
    p50: histogram.getValueAtPercentile(50),
    p90: histogram.getValueAtPercentile(90),
    p99: histogram.getValueAtPercentile(99),
    'p99.9': histogram.getValueAtPercentile(99.9),
    // The top of the max's bucket, which is what an encoded and decoded histogram reports too.
    max: topOfMaxBucket(histogram),
    mean: Math.round(histogram.mean),
  };
}

/** Points of the latency-by-percentile curve (HdrHistogram's plot), for the HTML report. */
export function percentileCurve(histogram: LatencyHistogram): Array<{ percentile: number; us: number }> {
  const percentiles = [
    0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 85, 90, 92.5, 95, 96, 97, 97.5, 98, 98.5, 99, 99.25, 99.5, 99.75, 99.9,
    99.95, 99.99, 99.999, 100,
  ];
  if (histogram.totalCount === 0) return [];
  return percentiles.map((percentile) => ({
    percentile,
    us: percentile === 100 ? topOfMaxBucket(histogram) : histogram.getValueAtPercentile(percentile),
  }));
}
