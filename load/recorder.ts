// What one measured run saw, response by response: latency into the µs histogram, status and
// byte counts, transport errors by kind, and the run second by second (per-second.ts).
import { newHistogram, recordUs, type LatencyHistogram } from './histogram.ts';
import { SecondSeries } from './per-second.ts';

export type ErrorKind = 'timeout' | 'connection' | 'other';

/** What kind of failure a request met, from the closed loop's socket errors and undici's alike. */
export function errorKind(error: Error & { code?: string }): ErrorKind {
  if (error.name === 'TimeoutError' || /_TIMEOUT$/.test(error.code ?? '') || /timed out|timeout/i.test(error.message))
    return 'timeout';
  if (/^(E(CONN|PIPE|HOSTUNREACH|NETUNREACH|ADDR)|UND_ERR_SOCKET)/.test(error.code ?? '')) return 'connection';
  return 'other';
}

export class Recorder {
  readonly histogram: LatencyHistogram = newHistogram();
  readonly statuses = new Map<number, number>();
  readonly errors = new Map<ErrorKind, number>();
  /** Responses completed in each second since start. */
  readonly perSecond: number[] = [];
  /** Requests, errors and latency percentiles of each second. */
  readonly series: SecondSeries;
  bytes = 0;
  responses = 0;
  private startedAt = performance.now();
  private endedAt: number | undefined;

  /** offered: an open model's recorder, which also counts the requests due each second. */
  constructor(counting: 'offered' | 'not-offered' = 'not-offered') {
    this.series = new SecondSeries(counting);
  }

  /** The second of the run it is now, from 0. */
  private second(): number {
    return Math.floor((performance.now() - this.startedAt) / 1000);
  }

  start(): void {
    this.startedAt = performance.now();
  }

  stop(): void {
    this.endedAt = performance.now();
  }

  get durationMs(): number {
    return (this.endedAt ?? performance.now()) - this.startedAt;
  }

  response(status: number, bytes: number, latencyUs: number): void {
    recordUs(this.histogram, latencyUs);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    this.bytes += bytes;
    this.responses++;
    const second = this.second();
    while (this.perSecond.length <= second) this.perSecond.push(0);
    this.perSecond[second]!++;
    this.series.response(second, status, latencyUs);
  }

  error(kind: ErrorKind): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    this.series.error(this.second());
  }

  /** Open model: a request fell due this many ms after the start. */
  due(offsetMs: number): void {
    this.series.offered(Math.floor(offsetMs / 1000));
  }
}
