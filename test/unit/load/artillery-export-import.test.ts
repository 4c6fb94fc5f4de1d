// msgapi load export/import artillery on fixtures (no Artillery here): the script carries exactly
// msgapi's requests and never the token, the processor counts what it should, and reports of real
// Artillery 2.0.21 runs (test/fixtures/artillery, recorded against the embedded server) import
// into histograms whose counts are Artillery's, or are refused when they do not add up.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { exportArtillery, processorFileName, scriptFileName } from '../../../load/engines/artillery/export-script.ts';
import { importArtillery } from '../../../load/engines/artillery/import-report.ts';
import { bucketAt, bucketEncoderSource } from '../../../load/engines/artillery/latency-buckets.ts';
import type { ExportPlan } from '../../../load/engines/export-plan.ts';
import { importedLoadReport } from '../../../load/engines/imported-report.ts';
import { decodeHistogram } from '../../../load/histogram.ts';
import { mergeLoadReports } from '../../../load/merge-reports.ts';
import { HarnessError } from '../../../lib/core/errors.ts';
import { syntheticLoadReport } from '../../helpers/load-report-fixture.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-artillery-');
const fixtures = new URL('../../fixtures/artillery/', import.meta.url).pathname;
const fixturePlan = (run: string): ExportPlan =>
  JSON.parse(readFileSync(join(fixtures, run, 'msgapi-export.json'), 'utf8')) as ExportPlan;
const fixtureReport = (run: string, file = 'artillery-report.json') => join(fixtures, run, file);
const artilleryCounters = (file: string): Record<string, number> =>
  (JSON.parse(readFileSync(file, 'utf8')) as { aggregate: { counters: Record<string, number> } }).aggregate.counters;

const plan = (overrides: Partial<ExportPlan> = {}): ExportPlan => ({
  origin: 'http://127.0.0.1:4010',
  tokenVariable: 'ACCESS_TOKEN',
  scenarios: [
    { name: 'conversations.limit-max', spec: '§4.1, §8', path: '/api/v1/conversations?limit=100' },
    { name: 'conversations.group', spec: '§4.1', path: '/api/v1/conversations?group_id=grp_7' },
    { name: 'groups.walk', spec: '§4.2, §4.3', path: '/api/v1/groups', walk: { kind: 'starting_after' } },
  ],
  leftOut: [{ name: 'conversations.walk', why: 'PAGINATION=none: there is no next page to ask for' }],
  model: 'open',
  rate: 90,
  connections: 12,
  durationS: 20,
  warmupS: 3,
  workers: 3,
  thresholds: [],
  ...overrides,
});

interface Script {
  before?: { flow: Array<Record<string, unknown>> };
  config: {
    target: string;
    processor: string;
    http: { pool: number };
    phases: Array<Record<string, number | string>>;
    ensure: { maxErrorRate: number };
    plugins: Record<string, unknown>;
  };
  scenarios: Array<{ name: string; flow: Array<Record<string, unknown>> }>;
}

const fileOf = (result: ReturnType<typeof exportArtillery>, name: string) =>
  result.files.find((file) => file.name === name)!.content;
const scriptOf = (result: ReturnType<typeof exportArtillery>) => parse(fileOf(result, scriptFileName)) as Script;
/** The request of a scenario's flow, at the top or inside the closed model's loop. */
const requestOf = (scenario: Script['scenarios'][number]) => {
  const step = scenario.flow.find((entry) => 'get' in entry || 'loop' in entry)!;
  const get = 'get' in step ? step.get : (step.loop as Array<{ get: unknown }>)[0]!.get;
  return get as { url: string; name: string; headers: Record<string, string> };
};

