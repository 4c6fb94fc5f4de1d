// msgapi load as a user runs it: against a target holding data of its own, against a server that
// answers 404, against a server that stalls, with thresholds, and merged across runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import { addHistograms, decodeHistogram, latencyFigures } from '../../load/histogram.ts';
import type { LoadReport } from '../../load/load-report.ts';
import { changedForeignRecords, ownerClient, seedForeignData } from '../../conformance/matrix/foreign-data.ts';
import { canvasStates, openPage, skipBrowserTests } from '../helpers/browser.ts';
import { forward, listenLocally, withBody } from '../helpers/test-server.ts';
import { runCli, startCli } from '../helpers/run-cli.ts';
import { testOutput } from '../helpers/test-output.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const token = 'owner-token-load';
const secondToken = 'second-token-load';
const short = ['--duration', '1', '--warmup', '0', '--rate', '100', '--connections', '10'];
const readReport = (dir: string, name = 'load.json'): LoadReport => JSON.parse(readFileSync(join(dir, name), 'utf8'));
const newDir = tempDirs('msgapi-load-');

/** The real run's report, opened from disk: two charts per scenario, each with painted pixels. */
async function expectChartsDrawn(file: string, scenarios: number): Promise<void> {
  const opened = await openPage(file);
  try {
    const painted = (await canvasStates(opened.page)).map((canvas) => canvas.painted);
    expect(painted).toHaveLength(2 * scenarios);
    expect(painted.filter((count) => count === 0)).toEqual([]);
    expect(opened.errors).toEqual([]);
    expect(opened.requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
    await opened.page.screenshot({ path: testOutput('load-run.png'), fullPage: true });
  } finally {
    await opened.close();
  }
}

describe('msgapi load against a target that holds data of its own', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  beforeAll(async () => {
    server = await startReferenceServer({
      users: [
        { token, name: 'owner' },
        { token: secondToken, name: 'second' },
      ],
    });
  });
  afterAll(() => server.close());

  it('seeds, measures every scenario, writes both reports, removes exactly its data set, and never prints the token', async () => {
    const foreign = await seedForeignData(ownerClient(server.url, token), 'foreign-load');
    const before = (await ownerClient(server.url, token).listConversations({ limit: 100 })).body as { data: unknown[] };
    const dir = newDir();
    const run = await runCli(['load', ...short, '--conversations', '60', '--groups', '8'], {
      BASE_URL: server.url,
      ACCESS_TOKEN: token,
      REPORTS_DIR: dir,
    });
    expect(run.code, run.stderr).toBe(0);
    const report = readReport(dir);
    expect(report.scenarios.map((scenario) => scenario.name)).toEqual(report.config.scenarios);
    for (const scenario of report.scenarios) {
      expect(scenario.skipped, scenario.name).toBeNull();
      expect(scenario.samples.problems, scenario.name).toEqual([]);
      expect(scenario.closed?.requests, scenario.name).toBeGreaterThan(0);
      expect(scenario.open?.requests, scenario.name).toBeGreaterThan(0);
      expect(scenario.closed?.statuses, scenario.name).toEqual({ '200': scenario.closed?.requests });
    }
    expect(readFileSync(join(dir, 'load.html'), 'utf8')).toContain('conversations.walk');
    expect(run.stdout).toMatch(/conversations\.default\s+closed/);
    expect(run.stdout).toContain('Load run passed.');
    for (const output of [
      run.stdout,
      run.stderr,
      readFileSync(join(dir, 'load.json'), 'utf8'),
      readFileSync(join(dir, 'load.html'), 'utf8'),
    ]) {
      expect(output).not.toContain(token);
    }
    const after = (await ownerClient(server.url, token).listConversations({ limit: 100 })).body as { data: unknown[] };
    expect(after.data).toEqual(before.data);
    expect(await changedForeignRecords(foreign)).toEqual([]);
    if (!skipBrowserTests) await expectChartsDrawn(join(dir, 'load.html'), report.scenarios.length);
  });

  it('a violated threshold exits 1 and names the figure; one that holds passes', async () => {
    const dir = newDir();
    const run = await runCli(
      [
        'load',
        ...short,
        '--no-seed',
        '--scenarios',
        'groups.default',
        '--threshold',
        'groups.default:p99<1us',
        '--threshold',
        'groups.default:errors==0',
      ],
      { BASE_URL: server.url, ACCESS_TOKEN: token, REPORTS_DIR: dir },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/FAIL\s+groups\.default:p99<1us: p99 [\d.]+ (ms|µs) \(open model at 100 req\/s\)/);
    expect(run.stdout).toMatch(/pass\s+groups\.default:errors==0/);
    expect(readReport(dir).verdict.passed).toBe(false);
  });

  it('a threshold that names no scenario or figure is refused before any request (exit 2)', async () => {
    for (const threshold of ['groups.default:p99<50', 'nothing.here:p99<5ms', 'groups.default:speed>3', 'p99<5ms']) {
      const run = await runCli(['load', '--threshold', threshold], {
        BASE_URL: 'http://127.0.0.1:1',
        ACCESS_TOKEN: token,
      });
      expect(run.code, threshold).toBe(2);
      expect(run.stderr, threshold).toMatch(/^msgapi: --threshold/);
    }
  });

  it('merging two reports gives the percentiles of one histogram holding both runs', async () => {
    const dirs = [newDir(), newDir()];
    for (const dir of dirs) {
      const run = await runCli(['load', ...short, '--no-seed', '--scenarios', 'groups.default,conversations.default'], {
        BASE_URL: server.url,
        ACCESS_TOKEN: token,
        REPORTS_DIR: dir,
      });
      expect(run.code, run.stderr).toBe(0);
    }
    const out = join(newDir(), 'merged.json');
    const files = dirs.map((dir) => join(dir, 'load.json'));
    const merge = await runCli(['load', 'merge', ...files, '--out', out]);
    expect(merge.code, merge.stderr).toBe(0);
    const merged: LoadReport = JSON.parse(readFileSync(out, 'utf8'));
    const parts = dirs.map((dir) => readReport(dir));
    for (const name of ['groups.default', 'conversations.default']) {
      for (const model of ['closed', 'open'] as const) {
        const figures = parts.map((part) => part.scenarios.find((scenario) => scenario.name === name)![model]!);
        const union = addHistograms(figures.map((figure) => decodeHistogram(figure.histogram)));
        const mergedFigures = merged.scenarios.find((scenario) => scenario.name === name)![model]!;
        expect(mergedFigures.latency_us, `${name} ${model}`).toEqual(latencyFigures(union));
        expect(mergedFigures.requests).toBe(figures[0]!.requests + figures[1]!.requests);
        expect(mergedFigures.rps).toBeCloseTo(figures[0]!.rps + figures[1]!.rps, 0);
      }
    }
    expect(merged.merged_from).toEqual({ files, as: 'concurrent' });
    expect(readFileSync(out.replace(/\.json$/, '.html'), 'utf8')).toContain('groups.default');
  });
});

