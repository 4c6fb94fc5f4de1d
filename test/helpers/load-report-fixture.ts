// A synthetic LoadReport for tests of the load report writers: three scenarios (closed and open
// measured, closed only with a generator bottleneck and a hostile sample problem, and one skipped),
// with histograms built from known latencies so that the expected figures are known.
import { encodeHistogram, latencyFigures, newHistogram, recordUs } from '../../load/histogram.ts';
import type { Bottleneck } from '../../load/cpu.ts';
import { loadReportFormat, type LoadReport, type ModelFigures } from '../../load/load-report.ts';

/** Latencies as [µs, how many]; the bulk is spread over [from, from + spread) by a fixed stride, not at random. */
interface Latencies {
  bulk: { from: number; spread: number; count: number };
  tail: Array<[us: number, count: number]>;
}

/** Text in a sample problem that must reach the page as text, never as markup. */
export const hostileText = '<script>window.__injected = true</script>';

export const skippedReason = 'the target answers 404 to ?q=, so search is not implemented there';

function model(
  model: 'closed' | 'open',
  latencies: Latencies,
  rpsOverTime: number[],
  extra: Partial<ModelFigures> & { bottleneck: Bottleneck },
): ModelFigures {
  const histogram = newHistogram();
  for (let i = 0; i < latencies.bulk.count; i++)
    recordUs(histogram, latencies.bulk.from + ((i * 7919) % latencies.bulk.spread));
  for (const [us, count] of latencies.tail) for (let i = 0; i < count; i++) recordUs(histogram, us);
  const requests = histogram.totalCount;
  const duration = rpsOverTime.length;
  return {
    model,
    offered_rate: null,
    connections: 10,
    duration_s: duration,
    requests,
    rps: requests / duration,
    bytes_per_s: (requests * 2_150) / duration,
    latency_us: latencyFigures(histogram),
    statuses: { '200': requests },
    non_2xx: 0,
    errors: 0,
    timeouts: 0,
    error_kinds: {},
    unsent: 0,
    cpu: { generator: 0.41, server: 0.97 },
    rps_over_time: rpsOverTime,
    histogram: encodeHistogram(histogram),
    ...extra,
  };
}

/** A deterministic wobble around a level, so that the over-time charts look like runs. */
const series = (seconds: number, level: number, wobble: number, dipAt?: number): number[] =>
  Array.from({ length: seconds }, (_, i) =>
    Math.round(level + wobble * Math.sin(i * 1.7) + (i === dipAt ? -level * 0.4 : 0)),
  );

export function syntheticLoadReport(): LoadReport {
  const closedList = model(
    'closed',
    {
      bulk: { from: 500, spread: 500, count: 9_880 },
      tail: [
        [12_500, 40],
        [35_000, 60],
        [90_200, 20],
      ],
    },
    series(20, 500, 40),
    { bottleneck: 'server' },
  );
  const openList = model(
    'open',
    {
      bulk: { from: 1_200, spread: 900, count: 4_900 },
      tail: [
        [8_000, 50],
        [47_300, 40],
        [250_000, 10],
      ],
    },
    series(20, 250, 12, 11),
    {
      offered_rate: 250,
      connections: 32,
      bottleneck: 'neither',
      statuses: { '200': 4_990, '503': 10 },
      non_2xx: 10,
      errors: 3,
      timeouts: 2,
      error_kinds: { timeout: 2, ECONNRESET: 1 },
      unsent: 4,
      cpu: { generator: 0.22, server: 0.6 },
    },
  );
  const closedGroups = model(
    'closed',
    {
      bulk: { from: 300, spread: 400, count: 19_900 },
      tail: [
        [2_100, 80],
        [6_400, 20],
      ],
    },
    series(20, 1_000, 60),
    {
      bottleneck: 'generator',
      cpu: { generator: 0.98, server: 0.51 },
    },
  );
  return {
    format: loadReportFormat,
    version: '0.1.0',
    started_at: '2025-01-15T10:00:00.000Z',
    finished_at: '2025-01-15T10:02:10.000Z',
    target: { url: 'http://127.0.0.1:40123/v1', embedded: true },
    config: {
      scenarios: ['conversations.list', 'groups.list', 'conversations.search'],
      models: ['closed', 'open'],
      connections: 10,
      duration_s: 20,
      warmup_s: 5,
      rate: 250,
      open_connections: 32,
      max_limit: 100,
      pagination: 'cursor',
      timeout_ms: 10_000,
      thresholds: ['p99<10ms', 'errors=0', 'p99.9<500ms'],
    },
    environment: {
      node: 'v20.19.0',
      platform: 'linux',
      arch: 'x64',
      cpus: 8,
      cpu_model: 'Synthetic CPU @ 3.0GHz',
      generator: 'msgapi-load (undici)',
    },
    data_set: { conversations: 5_000, groups: 200, seeded: true },
    scenarios: [
      {
        name: 'conversations.list',
        spec: 'GET /conversations (§4.2)',
        request: 'GET /v1/conversations?limit=50',
        skipped: null,
        samples: { validated: 25, problems: [] },
        closed: closedList,
        open: openList,
      },
      {
        name: 'groups.list',
        spec: 'GET /groups (§5.1)',
        request: 'GET /v1/groups?limit=50',
        skipped: null,
        samples: { validated: 25, problems: [`items[3].name: expected a string, received ${hostileText}`] },
        closed: closedGroups,
        open: null,
      },
      {
        name: 'conversations.search',
        spec: 'GET /conversations?q= (§4.4)',
        request: 'GET /v1/conversations?q=hello',
        skipped: skippedReason,
        samples: { validated: 0, problems: [] },
        closed: null,
        open: null,
      },
    ],
    gates: [
      { gate: 'p99<10ms', passed: false, detail: 'conversations.list closed p99 12.5 ms' },
      { gate: 'errors=0', passed: false, detail: 'conversations.list open: 3 errors' },
      { gate: 'p99.9<500ms', passed: true, detail: 'worst p99.9 250 ms (conversations.list open)' },
    ],
    verdict: {
      passed: false,
      failures: ['p99<10ms: conversations.list closed p99 12.5 ms', 'errors=0: conversations.list open: 3 errors'],
    },
  };
}