describe('msgapi load export artillery', () => {
  it('artillery.export.requests — each scenario sends its exact path and query, named by the scenario', () => {
    const script = scriptOf(exportArtillery(plan()));
    expect(script.config.target).toBe('http://127.0.0.1:4010');
    expect(
      script.scenarios.map((scenario) => [scenario.name, requestOf(scenario).url, requestOf(scenario).name]),
    ).toEqual([
      ['conversations.limit-max', '/api/v1/conversations?limit=100', 'conversations.limit-max'],
      ['conversations.group', '/api/v1/conversations?group_id=grp_7', 'conversations.group'],
      ['groups.walk', '/api/v1/groups', 'groups.walk'],
    ]);
  });

  it('artillery.export.token — the script reads the token from the environment and no file holds one', () => {
    const result = exportArtillery(plan());
    const script = scriptOf(result);
    for (const scenario of script.scenarios)
      expect(requestOf(scenario).headers.authorization).toBe('Bearer {{ $env.ACCESS_TOKEN }}');
    for (const file of [...result.files.map((file) => file.content), ...result.run])
      expect(file).not.toMatch(/Bearer (?!\{\{ \$env\.ACCESS_TOKEN \}\})/);
  });

  it("artillery.export.open — one runner's share of the rate and of the connections, and an ensure that fails the exit code", () => {
    const result = exportArtillery(plan());
    const script = scriptOf(result);
    expect(script.config.phases).toEqual([expect.objectContaining({ duration: 20, arrivalRate: 30 })]);
    expect(script.config.http.pool).toBe(4);
    expect(script.config.ensure).toEqual({ maxErrorRate: 0, thresholds: [{ msgapi_non_2xx: 1 }] });
    expect(script.config.plugins).toHaveProperty('ensure');
    expect(script.config.processor).toBe(`./${processorFileName}`);
    expect(result.run.filter((command) => command.includes('artillery@2.0.21 run '))).toHaveLength(3);
    expect(result.notes.join('\n')).toContain('conversations.walk is left out: PAGINATION=none');
  });

  it('artillery.export.closed — virtual users as connections, each looping over one scenario, run one scenario at a time', () => {
    const result = exportArtillery(plan({ model: 'closed', workers: 2 }));
    const script = scriptOf(result);
    expect(script.config.phases).toEqual([expect.objectContaining({ duration: 1, arrivalCount: 6, maxVusers: 6 })]);
    expect(script.config.http.pool).toBe(6);
    for (const scenario of script.scenarios)
      expect(scenario.flow).toContainEqual(expect.objectContaining({ whileTrue: 'msgapiBeforeDeadline' }));
    expect(result.run.filter((command) => command.includes('--scenario-name conversations.group '))).toHaveLength(2);
    expect(result.notes.join('\n')).toMatch(/Artillery has no closed model/);
  });
});

describe('msgapi load export artillery: stages and the token', () => {
  it('artillery.export.stages — --stages become phases ramping with rampTo from the rate before, each runner its share', () => {
    const result = exportArtillery(
      plan({
        workers: 2,
        stages: [
          { durationS: 30, target: 100 },
          { durationS: 120, target: 400 },
          { durationS: 60, target: 400 },
          { durationS: 30, target: 0 },
          { durationS: 10, target: 0 },
        ],
        durationS: 250,
      }),
    );
    expect(scriptOf(result).config.phases).toEqual([
      { name: 'msgapi open model, stage 1: 0 to 50 requests/s', duration: 30, arrivalRate: 0, rampTo: 50 },
      { name: 'msgapi open model, stage 2: 50 to 200 requests/s', duration: 120, arrivalRate: 50, rampTo: 200 },
      { name: 'msgapi open model, stage 3: 200 to 200 requests/s', duration: 60, arrivalRate: 200 },
      { name: 'msgapi open model, stage 4: 200 to 0 requests/s', duration: 30, arrivalRate: 200, rampTo: 0 },
      { name: 'msgapi open model, stage 5: 0 to 0 requests/s', pause: 10 },
    ]);
    const rounded = exportArtillery(plan({ stages: [{ durationS: 1.5, target: 10 }], durationS: 1.5 }));
    expect(scriptOf(rounded).config.phases).toEqual([expect.objectContaining({ duration: 2, rampTo: 3.333 })]);
    expect(rounded.notes).toContain(
      'Artillery counts phases in whole seconds: stages not lasting whole seconds are rounded.',
    );
  });

  it("artillery.export.token-required — the script's before section runs the processor's check once, before any virtual user", () => {
    const script = scriptOf(exportArtillery(plan()));
    expect(script.before).toEqual({ flow: [{ function: 'msgapiRequireToken' }] });
  });
});