describe.each([
  ['while seeding', 'Seeding'],
  ['while measuring', 'closed model'],
])('msgapi load stopped by Ctrl-C %s', (_when, marker) => {
  it('stops, removes every object it created, leaves foreign data alone and exits 130', async () => {
    const server = await startReferenceServer({ users: [{ token, name: 'owner' }] });
    try {
      const foreign = await seedForeignData(ownerClient(server.url, token), 'foreign-interrupted');
      const ids = async () => {
        const client = ownerClient(server.url, token);
        const lists = [await client.listConversations({ limit: 100 }), await client.listGroups({ limit: 100 })];
        return lists
          .flatMap((list) => (list.body as { data: Array<{ id: string }> }).data.map((item) => item.id))
          .sort();
      };
      const before = await ids();
      const run = startCli(['load', '--duration', '30', '--conversations', '3000'], {
        BASE_URL: server.url,
        ACCESS_TOKEN: token,
        REPORTS_DIR: newDir(),
      });
      await run.reached(marker);
      run.child.kill('SIGINT');
      const code = await run.exited;
      const output = run.stdout + run.stderr;
      expect(code, output).toBe(130);
      expect(output).toContain('msgapi: SIGINT: stopping the load run, then deleting what the run created');
      expect(await ids()).toEqual(before);
      expect(await changedForeignRecords(foreign)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('msgapi load --ab: throughput against a baseline server, alternately, in one job', () => {
  it('fails a candidate that is clearly slower than the baseline, and cleans up both', async () => {
    const baseline = await startReferenceServer({ users: [{ token, name: 'owner' }] });
    const upstream = await startReferenceServer({ users: [{ token, name: 'owner' }] });
    // The candidate: the same server behind a proxy that takes 20 ms longer to answer each request.
    const candidate = await listenLocally(
      withBody((req, res, body) => {
        setTimeout(() => {
          void forward(upstream.url, req, body).then((answer) =>
            res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.text),
          );
        }, 20);
      }),
    );
    try {
      const dir = newDir();
      const run = await runCli(
        [
          'load',
          '--ab',
          baseline.url,
          '--ab-rounds',
          '2',
          '--model',
          'closed',
          '--scenarios',
          'groups.default',
          '--duration',
          '0.5',
          '--warmup',
          '0',
          '--connections',
          '4',
          '--conversations',
          '4',
          '--groups',
          '2',
        ],
        { BASE_URL: candidate.url, ACCESS_TOKEN: token, REPORTS_DIR: dir },
      );
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toMatch(
        /FAIL\s+groups\.default:throughput against the --ab baseline .*: candidate\/baseline ratios 0\.\d+, 0\.\d+/,
      );
      for (const server of [baseline, upstream]) {
        const client = ownerClient(server.url, token);
        expect(((await client.listConversations()).body as { data: unknown[] }).data).toEqual([]);
        expect(((await client.listGroups()).body as { data: unknown[] }).data).toEqual([]);
      }
    } finally {
      await candidate.close();
      await Promise.all([baseline.close(), upstream.close()]);
    }
  });
});

describe('a server whose largest page is 50 (the spec leaves the maximum open, §8)', () => {
  it('has limit-max skipped by default, measured with --max-limit 50, and failed when --max-limit 100 is declared', async () => {
    const upstream = await startReferenceServer({ users: [{ token, name: 'owner' }] });
    const capped = await listenLocally(
      withBody((req, res, body) => {
        if (Number(new URL(req.url!, 'http://x').searchParams.get('limit') ?? 10) > 50) {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"limit is at most 50"}');
          return;
        }
        void forward(upstream.url, req, body).then((answer) =>
          res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.text),
        );
      }),
    );
    try {
      const env = { BASE_URL: capped.url, ACCESS_TOKEN: token };
      const args = ['load', ...short, '--no-seed', '--scenarios', 'conversations.limit-max'];
      const byDefault = newDir();
      const open = await runCli(args, { ...env, REPORTS_DIR: byDefault });
      expect(open.code, open.stdout).toBe(0);
      expect(readReport(byDefault).scenarios[0]!.skipped).toMatch(
        /refuses limit=100 \(status 400\), which the spec allows \(§8\); declare its largest page with --max-limit N/,
      );

      const declared50 = newDir();
      expect((await runCli([...args, '--max-limit', '50'], { ...env, REPORTS_DIR: declared50 })).code).toBe(0);
      expect(readReport(declared50).scenarios[0]!.request).toBe('GET /v1/conversations?limit=50');
      expect(readReport(declared50).scenarios[0]!.closed!.requests).toBeGreaterThan(0);

      const declared100 = newDir();
      expect((await runCli([...args, '--max-limit', '100'], { ...env, REPORTS_DIR: declared100 })).code).toBe(1);
      expect(readReport(declared100).verdict.failures.join('\n')).toMatch(
        /status 400; if the server's largest page is under 100, set --max-limit/,
      );
    } finally {
      await capped.close();
      await upstream.close();
    }
  });
});

describe('msgapi load fails a run whose responses are not successes', () => {
  it('a target answering 404 to every list of the scenario fails the run (exit 1), though it is fast', async () => {
    // The probe before the run (GET /v1/conversations?limit=1) gets a page, or the run would stop
    // there with exit 2; every request of the scenario gets a 404.
    const notFound = await listenLocally((req, res) => {
      if (req.url === '/v1/conversations?limit=1')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"has_more":false,"data":[]}');
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    });
    try {
      const dir = newDir();
      const run = await runCli(['load', ...short, '--no-seed', '--scenarios', 'conversations.default'], {
        BASE_URL: notFound.url,
        ACCESS_TOKEN: token,
        REPORTS_DIR: dir,
      });
      expect(run.code, run.stderr).toBe(1);
      const report = readReport(dir);
      expect(report.verdict.failures.join('\n')).toMatch(
        /conversations\.default \(closed model\): (\d+) of \1 responses were not 2xx \(\1 × 404\)/,
      );
      expect(report.verdict.failures.join('\n')).toMatch(/conversations\.default sample 1 .*: status 404/);
      expect(run.stdout).toContain('Load run failed');
    } finally {
      await notFound.close();
    }
  });
});

describe('the open model against a server that stalls 100 ms once a second', () => {
  let stalling: ReturnType<typeof spawn>;
  let url: string;
  beforeAll(async () => {
    // Its own process: a stall in the generator's process would stop the generator's clock too.
    stalling = spawn(process.execPath, [fileURLToPath(new URL('../helpers/stalling-server.mjs', import.meta.url))], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [port] = await once(stalling.stdout!, 'data');
    url = `http://127.0.0.1:${String(port).trim()}`;
  });
  afterAll(() => {
    stalling.kill('SIGTERM');
  });

  it("reports a p99 of at least the stall, 75 ms or more (the closed model's figure is printed, not bounded)", async () => {
    const dir = newDir();
    const run = await runCli(
      [
        'load',
        '--no-seed',
        '--scenarios',
        'conversations.default',
        '--rate',
        '200',
        '--duration',
        '5',
        '--warmup',
        '0',
      ],
      {
        BASE_URL: url,
        ACCESS_TOKEN: token,
        REPORTS_DIR: dir,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const [scenario] = readReport(dir).scenarios;
    // About a tenth of the requests are due during a stall and wait up to 100 ms: the 99th
    // percentile is the one that waited 90 ms.
    const openP99Ms = scenario!.open!.latency_us.p99 / 1000;
    // No upper bound: a busy machine only adds to every latency.
    expect(openP99Ms).toBeGreaterThan(75);
    // On a quiet machine the closed model's p99 is a few ms: it sends less while the server stalls,
    // so few of its requests wait. On a busy one it sends less anyway and the stalls reach its p99
    // too (CI saw 103 ms beside other work): a figure of the machine, so printed, not asserted.
    console.log(
      `p99 under a stall of 100 ms once a second: open model ${openP99Ms.toFixed(1)} ms, closed model ${(scenario!.closed!.latency_us.p99 / 1000).toFixed(1)} ms`,
    );
  });
});
