// msgapi load export k6 and msgapi load import k6 without the k6 binary (not installable here):
// the exported script is type-checked against @types/k6, its functions run under Node against
// the reference server through a small shim of k6/http (test/helpers/k6-shim/), and the import
// reads fixtures written to k6's documented JSON output format (test/fixtures/k6/).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../../reference/listen.ts';
import type { ReferenceChoices } from '../../../reference/choices.ts';
import { exportPlan, type ExportPlan } from '../../../load/engines/export-plan.ts';
import { exportK6 } from '../../../load/engines/k6/export-script.ts';
import { importK6 } from '../../../load/engines/k6/import-output.ts';
import { defaultK6Thresholds } from '../../../load/engines/k6/k6-thresholds.ts';
import { parseThreshold } from '../../../load/gates/thresholds.ts';
import { encodeHistogram, newHistogram, recordUs } from '../../../load/histogram.ts';
import type { Model } from '../../../load/load-report.ts';
import { scenarioSpecs } from '../../../load/scenarios.ts';
import type { Stage } from '../../../load/stages.ts';
import type { PaginationStyle } from '../../../lib/core/config/settings.ts';
import { ownerClient } from '../../../conformance/matrix/foreign-data.ts';
import { HarnessError } from '../../../lib/core/errors.ts';
import { fixturePlan, fixtureRunners, writeFixtures } from '../../fixtures/k6/make-fixtures.ts';
import { runExported } from '../../helpers/k6-shim/run-exported.ts';
import { judgeThresholds } from '../../helpers/k6-shim/thresholds.ts';
import { typeErrors } from '../../helpers/k6-shim/type-check.ts';
import { forward, listenLocally, withBody } from '../../helpers/test-server.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const token = 'k6-shim-token';
const newDir = tempDirs('msgapi-k6-');
const fixtures = fileURLToPath(new URL('../../fixtures/k6/', import.meta.url));
const fixture = (name: string) => join(fixtures, name);
const names = scenarioSpecs.map((spec) => spec.name);

interface PlanChoices {
  baseUrl?: string;
  only?: string[];
  model?: Model;
  rate?: number;
  connections?: number;
  workers?: number;
  pagination?: PaginationStyle;
  thresholds?: string[];
  stages?: Stage[];
}

function planOf(choices: PlanChoices = {}): ExportPlan {
  const model = choices.model ?? 'open';
  return exportPlan({
    baseUrl: choices.baseUrl ?? 'http://127.0.0.1:9',
    scenarios: scenarioSpecs.filter((spec) => choices.only === undefined || choices.only.includes(spec.name)),
    model,
    rate: choices.rate ?? 300,
    connections: choices.connections ?? 12,
    durationS: 30,
    warmupS: 0,
    workers: choices.workers ?? 1,
    maxLimit: 100,
    groupId: 'grp_export',
    pagination: choices.pagination ?? { kind: 'starting_after' },
    thresholds: (choices.thresholds ?? []).map((text) => parseThreshold(text, names, [model])),
    ...(choices.stages ? { stages: choices.stages } : {}),
  });
}

const scriptOf = (plan: ExportPlan) => exportK6(plan).files[0]!.content;

/** The script's own options object, as its module evaluates it (no request is sent). */
async function optionsOf(plan: ExportPlan) {
  return (await runExported(newDir(), scriptOf(plan), {}, [])).options;
}

