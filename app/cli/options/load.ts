// The options of msgapi load and msgapi load merge. Every default is written here once: the run
// uses it and --help shows it.
import { repeatableOption, switchOption, valueOption } from '../../../lib/core/config/option.ts';
import {
  formatInteger,
  parseChoice,
  parseHttpUrl,
  parseNumber,
  parseText,
  type Parsed,
} from '../../../lib/core/config/parse-values.ts';
import {
  abAccessToken,
  embedded,
  embeddedUnlessTarget,
  envFileOption,
  helpOption,
  reportsDir,
  targetSettings,
  waitForTarget,
} from '../../../lib/core/config/settings.ts';
import { HarnessError } from '../../../lib/core/errors.ts';
import { defaultPlan } from '../../../load/data-set-plan.ts';
import type { Model } from '../../../load/load-report.ts';
import type { MergeMode } from '../../../load/merge-reports.ts';
import type { Generator } from '../../../load/closed-model.ts';
import { chooseScenarios, scenarioNames, type ScenarioSpec } from '../../../load/scenarios.ts';
import { formatStages, parseDuration, parseStages } from '../../../load/stages.ts';
import { jsonOption } from './check.ts';

const count = (min: number, max: number) => (raw: string, name: string) => parseNumber(name, raw, min, max, true);
const amount = (min: number, max: number) => (raw: string, name: string) => parseNumber(name, raw, min, max, false);

function scenarios(raw: string): Parsed<ScenarioSpec[]> {
  try {
    return { ok: true, value: chooseScenarios(raw) };
  } catch (error) {
    if (error instanceof HarnessError) return { ok: false, problem: error.message };
    throw error;
  }
}

function models(raw: string, name: string): Parsed<Model[]> {
  if (raw === 'both') return { ok: true, value: ['closed', 'open'] };
  if (raw === 'closed' || raw === 'open') return { ok: true, value: [raw] };
  return { ok: false, problem: `${name} ${raw} must be closed, open or both.` };
}

