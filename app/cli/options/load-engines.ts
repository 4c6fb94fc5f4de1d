// The options of msgapi load export and msgapi load import: our scenarios handed to another engine
// (Artillery, k6) as a script, and its results taken back into load.json.
import { repeatableOption, valueOption } from '../../../lib/core/config/option.ts';
import {
  formatInteger,
  parseChoice,
  parseNumber,
  parseText,
  type Parsed,
} from '../../../lib/core/config/parse-values.ts';
import { envFileOption, helpOption, reportsDir, targetSettings } from '../../../lib/core/config/settings.ts';
import type { Model } from '../../../load/load-report.ts';
import { parseDuration } from '../../../load/stages.ts';
import { loadOptions } from './load.ts';
import { jsonOption } from './check.ts';

const count = (min: number, max: number) => (raw: string, name: string) => parseNumber(name, raw, min, max, true);
const text = (raw: string, name: string) => parseText(name, raw);

const threshold = repeatableOption({
  flag: 'threshold',
  metavar: 'EXPR',
  help: loadOptions.threshold.help,
  parse: text,
  defaultText: 'none',
});

export const loadExportOptions = {
  // The address only: a script reads the token from ACCESS_TOKEN where it runs, so none is asked for here.
  baseUrl: {
    ...targetSettings.baseUrl,
    help: 'The server the script will load, without /v1. Unset: the URL the seed file (--seed-file) records.',
    defaultText: "the seed file's",
  },
  pagination: targetSettings.pagination,
  scenarios: loadOptions.scenarios,
  model: valueOption({
    flag: 'model',
    metavar: 'M',
    help: 'open (a fixed arrival rate: latency) or closed (a fixed number of connections sending as fast as answered: throughput). One model per script.',
    parse: (raw, name): Parsed<Model> => parseChoice(name, raw, ['open', 'closed'] as const),
    default: 'open' as Model,
  }),
  rate: {
    ...loadOptions.rate,
    help: 'Open model: requests per second offered by all runners together, spread evenly over the scenarios.',
  },
  connections: valueOption({
    flag: 'connections',
    metavar: 'N',
    help: 'Connections (virtual users) of all runners together.',
    parse: count(1, 100_000),
    format: formatInteger,
    default: 50,
  }),
  duration: valueOption({
    flag: 'duration',
    metavar: 'TIME',
    help: 'How long the script runs: seconds, or a number with s, m or h (2h for a soak run), up to 24h.',
    parse: (raw, name) => parseDuration(raw, name, 1),
    format: String,
    default: 30,
  }),
  stages: {
    ...loadOptions.stages,
    help: "Open model: the offered rate of all runners together over time instead of --rate and --duration, as DURATION:RATE stages, each ramping linearly from the rate before it (0 before the first): '30s:100,2m:400,30s:0'. k6 gets ramping-arrival-rate stages, Artillery phases with rampTo.",
    defaultText: 'none: --rate for --duration',
  },
  workers: valueOption({
    flag: 'workers',
    metavar: 'N',
    help: "Runners that will share the work, each taking rate/N and connections/N: Artillery (run-fargate/run-lambda --count N, or N artillery run processes) gets a script of one runner's share; k6 gets the totals, which --execution-segment or k6-operator's parallelism: N divides.",
    parse: count(1, 10_000),
    format: formatInteger,
    default: 1,
  }),
  maxLimit: loadOptions.maxLimit,
  groupId: valueOption({
    flag: 'group-id',
    metavar: 'ID',
    help: "The group conversations.group filters by. Unset: the seed file's first group; without one that scenario is left out.",
    parse: text,
  }),
  threshold,
  seedFile: valueOption({
    flag: 'seed-file',
    metavar: 'FILE',
    help: 'What msgapi load --seed-only seeded (the target, a group to filter by, the ledger to clean up with).',
    parse: text,
    defaultText: 'REPORTS_DIR/load-seed.json, if there is one',
  }),
  out: valueOption({
    flag: 'out',
    metavar: 'DIR',
    help: 'Where to write the script, its companions and msgapi-export.json.',
    parse: text,
    defaultText: 'REPORTS_DIR/<engine>',
  }),
  reportsDir,
  envFile: envFileOption,
  help: helpOption,
};

export const loadImportOptions = {
  plan: valueOption({
    flag: 'plan',
    metavar: 'FILE',
    help: 'The msgapi-export.json the export wrote beside the script: which scenarios, model and rate the files are of.',
    parse: text,
    defaultText: 'msgapi-export.json beside the first file, else in REPORTS_DIR/<engine>',
  }),
  threshold: {
    ...threshold,
    help: `${threshold.help} Unset: the thresholds given to the export.`,
    defaultText: "the export's",
  },
  baseline: loadOptions.baseline,
  latencyTolerance: loadOptions.latencyTolerance,
  out: valueOption({
    flag: 'out',
    metavar: 'FILE',
    help: 'Where to write the report (load.html goes beside it).',
    parse: text,
    defaultText: 'REPORTS_DIR/load.json',
  }),
  json: jsonOption('Print the JSON report to stdout (the table and verdict go to stderr).'),
  reportsDir,
  envFile: envFileOption,
  help: helpOption,
};
