// Artillery 2.0.21 end to end, only with MSGAPI_ENGINE_TESTS=1 (npx installs Artillery, some
// 600 packages): msgapi load --seed-only, msgapi load export artillery, artillery run at a modest
// rate against the embedded server behind a counting proxy, msgapi load import artillery. The
// imported histograms hold exactly the requests the server got and the responses Artillery
// counted. ARTILLERY_BIN names an installed artillery instead of npx (faster where one is).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketAt, bucketEncoderSource } from '../../load/engines/artillery/latency-buckets.ts';
import { addHistograms, decodeHistogram, type LatencyHistogram } from '../../load/histogram.ts';
import type { LoadReport } from '../../load/load-report.ts';
import { startReferenceServer } from '../../reference/listen.ts';
import { inheritedTmpdir, runCli, trackChild } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { forward, listenLocally, withBody } from '../helpers/test-server.ts';

const engineTests = process.env.MSGAPI_ENGINE_TESTS === '1';
const token = 'owner-token-artillery';
const newDir = tempDirs('msgapi-artillery-e2e-', 'all');
// Artillery takes some 15 s to start and stop around a 3 s run; npx's first install takes longer.
const engineTimeout = 240_000;

interface ArtilleryReport {
  aggregate: { counters: Record<string, number>; summaries: Record<string, { p50: number; p99: number }> };
}