// The processor as Artillery loads it (require of the .cjs), driven with a fake event emitter.
async function loadProcessor(exportPlan: ExportPlan) {
  const dir = newDir();
  const path = join(dir, processorFileName);
  writeFileSync(path, fileOf(exportArtillery(exportPlan), processorFileName));
  const processor = createRequire(import.meta.url)(path) as Record<string, (...args: unknown[]) => void>;
  const counters: Record<string, number> = {};
  const ee = {
    emit: (type: string, name: string, value: number) =>
      type === 'counter' && (counters[name] = (counters[name] ?? 0) + value),
  };
  const context = { vars: {} as Record<string, unknown> };
  let clockNs = 0n;
  vi.spyOn(process.hrtime, 'bigint').mockImplementation(() => clockNs);
  /** One request through the hooks: its url as sent, answered after `us` with `status` and `body`. */
  const respond = (name: string, us: number, status: number, body: unknown = { data: [], has_more: false }) => {
    const req = {
      name,
      url: `${exportPlan.origin}${exportPlan.scenarios.find((scenario) => scenario.name === name)!.path}`,
    };
    processor.msgapiBeforeRequest!(req, context, ee, () => {});
    clockNs += BigInt(Math.round(us * 1000));
    processor.msgapiAfterResponse!(req, { statusCode: status, body: JSON.stringify(body) }, context, ee, () => {});
    return req.url;
  };
  const fail = (name: string, code: string) => {
    const req = { name, url: `${exportPlan.origin}/x` };
    processor.msgapiBeforeRequest!(req, context, ee, () => {});
    // Artillery may run the onError hooks twice for one request (its error event and its promise).
    for (let i = 0; i < 2; i++)
      processor.msgapiOnError!(Object.assign(new Error('refused'), { code }), req, context, ee, () => {});
  };
  return { counters, respond, fail, processor, context };
}