describe('msgapi load export k6: the script', () => {
  it('type-checks against @types/k6, for the open and the closed model, every walk style and thresholds', () => {
    const styles: PaginationStyle[] = [
      { kind: 'starting_after' },
      { kind: 'cursor', param: 'cursor', field: 'next_cursor' },
      { kind: 'page', param: 'page' },
      { kind: 'offset', param: 'offset' },
    ];
    const scripts = Object.fromEntries(
      styles.map((pagination, index) => {
        const model: Model = index % 2 === 0 ? 'open' : 'closed';
        const thresholds =
          model === 'open'
            ? ['conversations.default:p99<50ms', '*:errors==0', 'groups.:non_2xx<3']
            : ['conversations.:rps>2000', '*:timeouts==0'];
        return [`${model}-${pagination.kind}.js`, scriptOf(planOf({ model, pagination, thresholds, workers: 2 }))];
      }),
    );
    scripts['open-stages.js'] = scriptOf(
      planOf({
        stages: [
          { durationS: 30, target: 100 },
          { durationS: 0.5, target: 10 },
        ],
      }),
    );
    expect(Object.keys(scripts)).toHaveLength(5);
    expect(typeErrors(newDir(), scripts)).toEqual([]);
  });

  it('fails the type check when the script is doctored (a number for timeUnit, a third argument to http.get)', () => {
    const script = scriptOf(planOf());
    expect(script).toContain('"timeUnit": "1s"');
    expect(script).toContain('http.get(origin + path, requestParams(scenario, firstPath))');
    const doctored = {
      'time-unit.js': script.replace('"timeUnit": "1s"', '"timeUnit": 1'),
      'get.js': script.replace('http.get(origin + path, requestParams', 'http.get(origin + path, 5, requestParams'),
    };
    expect(typeErrors(newDir(), doctored).sort()).toEqual([
      expect.stringMatching(/^get\.js:\d+: Expected 1-2 arguments, but got 3/),
      expect.stringMatching(/^time-unit\.js:\d+: Type 'number' is not assignable to type 'string'/),
    ]);
  });

  it('has one k6 scenario per scenario, keyed as k6 allows, tagged with our name, each running its own exported function', async () => {
    const plan = planOf({ only: ['conversations.default', 'conversations.limit-max', 'groups.walk'] });
    const run = await runExported(newDir(), scriptOf(plan), {}, []);
    expect(Object.keys(run.options.scenarios)).toEqual([
      'conversations_default',
      'conversations_limit_max',
      'groups_walk',
    ]);
    for (const [key, scenario] of Object.entries(run.options.scenarios)) {
      expect(key).toMatch(/^[0-9a-zA-Z_-]+$/);
      expect(scenario.exec).toBe(key);
      expect(run.exports).toContain(key);
    }
    expect(
      Object.values(run.options.scenarios).map((scenario) => (scenario.tags as Record<string, string>).msgapi_scenario),
    ).toEqual(['conversations.default', 'conversations.limit-max', 'groups.walk']);
    expect(run.exports).toContain('default');
  });

  it('open model: constant-arrival-rate with the rate of all runners spread over the scenarios; each runner may use the connections', async () => {
    const options = await optionsOf(
      planOf({ only: ['conversations.default', 'groups.default'], rate: 300, connections: 12, workers: 3 }),
    );
    expect(options.scenarios.conversations_default).toEqual({
      executor: 'constant-arrival-rate',
      exec: 'conversations_default',
      rate: 150,
      timeUnit: '1s',
      duration: '30s',
      preAllocatedVUs: 18,
      // 150 req/s held for answers of up to 2 s (latencyBoundS): 300 VUs.
      maxVUs: 300,
      tags: { msgapi_scenario: 'conversations.default' },
    });
  });

  it('open model: a rate that is no whole number per second is given per 1000 s', async () => {
    const options = await optionsOf(
      planOf({ only: ['conversations.default', 'groups.default', 'groups.archived'], rate: 10 }),
    );
    expect(options.scenarios.groups_default).toMatchObject({ rate: 3333, timeUnit: '1000s' });
  });

  it('open model with --stages: ramping-arrival-rate from 0, each stage its share of the rate, maxVUs sized for the peak', async () => {
    const stages = [
      { durationS: 30, target: 100 },
      { durationS: 120, target: 400 },
      { durationS: 30, target: 0 },
    ];
    const plan = planOf({ only: ['conversations.default', 'groups.default'], connections: 12, stages });
    expect(plan.durationS).toBe(180);
    const options = await optionsOf(plan);
    expect(options.scenarios.groups_default).toEqual({
      executor: 'ramping-arrival-rate',
      exec: 'groups_default',
      startRate: 0,
      timeUnit: '1s',
      stages: [
        { duration: '30s', target: 50 },
        { duration: '120s', target: 200 },
        { duration: '30s', target: 0 },
      ],
      preAllocatedVUs: 6,
      // The peak, 200 req/s per scenario, held for answers of up to 2 s.
      maxVUs: 400,
      tags: { msgapi_scenario: 'groups.default' },
    });
    const odd = await optionsOf(
      planOf({ only: ['conversations.default', 'groups.default', 'groups.archived'], stages }),
    );
    expect(odd.scenarios.groups_default).toMatchObject({
      timeUnit: '1000s',
      stages: [
        { duration: '30s', target: 33333 },
        { duration: '120s', target: 133333 },
        { duration: '30s', target: 0 },
      ],
    });
  });

  it('open model: maxVUs holds the rate for answers of up to 2 s, where preAllocatedVUs alone dropped any answer slower than 250 ms', async () => {
    const options = await optionsOf(planOf({ only: ['conversations.default'], rate: 20, connections: 5 }));
    expect(options.scenarios.conversations_default).toMatchObject({ rate: 20, preAllocatedVUs: 5, maxVUs: 40 });
    expect(exportK6(planOf({ only: ['conversations.default'], rate: 20, connections: 5 })).notes).toContainEqual(
      expect.stringContaining('maxVUs (40 per scenario) holds the rate for answers of up to 2 s'),
    );
  });

  it('gates without --threshold: every request answered 2xx (http_req_failed rate==0) and every check passed (checks rate==1)', async () => {
    expect((await optionsOf(planOf())).thresholds).toEqual({ http_req_failed: ['rate==0'], checks: ['rate==1'] });
  });

  it('closed model: constant-vus with the connections of all runners spread over the scenarios, at least one', async () => {
    const options = await optionsOf(
      planOf({ model: 'closed', only: ['conversations.default', 'groups.default'], connections: 50, workers: 5 }),
    );
    expect(options.scenarios.groups_default).toEqual({
      executor: 'constant-vus',
      exec: 'groups_default',
      vus: 25,
      duration: '30s',
      tags: { msgapi_scenario: 'groups.default' },
    });
    const few = await optionsOf(
      planOf({ model: 'closed', only: ['conversations.default', 'groups.default'], connections: 1 }),
    );
    expect(few.scenarios.conversations_default!.vus).toBe(1);
  });

  it('maps the thresholds that have a k6 equivalent, per scenario, and says which have none', async () => {
    const open = planOf({
      only: ['conversations.default', 'conversations.walk', 'groups.default'],
      thresholds: ['conversations.:p99.9<=120ms', 'groups.default:mean<2ms', '*:errors==0', 'groups.default:non_2xx<5'],
    });
    expect((await optionsOf(open)).thresholds).toEqual({
      ...defaultK6Thresholds,
      'http_req_duration{scenario:conversations_default}': ['p(99.9)<=120'],
      'http_req_duration{scenario:conversations_walk}': ['p(99.9)<=120'],
      'http_req_duration{scenario:groups_default}': ['avg<2'],
      'http_reqs{scenario:conversations_default,status:0}': ['count==0'],
      'http_reqs{scenario:conversations_walk,status:0}': ['count==0'],
      'http_reqs{scenario:groups_default,status:0}': ['count==0'],
      'http_reqs{scenario:groups_default,expected_response:false}': ['count<5'],
    });
    const closed = planOf({
      model: 'closed',
      workers: 4,
      only: ['conversations.default'],
      thresholds: ['conversations.default:rps>2000', 'conversations.default:bytes_per_s>1000'],
    });
    expect((await optionsOf(closed)).thresholds).toEqual({
      ...defaultK6Thresholds,
      'http_reqs{scenario:conversations_default}': ['rate>500'],
    });
    const { notes } = exportK6(closed);
    expect(notes).toContainEqual(
      expect.stringMatching(/^--threshold 'conversations\.default:bytes_per_s>1000' has no k6 equivalent/),
    );
    expect(notes).toContainEqual(
      expect.stringMatching(
        /^--threshold 'conversations\.default:rps>2000': each of the 4 runners checks it on its own share/,
      ),
    );
  });

  it('gives one k6 run per runner, each its execution segment, and the import of all their files', () => {
    expect(exportK6(planOf()).run).toEqual([
      'k6 run --out json=k6-output.gz msgapi-k6.js',
      'npx msgapi load import k6 k6-output.gz',
    ]);
    expect(exportK6(planOf({ workers: 3 })).run).toEqual([
      'k6 run --execution-segment 0:1/3 --execution-segment-sequence 0,1/3,2/3,1 --out json=k6-output-1.gz msgapi-k6.js',
      'k6 run --execution-segment 1/3:2/3 --execution-segment-sequence 0,1/3,2/3,1 --out json=k6-output-2.gz msgapi-k6.js',
      'k6 run --execution-segment 2/3:1 --execution-segment-sequence 0,1/3,2/3,1 --out json=k6-output-3.gz msgapi-k6.js',
      'npx msgapi load import k6 k6-output-1.gz k6-output-2.gz k6-output-3.gz',
    ]);
  });

  it('says what k6 cannot carry over: the warm-up, and the dropped iterations of the open model', () => {
    const notes = exportK6({ ...planOf(), warmupS: 5 }).notes;
    expect(notes).toContainEqual('k6 has no uncounted warm-up: the 5 s of warm-up are not in the script.');
    expect(notes).toContainEqual(expect.stringMatching(/k6 drops that iteration \(dropped_iterations\)/));
  });
});