/** artillery run, in the export's folder, with the token in its environment only. */
function runArtillery(cwd: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const [command, ...prefix] = process.env.ARTILLERY_BIN
    ? [process.env.ARTILLERY_BIN]
    : ['npx', '--yes', 'artillery@2.0.21'];
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? cwd,
    ...inheritedTmpdir(),
    ACCESS_TOKEN: token,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    NO_COLOR: '1',
  };
  return new Promise((resolve, reject) => {
    const child = trackChild(spawn(command!, [...prefix, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * The percentile at which HDR reads the sample Artillery's sketches read for a quantile: they take
 * the sample at rank q·(n−1) (0-based, rounded down), HDR the ⌈q·n⌉-th; in a tail of a few hundred
 * samples one rank apart can be a bucket or more apart.
 */
const atArtillerysRank = (quantile: number, count: number): number =>
  (100 * (Math.floor(quantile * (count - 1)) + 0.5)) / count;

const latencyBucketUs = new Function(`${bucketEncoderSource}\nreturn latencyBucketUs;`)() as (us: number) => number;
/** The width of the bucket a latency falls in: the resolution of the imported figures there. */
const bucketWidthUs = (us: number): number => bucketAt(latencyBucketUs(us))!.widthUs;

describe.skipIf(!engineTests)('Artillery 2.0.21 end to end (set MSGAPI_ENGINE_TESTS=1: it installs Artillery)', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  let proxy: Awaited<ReturnType<typeof listenLocally>>;
  let requestsSeen = 0;
  const pathsSeen = new Set<string>();
  let dir: string;

  beforeAll(async () => {
    server = await startReferenceServer({ users: [{ token, name: 'owner' }] });
    // Only Artillery goes through the proxy (seeding goes to the server): its count is the server's.
    proxy = await listenLocally(
      withBody(async (req, res, body) => {
        requestsSeen += 1;
        pathsSeen.add(req.url!);
        const answer = await forward(server.url, req, body);
        res.writeHead(answer.status, { 'content-type': answer.contentType });
        res.end(answer.text);
      }),
    );
    dir = newDir();
    const seeded = await runCli(['load', '--seed-only', '--conversations', '40', '--groups', '4'], {
      BASE_URL: server.url,
      ACCESS_TOKEN: token,
      REPORTS_DIR: dir,
    });
    expect(seeded.code, seeded.stderr).toBe(0);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  /** export → artillery run → import; the Artillery report and our load.json. */
  async function exportRunImport(name: string, baseUrl: string, scenarios: string) {
    const out = join(dir, name);
    const exported = await runCli([
      'load',
      'export',
      'artillery',
      '--seed-file',
      join(dir, 'load-seed.json'),
      '--base-url',
      baseUrl,
      '--scenarios',
      scenarios,
      '--rate',
      '40',
      '--duration',
      '3',
      '--connections',
      '8',
      '--out',
      out,
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(join(out, 'msgapi-artillery.yml'), 'utf8')).not.toContain(token);
    const run = await runArtillery(out, ['run', '--output', 'artillery-report.json', 'msgapi-artillery.yml']);
    const imported = await runCli([
      'load',
      'import',
      'artillery',
      join(out, 'artillery-report.json'),
      '--reports-dir',
      out,
    ]);
    const artillery = JSON.parse(readFileSync(join(out, 'artillery-report.json'), 'utf8')) as ArtilleryReport;
    const report = JSON.parse(readFileSync(join(out, 'load.json'), 'utf8')) as LoadReport;
    for (const text of [
      run.output,
      imported.stdout,
      imported.stderr,
      readFileSync(join(out, 'artillery-report.json'), 'utf8'),
    ])
      expect(text).not.toContain(token);
    return { run, imported, artillery, report };
  }

  let okRun: Awaited<ReturnType<typeof exportRunImport>> | undefined;

  const histogramOf = (report: LoadReport): LatencyHistogram =>
    addHistograms(report.scenarios.map((scenario) => decodeHistogram(scenario.open!.histogram)));

  it(
    'artillery.e2e.counts — the imported histograms hold every request the server got, and every response Artillery counted',
    { timeout: engineTimeout },
    async () => {
      const before = requestsSeen;
      okRun = await exportRunImport('ok', proxy.url, 'conversations.default,conversations.walk,groups.default');
      const { run, imported, artillery, report } = okRun;
      expect(run.code, run.output).toBe(0);
      expect(imported.code, imported.stderr).toBe(0);
      const histogram = histogramOf(report);
      const served = requestsSeen - before;
      process.stdout.write(
        `artillery e2e: server got ${served}, Artillery counted ${artillery.aggregate.counters['http.responses']}, histograms hold ${histogram.totalCount}\n`,
      );
      expect(histogram.totalCount).toBe(served);
      expect(histogram.totalCount).toBe(artillery.aggregate.counters['http.responses']);
      // The walk went past the first page, as msgapi load's walk does (PAGINATION=starting_after).
      expect([...pathsSeen].some((path) => path.includes('starting_after='))).toBe(true);
      expect(report.scenarios.map((scenario) => scenario.open!.statuses)).toEqual(
        report.scenarios.map((scenario) => ({ '200': scenario.open!.requests })),
      );
    },
  );

  it(
    "artillery.e2e.latency — p50 and p99 lie between Artillery's time to first byte and its virtual users' session length, within one bucket",
    { timeout: engineTimeout },
    async () => {
      const { artillery, report } = await exportRunImport('latency', proxy.url, 'conversations.default,groups.default');
      const histogram = histogramOf(report);
      // Each sample is timed from beforeRequest to afterResponse: it contains Artillery's time to the
      // first byte (whole ms, so up to 1 ms more than it was) and is contained in its virtual user's
      // session (one request per virtual user in the open model). Artillery's summaries are sketches
      // of about 1 % relative accuracy.
      const firstByte = artillery.aggregate.summaries['http.response_time']!;
      const session = artillery.aggregate.summaries['vusers.session_length']!;
      for (const [percentile, quantile] of [
        ['p50', 0.5],
        ['p99', 0.99],
      ] as const) {
        const ours = histogram.getValueAtPercentile(atArtillerysRank(quantile, histogram.totalCount));
        const width = bucketWidthUs(ours);
        process.stdout.write(
          `artillery e2e ${percentile}: ours ${ours} µs (bucket ${width} µs), Artillery's first byte ${firstByte[percentile]} ms, session ${session[percentile]} ms\n`,
        );
        expect(ours, percentile).toBeGreaterThanOrEqual((firstByte[percentile] - 1) * 1000 * 0.99 - width);
        expect(ours, percentile).toBeLessThanOrEqual(session[percentile] * 1000 * 1.01 + width);
      }
    },
  );

  it(
    "artillery.e2e.not-found — a wrong path fails Artillery's exit code and imports as non-2xx responses",
    { timeout: engineTimeout },
    async () => {
      const { run, imported, artillery, report } = await exportRunImport(
        'not-found',
        `${proxy.url}/wrong`,
        'conversations.default',
      );
      expect(run.code).toBe(1);
      expect(imported.code).not.toBe(0);
      expect(report.scenarios[0]!.open).toMatchObject({
        statuses: { '404': artillery.aggregate.counters['http.codes.404'] },
        non_2xx: artillery.aggregate.counters['http.responses'],
      });
      expect(report.verdict.passed).toBe(false);
    },
  );

  it(
    "artillery.e2e.doctored — the run's report with one bucket counter changed is refused",
    { timeout: engineTimeout },
    async () => {
      expect(okRun, 'artillery.e2e.counts ran first').toBeDefined();
      const report = JSON.parse(readFileSync(join(dir, 'ok', 'artillery-report.json'), 'utf8')) as ArtilleryReport;
      const bucket = Object.keys(report.aggregate.counters).find((name) => name.includes('.latency_us.'))!;
      report.aggregate.counters[bucket]! += 1;
      const doctored = join(dir, 'ok', 'doctored.json');
      writeFileSync(doctored, JSON.stringify(report));
      const imported = await runCli([
        'load',
        'import',
        'artillery',
        doctored,
        '--plan',
        join(dir, 'ok', 'msgapi-export.json'),
        '--reports-dir',
        join(dir, 'ok', 'doctored'),
      ]);
      expect(imported.code).toBe(2);
      expect(imported.stderr).toMatch(/responses in its latency buckets but \d+ in its statuses/);
    },
  );

  it(
    'artillery.e2e.merge — merged with a msgapi load report of the same scenario, the counts add',
    { timeout: engineTimeout },
    async () => {
      expect(okRun, 'artillery.e2e.counts ran first').toBeDefined();
      const ours = join(dir, 'ours');
      const measured = await runCli(
        [
          'load',
          '--no-seed',
          '--scenarios',
          'conversations.default',
          '--duration',
          '1',
          '--warmup',
          '0',
          '--rate',
          '50',
          '--connections',
          '2',
        ],
        { BASE_URL: server.url, ACCESS_TOKEN: token, REPORTS_DIR: ours },
      );
      expect(measured.code, measured.stderr).toBe(0);
      const merged = await runCli([
        'load',
        'merge',
        join(dir, 'ok', 'load.json'),
        join(ours, 'load.json'),
        '--out',
        join(dir, 'merged.json'),
      ]);
      expect(merged.code, merged.stderr).toBe(0);
      const open = (file: string) =>
        (JSON.parse(readFileSync(file, 'utf8')) as LoadReport).scenarios.find(
          (scenario) => scenario.name === 'conversations.default',
        )!.open!;
      const parts = [open(join(dir, 'ok', 'load.json')), open(join(ours, 'load.json'))];
      expect(open(join(dir, 'merged.json')).requests).toBe(parts[0]!.requests + parts[1]!.requests);
      expect(decodeHistogram(open(join(dir, 'merged.json')).histogram).totalCount).toBe(
        parts[0]!.requests + parts[1]!.requests,
      );
    },
  );
});