describe('the Artillery processor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('artillery.processor.token — msgapiRequireToken calls back an error without ACCESS_TOKEN (Artillery then stops), and nothing with it', async () => {
    const { processor, context } = await loadProcessor(plan());
    const outcome = (token: string | undefined) => {
      vi.stubEnv('ACCESS_TOKEN', token);
      let error: unknown = 'not called';
      processor.msgapiRequireToken!(context, { emit: () => {} }, (given?: unknown) => (error = given));
      vi.unstubAllEnvs();
      return error;
    };
    expect(String(outcome(undefined))).toBe(
      'Error: ACCESS_TOKEN is not set: give the token in the environment (or --dotenv); nothing was sent.',
    );
    expect(String(outcome(''))).toMatch(/^Error: ACCESS_TOKEN is not set/);
    expect(outcome('a-token')).toBeUndefined();
  });

  it('artillery.processor.counts — each response goes into one latency bucket, one status and the body bytes of its scenario', async () => {
    const { counters, respond } = await loadProcessor(plan());
    respond('conversations.group', 1500, 200, { data: [{ id: 'c_1' }], has_more: false });
    respond('conversations.group', 1510, 200);
    respond('conversations.limit-max', 20, 404, { error: 'nope' });
    expect(counters).toMatchObject({
      'msgapi.conversations.group.latency_us.1472': 2,
      'msgapi.conversations.group.status.200': 2,
      'msgapi.conversations.limit-max.latency_us.20': 1,
      'msgapi.conversations.limit-max.status.404': 1,
      'msgapi.conversations.limit-max.bytes.body': JSON.stringify({ error: 'nope' }).length,
      msgapi_non_2xx: 1,
    });
    expect(bucketAt(1472)).toEqual({ lowerUs: 1472, widthUs: 64 });
  });

  it('artillery.processor.errors — a request without a response counts once, as an error of its kind', async () => {
    const { counters, fail } = await loadProcessor(plan());
    fail('conversations.group', 'ECONNREFUSED');
    fail('conversations.group', 'ETIMEDOUT');
    expect(Object.entries(counters).filter(([name]) => name.includes('.error.'))).toEqual([
      ['msgapi.conversations.group.error.ECONNREFUSED', 1],
      ['msgapi.conversations.group.error.ETIMEDOUT', 1],
    ]);
  });

  it.each([
    [
      { kind: 'starting_after' } as const,
      { data: [{ id: 'g_1' }, { id: 'g_2' }], has_more: true },
      '/api/v1/groups?limit=2&starting_after=g_2',
    ],
    [
      { kind: 'cursor', param: 'cursor', field: 'next_cursor' } as const,
      { data: [{ id: 'g_1' }], has_more: true, next_cursor: 'abc' },
      '/api/v1/groups?limit=2&cursor=abc',
    ],
    [
      { kind: 'page', param: 'page' } as const,
      { data: [{ id: 'g_1' }], has_more: true },
      '/api/v1/groups?limit=2&page=2',
    ],
    [
      { kind: 'offset', param: 'offset' } as const,
      { data: [{ id: 'g_1' }, { id: 'g_2' }], has_more: true },
      '/api/v1/groups?limit=2&offset=2',
    ],
  ])(
    'artillery.processor.walk — %j: the next request asks for the next page, and after the last for the first again',
    async (walk, firstPage, secondPath) => {
      const { respond } = await loadProcessor(
        plan({ scenarios: [{ name: 'groups.walk', spec: '§4.2', path: '/api/v1/groups?limit=2', walk }] }),
      );
      expect(respond('groups.walk', 900, 200, firstPage)).toBe('http://127.0.0.1:4010/api/v1/groups?limit=2');
      expect(respond('groups.walk', 900, 200, { data: [{ id: 'g_3' }], has_more: false })).toBe(
        `http://127.0.0.1:4010${secondPath}`,
      );
      expect(respond('groups.walk', 900, 200)).toBe('http://127.0.0.1:4010/api/v1/groups?limit=2');
    },
  );

  it('artillery.processor.deadline — in the closed model a virtual user loops until the duration is over', async () => {
    const { processor, context } = await loadProcessor(plan({ model: 'closed', durationS: 20 }));
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    processor.msgapiStartClock!(context, {}, () => {});
    const answers: boolean[] = [];
    for (const at of [1_000_000, 1_019_999, 1_020_000]) {
      now.mockReturnValue(at);
      processor.msgapiBeforeDeadline!(context, (more: boolean) => answers.push(more));
    }
    expect(answers).toEqual([true, true, false]);
  });

  it('artillery.buckets.encoder — every latency falls in the bucket the processor names, at most 1/16 of its lower bound wide', () => {
    const latencyBucketUs = new Function(`${bucketEncoderSource}\nreturn latencyBucketUs;`)() as (us: number) => number;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_600_000_000 }), (us) => {
        const bucket = bucketAt(latencyBucketUs(us));
        expect(bucket, `${us} µs`).toBeDefined();
        expect(us).toBeGreaterThanOrEqual(bucket!.lowerUs);
        expect(us).toBeLessThan(bucket!.lowerUs + bucket!.widthUs);
        expect(bucket!.widthUs === 1 || bucket!.widthUs / bucket!.lowerUs <= 1 / 16).toBe(true);
      }),
    );
  });
});