/** A reference server behind a proxy that records what reached it. */
async function recordedReferenceServer(pagination: ReferenceChoices['pagination'], conversations: number) {
  const server: RunningReferenceServer = await startReferenceServer({
    users: [{ token, name: 'owner' }],
    choices: { pagination },
  });
  const owner = ownerClient(server.url, token);
  for (let n = 0; n < conversations; n++) await owner.createConversation({ contact_id: `k6-shim-${n}` });
  const reached: Array<{ url: string; authorization: string | undefined }> = [];
  const proxy = await listenLocally(
    withBody((req, res, body) => {
      reached.push({ url: req.url!, authorization: req.headers.authorization });
      void forward(server.url, req, body).then((answer) => {
        res.writeHead(answer.status, { 'content-type': answer.contentType });
        res.end(answer.text);
      });
    }),
  );
  return { url: proxy.url, reached, owner, close: async () => Promise.all([proxy.close(), server.close()]) };
}

describe('the exported script under the k6 shim, against the reference server', () => {
  let target: Awaited<ReturnType<typeof recordedReferenceServer>>;
  beforeAll(async () => {
    target = await recordedReferenceServer('starting_after', 12);
  });
  afterAll(() => target.close());

  it('sends each scenario its path and query with the token from ACCESS_TOKEN, tagged, and its checks pass', async () => {
    const plan = planOf({
      baseUrl: target.url,
      only: ['conversations.default', 'conversations.limit-max', 'conversations.muted', 'groups.archived'],
    });
    const script = scriptOf(plan);
    expect(script).not.toContain(token);
    const before = target.reached.length;
    const run = await runExported(
      newDir(),
      script,
      { ACCESS_TOKEN: token },
      plan.scenarios.map((scenario) => ({ exec: scenario.name.replace(/[.-]/g, '_'), times: 2 })),
    );
    const reached = target.reached.slice(before);
    expect(reached.map((request) => request.url)).toEqual([
      '/v1/conversations',
      '/v1/conversations',
      '/v1/conversations?limit=100',
      '/v1/conversations?limit=100',
      '/v1/conversations?muted=true',
      '/v1/conversations?muted=true',
      '/v1/groups?archived=true',
      '/v1/groups?archived=true',
    ]);
    expect(new Set(reached.map((request) => request.authorization))).toEqual(new Set([`Bearer ${token}`]));
    expect(run.requests.map((request) => request.status)).toEqual(Array(8).fill(200));
    expect(run.requests.map((request) => request.tags.msgapi_scenario)).toEqual(
      plan.scenarios.flatMap((scenario) => [scenario.name, scenario.name]),
    );
    expect(
      run.requests.every((request) => JSON.stringify(request.expectsOnly) === JSON.stringify([{ min: 200, max: 299 }])),
    ).toBe(true);
    expect(run.checks).toHaveLength(16);
    expect(run.checks.filter((outcome) => !outcome.ok)).toEqual([]);
  });

  it('its default function sends each scenario once (the smoke test)', async () => {
    const plan = planOf({ baseUrl: target.url, only: ['conversations.pinned', 'groups.default'] });
    const before = target.reached.length;
    await runExported(newDir(), scriptOf(plan), { ACCESS_TOKEN: token }, [{ exec: 'default', times: 1 }]);
    expect(target.reached.slice(before).map((request) => request.url)).toEqual([
      '/v1/conversations?pinned=true',
      '/v1/groups',
    ]);
  });

  it('against a server answering 401 its thresholds fail; with the token they pass', async () => {
    const plan = planOf({ baseUrl: target.url, only: ['conversations.default', 'groups.default'] });
    const calls = [{ exec: 'default', times: 3 }];
    const refused = await runExported(newDir(), scriptOf(plan), { ACCESS_TOKEN: 'not-the-token' }, calls);
    expect(refused.setupFailed).toBeUndefined();
    expect(refused.requests.map((request) => request.status)).toEqual(Array(6).fill(401));
    expect(judgeThresholds(refused)).toEqual([
      { metric: 'http_req_failed', expression: 'rate==0', rate: 1, passed: false },
      { metric: 'checks', expression: 'rate==1', rate: 0, passed: false },
    ]);
    const accepted = await runExported(newDir(), scriptOf(plan), { ACCESS_TOKEN: token }, calls);
    expect(accepted.requests.map((request) => request.status)).toEqual(Array(6).fill(200));
    expect(judgeThresholds(accepted)).toEqual([
      { metric: 'http_req_failed', expression: 'rate==0', rate: 0, passed: true },
      { metric: 'checks', expression: 'rate==1', rate: 1, passed: true },
    ]);
  });

  it('without ACCESS_TOKEN it stops in setup(), before any request', async () => {
    const plan = planOf({ baseUrl: target.url, only: ['conversations.default'] });
    const before = target.reached.length;
    const environments: Array<Record<string, string>> = [{}, { ACCESS_TOKEN: '' }];
    for (const env of environments) {
      const run = await runExported(newDir(), scriptOf(plan), env, [
        { exec: 'default', times: 1 },
        { exec: 'conversations_default', times: 2 },
      ]);
      expect(run.setupFailed).toMatch(/^ACCESS_TOKEN is not set: /);
      expect(run.requests).toEqual([]);
    }
    expect(target.reached.length).toBe(before);
    expect(scriptOf(plan)).not.toContain('Bearer undefined');
  });

  it('fails its checks on an answer that is no list envelope, and on a refused token', async () => {
    const plan = planOf({ baseUrl: target.url, only: ['conversations.default'] });
    const run = await runExported(newDir(), scriptOf(plan), { ACCESS_TOKEN: 'not-the-token' }, [
      { exec: 'conversations_default', times: 1 },
    ]);
    expect(run.requests.map((request) => request.status)).toEqual([401]);
    expect(run.checks.map((outcome) => outcome.ok)).toEqual([false, false]);
  });
});

