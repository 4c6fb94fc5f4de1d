// msgapi load as people load (issue 26): a ramp of --stages shown in the report's per-second
// series, a generator whose own event loop is busy (noted, and failed under --strict), and the
// generators through a gateway that wants a header and a server that wants a client certificate.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import type { LoadReport, ModelFigures } from '../../load/load-report.ts';
import { startFront, tlsFixture, type Front } from '../helpers/front-servers.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const token = 'owner-token-load-runs';
const gatewayKey = 'gateway-key-load-7d2e';
const newDir = tempDirs('msgapi-load-runs-');
const small = ['--scenarios', 'conversations.default', '--warmup', '0', '--conversations', '20', '--groups', '2'];
const readReport = (dir: string): LoadReport => JSON.parse(readFileSync(join(dir, 'load.json'), 'utf8'));
const written = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
const busyGenerator = pathToFileURL(new URL('../helpers/busy-generator.mjs', import.meta.url).pathname).href;

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer({ users: [{ token, name: 'owner' }] });
});
afterAll(() => server.close());

describe('msgapi load --stages', () => {
  it("ramps the open model's offered rate, and the report's per-second series shows the ramp", async () => {
    const dir = newDir();
    const run = await runCli(['load', ...small, '--model', 'open', '--stages', '1s:20,2s:60'], {
      BASE_URL: server.url,
      ACCESS_TOKEN: token,
      REPORTS_DIR: dir,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = readReport(dir);
    expect(report.config.stages).toBe('1s:20,2s:60');
    const open = report.scenarios[0]!.open!;
    // ∫ rate: 10 requests in the ramp 0 → 20, then 80 in the ramp 20 → 60 over 2 s.
    expect(open.requests).toBe(90);
    const series = open.per_second!;
    expect(series.slice(0, 3).map((second) => second.offered)).toEqual([10, 30, 50]);
    const [first, ...later] = series.map((second) => second.requests);
    expect(later.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(first!);
    expect(Math.max(...later)).toBeGreaterThan(first!);
    expect(series.reduce((sum, second) => sum + second.requests, 0)).toBe(90);
    const html = readFileSync(join(dir, 'load.html'), 'utf8');
    expect(html).toContain('open model, second by second');
    expect(html).toContain('<code>1s:20,2s:60</code>');
  });

  it('is refused in one sentence when malformed, with --rate, or with --model closed', async () => {
    const cases: Array<[string[], string]> = [
      [['--stages', '30s'], '--stages stage 1 (30s) must be DURATION:RATE'],
      [
        ['--stages', '30s:100', '--rate', '50'],
        '--stages sets the offered rate stage by stage, so --rate cannot be given with it.',
      ],
      [['--stages', '30s:100', '--model', 'closed'], "--stages shapes the open model's offered rate"],
      [['--duration', '3d'], '--duration 3d must be a duration from 0.5 s to 24h'],
    ];
    for (const [args, sentence] of cases) {
      const run = await runCli(['load', ...args], { BASE_URL: server.url, ACCESS_TOKEN: token, REPORTS_DIR: newDir() });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(sentence);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('a generator limited by its own machine', () => {
  const busyRun = (extra: string[]) => {
    const dir = newDir();
    const run = runCli(['load', ...small, '--model', 'open', '--duration', '1', '--rate', '20', ...extra], {
      BASE_URL: server.url,
      ACCESS_TOKEN: token,
      REPORTS_DIR: dir,
      NODE_OPTIONS: `--import=${busyGenerator}`,
    });
    return { dir, run };
  };
  const limitNote =
    /^conversations\.default \(open model\) was limited by the generating machine, not the server: its event loop ran up to [\d.]+ ms late/;

  it('is noted in the report, the page and the output; the run still passes', async () => {
    const { dir, run } = busyRun([]);
    const result = await run;
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report = readReport(dir);
    expect(report.scenarios[0]!.open!.generator_limit).toMatch(/^its event loop ran up to/);
    expect(report.notes).toContainEqual(expect.stringMatching(limitNote));
    expect(result.stdout).toMatch(/Note: conversations\.default \(open model\) was limited by the generating machine/);
    expect(readFileSync(join(dir, 'load.html'), 'utf8')).toContain('limited by the generating machine');
  });

  it('fails the run under --strict', async () => {
    const { dir, run } = busyRun(['--strict']);
    const result = await run;
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const report = readReport(dir);
    expect(report.config.strict).toBe(true);
    expect(report.verdict.failures).toContainEqual(expect.stringMatching(limitNote));
    expect(report.verdict.failures.at(-1)).toMatch(/\(--strict\)$/);
  });
});

describe('the generators through the transport settings', () => {
  const fronts: Front[] = [];
  afterEach(async () => {
    for (const front of fronts.splice(0)) await front.close();
  });
  const answered = (figures: ModelFigures | null) => figures?.statuses ?? {};

  it('send --header to a gateway that wants X-Api-Key, both models, and its $VAR value is nowhere in what the run printed or wrote', async () => {
    const gateway = await startFront({ upstream: server.url, requireHeader: { name: 'X-Api-Key', value: gatewayKey } });
    fronts.push(gateway);
    const env = { BASE_URL: gateway.url, ACCESS_TOKEN: token, GATEWAY_KEY: gatewayKey };
    const args = ['load', ...small, '--duration', '1', '--rate', '20', '--connections', '2'];

    const without = await runCli(args, { ...env, REPORTS_DIR: newDir() });
    expect(without.code, without.stderr).toBe(2);
    expect(without.stderr).toContain('403');

    const dir = newDir();
    const run = await runCli([...args, '--header', 'X-Api-Key: $GATEWAY_KEY'], { ...env, REPORTS_DIR: dir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const scenario = readReport(dir).scenarios[0]!;
    expect(Object.keys(answered(scenario.closed))).toEqual(['200']);
    expect(Object.keys(answered(scenario.open))).toEqual(['200']);
    expect(gateway.passed).toBeGreaterThan(scenario.closed!.requests + scenario.open!.requests);
    expect(`${run.stdout}${run.stderr}${written(dir)}`).not.toContain(gatewayKey);
  });

  it('use --ca, --cert and --key with a server that wants a client certificate, both models', async () => {
    const front = await startFront({ upstream: server.url, https: true, requireClientCertificate: true });
    fronts.push(front);
    const dir = newDir();
    const run = await runCli(
      [
        'load',
        ...small,
        '--duration',
        '1',
        '--rate',
        '20',
        '--connections',
        '2',
        '--ca',
        tlsFixture('ca.pem'),
        '--cert',
        tlsFixture('client.pem'),
        '--key',
        tlsFixture('client-key.pem'),
      ],
      { BASE_URL: front.url, ACCESS_TOKEN: token, REPORTS_DIR: dir },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const scenario = readReport(dir).scenarios[0]!;
    expect(Object.keys(answered(scenario.closed))).toEqual(['200']);
    expect(Object.keys(answered(scenario.open))).toEqual(['200']);
    expect(front.passed).toBeGreaterThan(scenario.closed!.requests + scenario.open!.requests);
  });
});