describe('msgapi load import artillery (reports of real Artillery 2.0.21 runs)', () => {
  it('artillery.import.counts — one histogram per scenario, as many samples as Artillery counted responses', () => {
    const report = fixtureReport('open');
    const run = importArtillery([report], fixturePlan('open'));
    const counters = artilleryCounters(report);
    expect(run.scenarios.map((scenario) => scenario.name)).toEqual([
      'conversations.default',
      'conversations.walk',
      'groups.default',
    ]);
    for (const { name, figures } of run.scenarios) {
      expect(decodeHistogram(figures.histogram).totalCount, name).toBe(figures.requests);
      expect(figures.statuses, name).toEqual({ '200': counters[`msgapi.${name}.status.200`] });
    }
    expect(run.scenarios.reduce((sum, scenario) => sum + scenario.figures.requests, 0)).toBe(
      counters['http.responses'],
    );
    expect(run.notes.join('\n')).toMatch(/1\/16-octave buckets/);
    expect(importedLoadReport(run, { thresholds: [] }).verdict.passed).toBe(true);
  });

  it('artillery.import.unmeasured — a scenario the plan asked for and no report measured fails the run', () => {
    const open = fixturePlan('open');
    const wider = {
      ...open,
      scenarios: [...open.scenarios, { name: 'groups.archived', spec: '§4.2', path: '/v1/groups?archived=true' }],
    };
    const run = importArtillery([fixtureReport('open')], wider);
    expect(run.problems).toContainEqual(
      expect.stringMatching(/^groups\.archived: no response of it in the reports, so it was not measured/),
    );
    expect(importedLoadReport(run, { thresholds: [] }).verdict.passed).toBe(false);
  });

  it('artillery.import.not-found — a target answering 404 imports as non-2xx responses that fail the run', () => {
    const run = importArtillery([fixtureReport('not-found')], fixturePlan('not-found'));
    const counters = artilleryCounters(fixtureReport('not-found'));
    expect(run.scenarios.reduce((sum, scenario) => sum + scenario.figures.non_2xx, 0)).toBe(counters['http.codes.404']);
    expect(run.scenarios.every((scenario) => Object.keys(scenario.figures.statuses).join() === '404')).toBe(true);
    expect(importedLoadReport(run, { thresholds: [] }).verdict.passed).toBe(false);
  });

  it('artillery.import.errors — requests without a response import as errors of their kind', () => {
    const run = importArtillery([fixtureReport('refused')], fixturePlan('refused'));
    expect(run.scenarios).toHaveLength(1);
    expect(run.scenarios[0]!.figures).toMatchObject({ requests: 0, errors: 10, error_kinds: { ECONNREFUSED: 10 } });
    expect(run.problems).toEqual([]);
    expect(importedLoadReport(run, { thresholds: [] }).verdict.passed).toBe(false);
  });

  it("artillery.import.runners — two runners' reports add up, over the longer of their durations", () => {
    const files = ['artillery-report-runner1.json', 'artillery-report-runner2.json'].map((file) =>
      fixtureReport('two-runners', file),
    );
    const run = importArtillery(files, fixturePlan('two-runners'));
    const singles = files.map((file) => importArtillery([file], fixturePlan('two-runners')));
    for (const [index, { name, figures }] of run.scenarios.entries()) {
      const parts = singles.map((single) => single.scenarios[index]!.figures);
      expect(figures.requests, name).toBe(parts[0]!.requests + parts[1]!.requests);
      expect(decodeHistogram(figures.histogram).totalCount, name).toBe(figures.requests);
      expect(figures.duration_s, name).toBe(Math.max(parts[0]!.duration_s, parts[1]!.duration_s));
    }
    expect(run.workers).toBe(2);
  });

  it('artillery.import.merge — merged with a msgapi load report, the counts of a scenario add', () => {
    const imported = importedLoadReport(importArtillery([fixtureReport('open')], fixturePlan('open')), {
      thresholds: [],
    });
    const ours = syntheticLoadReport();
    ours.scenarios = [{ ...ours.scenarios[0]!, name: 'conversations.default', closed: null }];
    const merged = mergeLoadReports([imported, ours], ['artillery.json', 'load.json'], 'concurrent');
    const open = (report: typeof ours) =>
      report.scenarios.find((scenario) => scenario.name === 'conversations.default')!.open!;
    expect(open(merged).requests).toBe(open(imported).requests + open(ours).requests);
    expect(decodeHistogram(open(merged).histogram).totalCount).toBe(open(imported).requests + open(ours).requests);
  });
});