describe('a walk of the exported script under the k6 shim goes to page 2, then back to page 1', () => {
  const cases: Array<{
    pagination: PaginationStyle;
    second: (firstPage: { data: Array<{ id: string }>; next_cursor?: string }) => string;
  }> = [
    {
      pagination: { kind: 'starting_after' },
      second: (page) => `/v1/conversations?starting_after=${page.data.at(-1)!.id}`,
    },
    {
      pagination: { kind: 'cursor', param: 'cursor', field: 'next_cursor' },
      second: (page) => `/v1/conversations?cursor=${encodeURIComponent(page.next_cursor!)}`,
    },
    { pagination: { kind: 'page', param: 'page' }, second: () => '/v1/conversations?page=2' },
    { pagination: { kind: 'offset', param: 'offset' }, second: () => '/v1/conversations?offset=10' },
  ];
  for (const { pagination, second } of cases) {
    it(`PAGINATION ${pagination.kind}`, async () => {
      const target = await recordedReferenceServer(pagination.kind, 12);
      try {
        const firstPage = (await target.owner.listConversations()).body as {
          data: Array<{ id: string }>;
          has_more: boolean;
          next_cursor?: string;
        };
        expect(firstPage.data).toHaveLength(10);
        expect(firstPage.has_more).toBe(true);
        const plan = planOf({ baseUrl: target.url, only: ['conversations.walk'], pagination });
        const before = target.reached.length;
        const run = await runExported(newDir(), scriptOf(plan), { ACCESS_TOKEN: token }, [
          { exec: 'conversations_walk', times: 3 },
        ]);
        expect(target.reached.slice(before).map((request) => request.url)).toEqual([
          '/v1/conversations',
          second(firstPage),
          '/v1/conversations',
        ]);
        expect(run.requests.map((request) => request.tags.name)).toEqual(
          Array(3).fill(`${target.url}/v1/conversations`),
        );
        expect(run.checks.filter((outcome) => !outcome.ok)).toEqual([]);
      } finally {
        await target.close();
      }
    });
  }
});