export const loadOptions = {
  ...targetSettings,
  embedded,
  embeddedUnlessTarget,
  waitForTarget,
  abAccessToken,
  reportsDir,
  // Refused in one sentence rather than unknown: a user who reads msgapi check --har looks for it here.
  har: valueOption({
    flag: 'har',
    metavar: 'FILE',
    help: 'Not for load: its generators send thousands of requests a second on connections of their own, which no HAR could hold nor a browser open; msgapi check --har records every exchange of a conformance run.',
    parse: (_raw, name): Parsed<string> => ({
      ok: false,
      problem: `msgapi load does not write a HAR (${name}): its generators send thousands of requests a second on connections of their own; record a conformance run with msgapi check --har instead.`,
    }),
  }),
  scenarios: valueOption({
    flag: 'scenarios',
    metavar: 'LIST',
    help: `Names or prefixes ending in a dot. The scenarios: ${scenarioNames.join(', ')}.`,
    parse: scenarios,
    default: () => chooseScenarios(undefined),
    defaultText: 'all',
  }),
  model: valueOption({
    flag: 'model',
    metavar: 'M',
    help: 'closed, open or both.',
    parse: models,
    default: ['closed', 'open'] as Model[],
    defaultText: 'both',
  }),
  generator: valueOption({
    flag: 'generator',
    metavar: 'G',
    help: "The closed model's generator: own (our HTTP/1.1 loop, about wrk's CPU per response) or autocannon (the well-known one, about 1.5× that: to cross-check a figure).",
    parse: (raw, name): Parsed<Generator> => parseChoice(name, raw, ['own', 'autocannon'] as const),
    default: 'own' as Generator,
  }),
  connections: valueOption({
    flag: 'connections',
    metavar: 'N',
    help: 'Closed model connections.',
    parse: count(1, 10_000),
    format: formatInteger,
    default: 50,
  }),
  duration: valueOption({
    flag: 'duration',
    metavar: 'TIME',
    help: 'How long each model measures each scenario: seconds, or a number with s, m or h (90m or 2h for a soak run), up to 24h.',
    parse: (raw, name) => parseDuration(raw, name, 0.5),
    format: String,
    default: 2,
  }),
  warmup: valueOption({
    flag: 'warmup',
    metavar: 'S',
    help: 'Seconds of closed-model warm-up before each scenario, not counted.',
    parse: amount(0, 600),
    format: String,
    default: 1,
  }),
  rate: valueOption({
    flag: 'rate',
    metavar: 'N',
    help: 'Open model: requests per second offered. Keep it fixed between runs whose latencies you compare.',
    parse: count(1, 1_000_000),
    format: formatInteger,
    default: 200,
  }),
  stages: valueOption({
    flag: 'stages',
    metavar: 'LIST',
    help: "Open model: the offered rate over time instead of --rate, as DURATION:RATE stages, each ramping linearly from the rate before it (0 before the first), as k6's ramping-arrival-rate does: '30s:100,2m:400,30s:0'. The report's per-second series shows the ramp.",
    parse: parseStages,
    format: formatStages,
    defaultText: 'none: --rate for --duration',
  }),
  strict: switchOption({
    flag: 'strict',
    help: 'A measurement the generating machine limited (its own core saturated, or its event loop running 50 ms late or more) fails the run; without it the report notes it.',
  }),
  openConnections: valueOption({
    flag: 'open-connections',
    metavar: 'N',
    help: 'Open model: connections it may use.',
    parse: count(1, 10_000),
    format: formatInteger,
    default: 50,
  }),
  maxLimit: valueOption({
    flag: 'max-limit',
    metavar: 'N',
    help: "limit= of conversations.limit-max: the server's largest page. The spec leaves the maximum open, so a server refusing 100 has that scenario skipped, not failed, unless --max-limit was given.",
    parse: count(1, 100_000),
    format: formatInteger,
    default: 100,
  }),
  conversations: valueOption({
    flag: 'conversations',
    metavar: 'N',
    help: 'Conversations to seed.',
    parse: count(0, 1_000_000),
    format: formatInteger,
    default: defaultPlan.conversations,
  }),
  groups: valueOption({
    flag: 'groups',
    metavar: 'N',
    help: 'Groups to seed, each with contacts and its conversation.',
    parse: count(0, 1_000_000),
    format: formatInteger,
    default: defaultPlan.groups,
  }),
  noSeed: switchOption({ flag: 'no-seed', help: 'Seed nothing: measure the data already there.' }),
  seedOnly: switchOption({
    flag: 'seed-only',
    help: 'Seed the data set, keep it and measure nothing: for another engine to load (msgapi load export). Writes REPORTS_DIR/load-seed.json; remove the data afterwards with msgapi cleanup --ledger (the file names the ledger).',
  }),
  threshold: repeatableOption({
    flag: 'threshold',
    metavar: 'EXPR',
    help: "SCENARIO:FIGURE OP VALUE, e.g. 'conversations.default:p99<50ms', 'groups.default:rps>2000', '*:errors==0'. Latencies (p50 p90 p99 p99.9 max mean) are read from the open model, throughput (rps, bytes_per_s) from the closed model.",
    parse: (raw, name) => parseText(name, raw),
    defaultText: 'none',
  }),
  baseline: valueOption({
    flag: 'baseline',
    metavar: 'FILE',
    help: 'An earlier load.json: fail when an open-model p50 or p99 got worse than --latency-tolerance (and by more than 1 ms). Throughput is not compared against a file: it does not carry across machines or jobs.',
    parse: (raw, name) => parseText(name, raw),
  }),
  latencyTolerance: valueOption({
    flag: 'latency-tolerance',
    metavar: 'PCT',
    help: 'How much worse a latency may get than in --baseline, in percent.',
    parse: amount(0, 10_000),
    format: String,
    default: 25,
  }),
  ab: valueOption({
    flag: 'ab',
    metavar: 'URL',
    help: 'A/B throughput: measure this baseline server (say, the version deployed now) and the target alternately, --ab-rounds times per scenario, and fail when the target is slower beyond --throughput-tolerance in nearly every round. Its token: AB_ACCESS_TOKEN, else ACCESS_TOKEN.',
    parse: (raw, name) => parseHttpUrl(name, raw),
  }),
  abRounds: valueOption({
    flag: 'ab-rounds',
    metavar: 'N',
    help: 'Rounds of the A/B comparison per scenario.',
    parse: count(2, 100),
    format: formatInteger,
    default: 5,
  }),
  throughputTolerance: valueOption({
    flag: 'throughput-tolerance',
    metavar: 'PCT',
    help: 'How much slower than the baseline server the target may be, in percent.',
    parse: amount(0, 100),
    format: String,
    default: 10,
  }),
  json: jsonOption('Print the JSON report to stdout (the table and verdict go to stderr).'),
  envFile: envFileOption,
  help: helpOption,
};

export const loadMergeOptions = {
  as: valueOption({
    flag: 'as',
    metavar: 'MODE',
    help: 'concurrent (generators at the same time: their requests add up) or repeated (one run after another).',
    parse: (raw, name): Parsed<MergeMode> => {
      const parsed = parseChoice(name, raw, ['concurrent', 'repeated'] as const);
      return parsed.ok
        ? parsed
        : {
            ok: false,
            problem: `${name} ${raw} must be concurrent (generators at the same time) or repeated (one run after another).`,
          };
    },
    default: 'concurrent' as MergeMode,
  }),
  out: valueOption({
    flag: 'out',
    metavar: 'FILE',
    help: 'Where to write the merged report (load.html goes beside it).',
    parse: (raw, name) => parseText(name, raw),
    defaultText: 'REPORTS_DIR/load-merged.json',
  }),
  reportsDir,
  envFile: envFileOption,
  help: helpOption,
};
