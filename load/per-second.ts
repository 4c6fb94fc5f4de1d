// A measured run second by second: requests answered, errors, non-2xx answers, latency
// percentiles, and (open model) the requests offered. Answers come in the order they complete, so
// each second is closed when the first answer of a later one arrives: one histogram is kept at a
// time, and a soak run of hours holds one small row per second.
import { newHistogram, recordUs } from './histogram.ts';

export interface SecondFigures {
  /** Seconds from the start of the model's run (0 is the first). */
  second: number;
  /** Answers received in this second. */
  requests: number;
  /** Requests that got no response, failed in this second. */
  errors: number;
  non_2xx: number;
  /** Open model: requests that fell due in this second; null for the closed model. */
  offered: number | null;
  /** Latency of this second's answers, µs; null in a second without one. */
  p50_us: number | null;
  p90_us: number | null;
  p99_us: number | null;
  max_us: number | null;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

export class SecondSeries {
  private readonly rows: SecondFigures[] = [];
  private readonly histogram = newHistogram();
  private open = -1;

  constructor(private readonly counting: 'offered' | 'not-offered' = 'not-offered') {}

  private row(second: number): SecondFigures {
    while (this.rows.length <= second)
      this.rows.push({
        second: this.rows.length,
        requests: 0,
        errors: 0,
        non_2xx: 0,
        offered: this.counting === 'offered' ? 0 : null,
        p50_us: null,
        p90_us: null,
        p99_us: null,
        max_us: null,
      });
    return this.rows[second]!;
  }

  /** The histogram's second is over: its percentiles go into its row. */
  private close(): void {
    if (this.open < 0 || this.histogram.totalCount === 0) return;
    const row = this.row(this.open);
    // A percentile is the top of its bucket, which may lie above the largest value recorded.
    const max = this.histogram.maxValue;
    const at = (percentile: number) => Math.min(max, this.histogram.getValueAtPercentile(percentile));
    row.p50_us = at(50);
    row.p90_us = at(90);
    row.p99_us = at(99);
    row.max_us = max;
    this.histogram.reset();
  }

  response(second: number, status: number, latencyUs: number): void {
    if (second !== this.open) {
      this.close();
      this.open = second;
    }
    const row = this.row(second);
    row.requests++;
    if (!isSuccess(status)) row.non_2xx++;
    recordUs(this.histogram, latencyUs);
  }

  error(second: number): void {
    this.row(second).errors++;
  }

  offered(second: number): void {
    const row = this.row(second);
    row.offered = (row.offered ?? 0) + 1;
  }

  /** Every second up to the last one anything happened in. */
  figures(): SecondFigures[] {
    this.close();
    this.open = -1;
    return this.rows.map((row) => ({ ...row }));
  }
}