/** The fixtures' requests of a scenario (of the runners given), as the test reads them from the generator's table. */
const requestsOf = (files: string[], scenario: string) =>
  fixtureRunners
    .filter((runner) => files.includes(runner.file))
    .flatMap((runner) => runner.requests)
    .filter((request) => request.scenario === scenario);

function refusal(action: () => unknown): HarnessError {
  try {
    action();
  } catch (error) {
    if (error instanceof HarnessError) return error;
    throw error;
  }
  throw new Error('no HarnessError was thrown');
}

describe('msgapi load import k6', () => {
  it('the fixtures are what make-fixtures.ts writes', () => {
    const dir = newDir();
    writeFixtures(dir);
    for (const name of ['runner-1.json', 'runner-2.json', 'dropped.json', 'msgapi-export.json']) {
      expect(readFileSync(join(dir, name), 'utf8'), name).toBe(readFileSync(fixture(name), 'utf8'));
    }
    expect(gunzipSync(readFileSync(fixture('runner-2.json.gz'))).toString()).toBe(
      readFileSync(fixture('runner-2.json'), 'utf8'),
    );
  });

  it('adds two runner files (one gzipped) up: every http_req_duration point re-recorded in µs, per scenario', () => {
    const run = importK6([fixture('runner-1.json'), fixture('runner-2.json.gz')], fixturePlan);
    expect(run.scenarios.map((scenario) => scenario.name)).toEqual(['conversations.default', 'conversations.walk']);
    for (const { name, figures } of run.scenarios) {
      const expected = newHistogram();
      // Only answered requests: one that got no response (status 0) is an error, as in msgapi load.
      for (const request of requestsOf(['runner-1.json', 'runner-2.json'], name).filter(
        (request) => request.status !== 0,
      ))
        recordUs(expected, Math.round(request.ms * 1000));
      expect(figures.histogram, name).toBe(encodeHistogram(expected));
    }
    const [defaults, walks] = run.scenarios.map((scenario) => scenario.figures);
    expect(defaults).toMatchObject({
      model: 'open',
      offered_rate: 10,
      requests: 8,
      statuses: { '200': 7, '404': 1 },
      non_2xx: 1,
      errors: 0,
      unsent: 0,
      duration_s: 2.387,
      rps_over_time: [6, 1, 1],
    });
    expect(defaults!.latency_us.max).toBeGreaterThanOrEqual(14_999);
    expect(defaults!.latency_us.max).toBeLessThan(15_010);
    expect(walks).toMatchObject({
      requests: 3,
      statuses: { '200': 3 },
      errors: 2,
      timeouts: 1,
      error_kinds: { 'k6 1050 (request timeout)': 1, 'k6 1212 (TCP)': 1 },
    });
    expect(run).toMatchObject({
      engine: 'k6',
      workers: 2,
      model: 'open',
      rate: 20,
      targetUrl: 'http://127.0.0.1:8080',
      startedAt: '2025-03-04T10:00:00.012Z',
      finishedAt: '2025-03-04T10:00:02.399Z',
      problems: [],
    });
    expect(run.notes).toContainEqual(expect.stringMatching(/re-recorded rounded to the nearest µs/));
  });

  it('reads a gzipped file as its plain copy (gzip found by its magic bytes, not its name)', () => {
    const plain = importK6([fixture('runner-1.json'), fixture('runner-2.json')], fixturePlan);
    const gzipped = importK6([fixture('runner-1.json'), fixture('runner-2.json.gz')], fixturePlan);
    expect(gzipped.scenarios).toEqual(plain.scenarios);
    const dir = newDir();
    writeFileSync(join(dir, 'k6-output.json'), gzipSync(readFileSync(fixture('runner-1.json'))));
    expect(importK6([join(dir, 'k6-output.json')], fixturePlan).scenarios).toEqual(
      importK6([fixture('runner-1.json')], fixturePlan).scenarios,
    );
  });

  it('says the open model was not held when k6 dropped iterations, and counts them as unsent', () => {
    const run = importK6([fixture('dropped.json')], fixturePlan);
    expect(run.scenarios.map(({ name, figures }) => [name, figures.unsent])).toEqual([
      ['conversations.default', 3],
      ['conversations.walk', 0],
    ]);
    expect(run.problems).toEqual([
      expect.stringMatching(
        /^conversations\.default: the open model was not held: k6 dropped 3 iterations .*does not back-fill their latency/,
      ),
    ]);
  });

  it('says so when a scenario of the export has no request in the files', () => {
    const dir = newDir();
    const onlyDefault = readFileSync(fixture('runner-1.json'), 'utf8')
      .split('\n')
      .filter((line) => !line.includes('conversations.walk'))
      .join('\n');
    writeFileSync(join(dir, 'one.json'), onlyDefault);
    expect(importK6([join(dir, 'one.json')], fixturePlan).problems).toEqual([
      'conversations.walk: k6 recorded no request of this scenario.',
    ]);
  });

  it('leaves out a last line cut short (k6 stopped while writing), and says so', () => {
    const dir = newDir();
    const text = readFileSync(fixture('runner-1.json'), 'utf8');
    writeFileSync(join(dir, 'cut.json'), text.slice(0, text.length - 40));
    const run = importK6([join(dir, 'cut.json')], fixturePlan);
    expect(run.notes).toContainEqual(
      `${join(dir, 'cut.json')}: the last line was cut off (k6 stopped while writing it) and was left out.`,
    );
  });

  it('refuses a file that is not k6 JSON output, one of a scenario the export does not have, one without durations, a broken gzip', () => {
    const dir = newDir();
    const file = (name: string, content: string | Buffer) => {
      writeFileSync(join(dir, name), content);
      return join(dir, name);
    };
    const summary = file('summary.json', '{\n  "metrics": {}\n}\n');
    expect(refusal(() => importK6([summary], fixturePlan))).toMatchObject({
      code: 'MSGAPI_USAGE',
      message: `${summary} is not k6 JSON output (k6 run --out json=FILE): line 1 is not JSON.`,
    });
    const artillery = file('artillery.json', '{"aggregate":{},"intermediate":[]}\n');
    expect(refusal(() => importK6([artillery], fixturePlan)).message).toMatch(
      /line 1 is not a k6 Metric or Point line/,
    );
    const foreign = file(
      'foreign.json',
      readFileSync(fixture('runner-1.json'), 'utf8').replaceAll('conversations.walk', 'groups.walk'),
    );
    expect(refusal(() => importK6([foreign], fixturePlan)).message).toBe(
      `${foreign}: the scenario groups.walk is none of the export's (conversations.default, conversations.walk): is it the output of this export's script?`,
    );
    const noDurations = file(
      'vus.json',
      readFileSync(fixture('runner-1.json'), 'utf8')
        .split('\n')
        .filter((line) => !line.includes('"http_req_duration"'))
        .join('\n'),
    );
    expect(refusal(() => importK6([fixture('runner-2.json'), noDurations], fixturePlan)).message).toBe(
      `${noDurations} holds no http_req_duration point: k6 sent no request, or the file is not the output of k6 run --out json=FILE.`,
    );
    const gzipped = gzipSync(readFileSync(fixture('runner-1.json')));
    const broken = file('broken.gz', gzipped.subarray(0, gzipped.length - 100));
    expect(refusal(() => importK6([broken], fixturePlan)).message).toMatch(/is gzipped but cannot be read whole/);
    expect(refusal(() => importK6([file('empty.json', '')], fixturePlan)).message).toMatch(
      /is empty: not k6 JSON output/,
    );
  });
});
