// msgapi load --seed-only, load export and load import as a user runs them: the data set seeded and
// kept for another engine, the script written with the seed file's target and group and without
// the token, and the data set removed again by the ledger the seed file names. The engines' own
// scripts and outputs are tested in test/artillery-*.test.ts and test/k6-*.test.ts.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/listen.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-load-engines-');
const k6Fixture = (name: string) => fileURLToPath(new URL(`../fixtures/k6/${name}`, import.meta.url));
const token = 'load-engines-token-7f3a';

async function listedIds(server: RunningReferenceServer, resource: 'conversations' | 'groups'): Promise<string[]> {
  const answer = await fetch(`${server.url}/v1/${resource}?limit=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { data: Array<{ id: string }> }).data.map((item) => item.id);
}

describe('load --seed-only, export and cleanup', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ users: [{ token, name: 'owner' }] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('seeds and keeps the data set, the export reads target and group from the seed file, and cleanup --ledger removes it all', async () => {
    const dir = newDir();
    const env = { BASE_URL: server.url, ACCESS_TOKEN: token, REPORTS_DIR: join(dir, 'reports') };
    const seeded = await runCli(['load', '--seed-only', '--conversations', '12', '--groups', '3'], env, dir);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stdout).toContain(`Seeded 12 conversations and 3 groups on ${server.url}`);
    const seed = JSON.parse(readFileSync(join(dir, 'reports', 'load-seed.json'), 'utf8')) as {
      url: string;
      group_id: string;
      ledger: string;
    };
    expect(seed.url).toBe(server.url);
    const groups = await listedIds(server, 'groups');
    expect(groups).toHaveLength(3);
    expect(groups).toContain(seed.group_id);
    // Each group has its conversation (§3): 12 + 3.
    expect(await listedIds(server, 'conversations')).toHaveLength(15);

    for (const engine of ['artillery', 'k6']) {
      // Only the seed file tells the export where the target is: no BASE_URL, and never the token.
      const exported = await runCli(
        ['load', 'export', engine, '--scenarios', 'conversations.group,groups.default'],
        { REPORTS_DIR: join(dir, 'reports') },
        dir,
      );
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toContain(`msgapi cleanup --ledger`);
      const out = join(dir, 'reports', engine);
      const plan = JSON.parse(readFileSync(join(out, 'msgapi-export.json'), 'utf8')) as {
        origin: string;
        scenarios: Array<{ name: string; path: string }>;
      };
      expect(plan.origin).toBe(server.url);
      expect(plan.scenarios.map((scenario) => scenario.name)).toEqual(['conversations.group', 'groups.default']);
      expect(plan.scenarios[0]!.path).toBe(`/v1/conversations?group_id=${seed.group_id}`);
      for (const file of readdirSync(out)) expect(readFileSync(join(out, file), 'utf8')).not.toContain(token);
    }

    // A second data set in the same reports folder would take the first one's record: refused, nothing seeded.
    const again = await runCli(['load', '--seed-only', '--conversations', '2', '--groups', '0'], env, dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('records a data set still kept on');
    expect(await listedIds(server, 'groups')).toHaveLength(3);

    const cleaned = await runCli(
      ['cleanup', '--ledger', seed.ledger],
      { BASE_URL: server.url, ACCESS_TOKEN: token },
      dir,
    );
    expect(cleaned.code, cleaned.stderr).toBe(0);
    expect(await listedIds(server, 'groups')).toEqual([]);
    expect(await listedIds(server, 'conversations')).toEqual([]);
    expect(existsSync(seed.ledger)).toBe(false);
  });

  it('leaves out a group filter when there is no group, and says so', async () => {
    const dir = newDir();
    const exported = await runCli(
      ['load', 'export', 'k6', '--base-url', server.url, '--scenarios', 'conversations.group,conversations.default'],
      { REPORTS_DIR: dir },
      dir,
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('Left out conversations.group: no group to filter by');
  });
});

describe('load export --stages and --duration in hours', () => {
  it('writes k6 ramping-arrival-rate stages and Artillery phases with rampTo; a soak run of 2h is 7200 s', async () => {
    const dir = newDir();
    const base = ['--base-url', 'http://127.0.0.1:9', '--scenarios', 'conversations.default', '--out'];
    const k6 = await runCli(
      ['load', 'export', 'k6', '--stages', '30s:100,2m:400,30s:0', ...base, join(dir, 'k6')],
      {},
      dir,
    );
    expect(k6.code, k6.stderr).toBe(0);
    expect(k6.stdout).toContain('stages up to 400 req/s in all over 1 runner, 180 s');
    const script = readFileSync(join(dir, 'k6', 'msgapi-k6.js'), 'utf8');
    expect(script).toContain('"executor": "ramping-arrival-rate"');
    expect(script).toContain('"maxVUs": 800');
    expect(script).toContain('export function setup()');
    const artillery = await runCli(
      ['load', 'export', 'artillery', '--stages', '1m:60', ...base, join(dir, 'artillery')],
      {},
      dir,
    );
    expect(artillery.code, artillery.stderr).toBe(0);
    expect(readFileSync(join(dir, 'artillery', 'msgapi-artillery.yml'), 'utf8')).toMatch(
      /arrivalRate: 0\n\s+rampTo: 60/,
    );
    const soak = await runCli(['load', 'export', 'k6', '--duration', '2h', ...base, join(dir, 'soak')], {}, dir);
    expect(soak.code, soak.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'soak', 'msgapi-export.json'), 'utf8')).durationS).toBe(7200);
  });
});

describe('refusals, one sentence each, before anything is sent or written', () => {
  it.each([
    [['load', '--seed-only'], '--seed-only needs a target that outlives this command (BASE_URL)'],
    [
      ['load', '--seed-only', '--base-url', 'http://127.0.0.1:9', '--access-token', 'x', '--no-seed'],
      '--seed-only measures nothing, so --no-seed has nothing to do with it.',
    ],
    [['load', 'export'], "which engine? Name it after 'load export': artillery or k6"],
    [['load', 'export', 'gatling'], 'gatling is not an engine load export knows; the engines are artillery and k6.'],
    [['load', 'export', 'k6'], 'no target to export for: give BASE_URL, or seed it first with msgapi load --seed-only'],
    [
      ['load', 'export', 'k6', '--base-url', 'http://127.0.0.1:9', '--scenarios', 'conversations.group'],
      'none of the scenarios chosen can be exported: conversations.group: no group to filter by',
    ],
    [
      ['load', 'export', 'k6', '--base-url', 'http://127.0.0.1:9', '--threshold', 'groups.default:rps>5'],
      "--threshold 'groups.default:rps>5': throughput thresholds are read from the closed model",
    ],
    [
      ['load', 'export', 'artillery', '--strict'],
      '--strict is not an option of msgapi load export (it belongs to msgapi check and msgapi load)',
    ],
    [
      ['load', 'export', 'k6', '--base-url', 'http://127.0.0.1:9', '--stages', '30s:100', '--model', 'closed'],
      "--stages shapes the open model's offered rate; give it with --model open.",
    ],
    [
      ['load', 'export', 'k6', '--base-url', 'http://127.0.0.1:9', '--stages', '30s:100', '--duration', '2h'],
      '--stages sets the rate and the length of the run stage by stage, so --duration cannot be given with it.',
    ],
    [
      ['load', 'export', 'artillery', '--base-url', 'http://127.0.0.1:9', '--stages', '30s:100,2m:fast'],
      '--stages stage 2 (2m:fast): fast is not a rate; give requests per second from 0 to 1000000.',
    ],
    [['load', 'import', 'k6'], 'no k6 output to import: name its files after the engine'],
    [['load', 'import', 'k6', 'nowhere.ndjson'], 'nowhere.ndjson does not exist.'],
    [
      ['load', 'import', 'k6', k6Fixture('runner-1.json'), k6Fixture('runner-1.json')],
      "runner-1.json is given twice; each runner's output counts once.",
    ],
    [
      ['load', 'import', 'k6', k6Fixture('runner-1.json'), '--plan', k6Fixture('make-fixtures.ts')],
      'is not a readable msgapi-export.json',
    ],
    [
      ['load', 'import', 'k6', k6Fixture('runner-1.json'), '--plan', k6Fixture('runner-1.json')],
      'is not a readable msgapi-export.json',
    ],
  ])('msgapi %j', async (args, sentence) => {
    const dir = newDir();
    const result = await runCli(args, { REPORTS_DIR: dir }, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(sentence);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });
});