describe('msgapi load import artillery refuses what does not add up', () => {
  /** The open fixture, changed by `doctor`, in a folder of the test's own. */
  const doctored = (doctor: (report: { aggregate: { counters: Record<string, number> } }) => void): string => {
    const report = JSON.parse(readFileSync(fixtureReport('open'), 'utf8')) as {
      aggregate: { counters: Record<string, number> };
    };
    doctor(report);
    const file = join(newDir(), 'artillery-report.json');
    writeFileSync(file, JSON.stringify(report));
    return file;
  };
  const refusal = (file: string, exportPlan = fixturePlan('open')) => {
    try {
      importArtillery([file], exportPlan);
    } catch (error) {
      return error;
    }
    return undefined;
  };
  const firstBucket = (counters: Record<string, number>) =>
    Object.keys(counters).find((name) => name.includes('.latency_us.'))!;

  it('artillery.import.refuse-bucket — a bucket counter changed after the run', () => {
    const error = refusal(
      doctored((report) => (report.aggregate.counters[firstBucket(report.aggregate.counters)]! += 1)),
    );
    expect(error).toBeInstanceOf(HarnessError);
    expect(error).toMatchObject({
      code: 'MSGAPI_USAGE',
      message: expect.stringMatching(/[\w.-]+ has \d+ responses in its latency buckets but \d+ in its statuses/),
    });
  });

  it("artillery.import.refuse-total — buckets and statuses that agree with each other but not with Artillery's response count", () => {
    const error = refusal(doctored((report) => (report.aggregate.counters['http.responses']! -= 1)));
    expect(error).toMatchObject({ code: 'MSGAPI_USAGE', message: expect.stringContaining('but Artillery counted') });
  });

  it('artillery.import.refuse-bucket-name — a latency counter no bucket starts at', () => {
    const error = refusal(
      doctored((report) => {
        const name = firstBucket(report.aggregate.counters);
        report.aggregate.counters[name.replace(/\d+$/, '1000001')] = report.aggregate.counters[name]!;
        delete report.aggregate.counters[name];
      }),
    );
    expect(error).toMatchObject({ code: 'MSGAPI_USAGE', message: expect.stringContaining('starts no latency bucket') });
  });

  it("artillery.import.refuse-foreign — a report of another tool, and one without the processor's counters", () => {
    const other = join(newDir(), 'k6.json');
    writeFileSync(other, JSON.stringify({ metrics: { http_reqs: { count: 3 } } }));
    expect(refusal(other)).toMatchObject({
      code: 'MSGAPI_USAGE',
      message: expect.stringContaining('is not an Artillery report'),
    });
    const bare = doctored((report) => {
      for (const name of Object.keys(report.aggregate.counters))
        if (name.startsWith('msgapi.')) delete report.aggregate.counters[name];
    });
    expect(refusal(bare)).toMatchObject({
      code: 'MSGAPI_USAGE',
      message: expect.stringContaining('not made with the processor'),
    });
  });

  it('artillery.import.refuse-plan — a report with a scenario the plan does not have', () => {
    const file = join(newDir(), 'artillery-report.json');
    copyFileSync(fixtureReport('open'), file);
    const narrower = {
      ...fixturePlan('open'),
      scenarios: fixturePlan('open').scenarios.filter((scenario) => scenario.name !== 'groups.default'),
    };
    expect(refusal(file, narrower)).toMatchObject({
      code: 'MSGAPI_USAGE',
      message: expect.stringContaining('groups.default, which is not a scenario of the export'),
    });
  });
});
