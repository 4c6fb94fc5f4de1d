// `msgapi load`: list-endpoint throughput (closed model) and latency at a fixed offered rate (open
// model), over a seeded data set, with thresholds and regressions that gate. `msgapi load merge`
// adds up the reports of several generators or repetitions.
import { dirname, join, relative } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../../core/config/load.ts';
import { parseToken } from '../../core/config/parse-values.ts';
import { HarnessError } from '../../core/errors.ts';
import { exitCodeFor } from '../../core/safety/interruption.ts';
import { defaultPlan } from '../../../load/data-set.ts';
import { defaultLatencyTolerance } from '../../../load/gates/baseline.ts';
import { parseThreshold } from '../../../load/gates/thresholds.ts';
import { mergeLoadReports, type MergeMode } from '../../../load/merge-reports.ts';
import { writeLoadHtml } from '../../report/load/load-html.ts';
import { writeIndexReport } from '../../report/index-report.ts';
import { summaryTable, verdictLines } from '../../report/load/summary-table.ts';
import type { LoadReport, Model } from '../../../load/load-report.ts';
import { readLoadReport, runLoad, type LoadOptions } from '../../../load/run-load.ts';
import { chooseScenarios, scenarioNames } from '../../../load/scenarios.ts';
import { commonFlags, configSourcesFrom, parseFlags, settingFlags } from '../flags.ts';
import { filesAndOptions } from './report-files.ts';

export const loadHelp = `Usage: msgapi load [options]
       msgapi load merge REPORT.json REPORT.json ... [--as concurrent|repeated] [--out FILE]

Measures the list endpoints of the server at BASE_URL (or of the embedded reference server, in a
process of its own): first seeds a data set (removed again afterwards, also after Ctrl-C), then
for each scenario a closed model (throughput: autocannon, pipelining 1, after a warm-up that is
not counted) and an open model (latency at a fixed offered rate, measured from each request's due
time). Writes reports/load.json and reports/load.html and prints a summary table.

Target (as for msgapi check; from .env, the environment or flags):
  --base-url URL           BASE_URL. Unset: the embedded reference server.
  --access-token TOKEN     ACCESS_TOKEN. Prefer the environment: flags are visible to other users.
  --pagination STYLE       PAGINATION, for the walk scenarios (starting_after, cursor:P:F, page:P, offset:P, none).
  --body-encoding ENC      BODY_ENCODING, for seeding (form or json).
  --request-timeout-ms N   REQUEST_TIMEOUT_MS: a response slower than this counts as a timeout.
  --reports-dir DIR        REPORTS_DIR (default reports).
  --env-file PATH          Read settings from this file instead of ./.env.

Scenarios and models:
  --scenarios LIST         Names or prefixes ending in a dot (default: all). The scenarios:
                           ${scenarioNames.join(', ')}.
  --model M                closed, open or both (default both).
  --connections N          Closed model connections (default 50).
  --duration S             Seconds each model measures each scenario (default 2).
  --warmup S               Seconds of closed-model warm-up before each scenario, not counted (default 1).
  --rate N                 Open model: requests per second offered (default 200). Keep it fixed
                           between runs whose latencies you compare.
  --open-connections N     Open model: connections it may use (default 50).
  --max-limit N            limit= of conversations.limit-max: the server's largest page (default 100;
                           the spec leaves the maximum open, so a server refusing 100 has that
                           scenario skipped, not failed, unless --max-limit was given).

Data set:
  --conversations N        Conversations to seed (default ${defaultPlan.conversations}).
  --groups N               Groups to seed, each with contacts and its conversation (default ${defaultPlan.groups}).
  --no-seed                Seed nothing: measure the data already there.

Gates (exit 1 when one fails; any error or non-2xx response fails the run too):
  --threshold EXPR         Repeatable. SCENARIO:FIGURE OP VALUE, e.g. 'conversations.default:p99<50ms',
                           'groups.default:rps>2000', '*:errors==0'. Latencies (p50 p90 p99 p99.9 max
                           mean) are read from the open model, throughput (rps, bytes_per_s) from
                           the closed model.
  --baseline FILE          An earlier load.json: fail when an open-model p50 or p99 got worse than
                           --latency-tolerance (and by more than 1 ms). Throughput is not compared
                           against a file: it does not carry across machines or jobs.
  --latency-tolerance PCT  Default 25.
  --ab URL                 A/B throughput: measure this baseline server (say, the version deployed
                           now) and the target alternately, --ab-rounds times per scenario, and fail
                           when the target is slower beyond --throughput-tolerance in nearly every
                           round. Its token: AB_ACCESS_TOKEN, else ACCESS_TOKEN.
  --ab-rounds N            Default 5.
  --throughput-tolerance PCT  Default 10.

  --json                   Print the JSON report to stdout (the table and verdict go to stderr).
  -h, --help               Show this help.

On two shared cores, generator and server compete: a figure taken while the generator used a full
core and the server did not is flagged "generator-bound", not reported as the server's.

Exit codes: 0 passed; 1 a threshold, a regression, an error or a non-2xx response failed the run;
2 configuration or harness error; 130 or 143 stopped by SIGINT or SIGTERM.`;

const loadFlags = {
  ...commonFlags,
  ...settingFlags,
  scenarios: { type: 'string' },
  model: { type: 'string' },
  connections: { type: 'string' },
  duration: { type: 'string' },
  warmup: { type: 'string' },
  rate: { type: 'string' },
  'open-connections': { type: 'string' },
  'max-limit': { type: 'string' },
  conversations: { type: 'string' },
  groups: { type: 'string' },
  'no-seed': { type: 'boolean' },
  threshold: { type: 'string', multiple: true },
  baseline: { type: 'string' },
  'latency-tolerance': { type: 'string' },
  ab: { type: 'string' },
  'ab-rounds': { type: 'string' },
  'throughput-tolerance': { type: 'string' },
  json: { type: 'boolean' },
} as const;

function number(flag: string, raw: unknown, fallback: number, min: number, max: number, integer = true): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min || value > max) {
    throw new HarnessError('MSGAPI_USAGE', `--${flag} ${String(raw)} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}.`);
  }
  return value;
}

function models(raw: unknown): Model[] {
  if (raw === undefined || raw === 'both') return ['closed', 'open'];
  if (raw === 'closed' || raw === 'open') return [raw];
  throw new HarnessError('MSGAPI_USAGE', `--model ${String(raw)} must be closed, open or both.`);
}

function baselineUrl(raw: unknown): string {
  try {
    const url = new URL(String(raw));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return String(raw).replace(/\/+$/, '');
  } catch {
    throw new HarnessError('MSGAPI_USAGE', `--ab ${String(raw)} is not an http or https URL.`);
  }
}

function readReport(file: string): LoadReport {
  try {
    return readLoadReport(file);
  } catch (error) {
    throw new HarnessError('MSGAPI_USAGE', (error as Error).message);
  }
}

export function loadOptions(argv: string[]): { options: LoadOptions; json: boolean } | 'help' {
  const flags = parseFlags(argv, loadFlags);
  if (flags.help) return 'help';
  const config = loadConfig(configSourcesFrom(flags));
  const chosenModels = models(flags.model);
  const scenarios = chooseScenarios(flags.scenarios as string | undefined);
  const thresholds = ((flags.threshold as unknown as string[] | undefined) ?? []).map((text) => parseThreshold(text, scenarios.map((s) => s.name), chosenModels));
  const abUrl = flags.ab === undefined ? undefined : baselineUrl(flags.ab);
  const abToken = process.env.AB_ACCESS_TOKEN;
  if (abToken) {
    const parsed = parseToken('AB_ACCESS_TOKEN', abToken);
    if (!parsed.ok) throw new HarnessError('MSGAPI_USAGE', parsed.problem);
  }
  if (abUrl !== undefined && !chosenModels.includes('closed')) throw new HarnessError('MSGAPI_USAGE', '--ab compares throughput, which the closed model measures; it cannot be used with --model open.');
  if (abUrl !== undefined && config.baseUrl === undefined && !abToken) {
    throw new HarnessError('MSGAPI_USAGE', '--ab needs AB_ACCESS_TOKEN when the target is the embedded reference server (its token is made up for the run).');
  }
  const baselineFile = flags.baseline as string | undefined;
  const options: LoadOptions = {
    target: config.baseUrl === undefined ? undefined : { url: config.baseUrl, accessToken: config.accessToken! },
    scenarios,
    models: chosenModels,
    connections: number('connections', flags.connections, 50, 1, 10_000),
    durationS: number('duration', flags.duration, 2, 0.5, 3_600, false),
    warmupS: number('warmup', flags.warmup, 1, 0, 600, false),
    rate: number('rate', flags.rate, 200, 1, 1_000_000),
    openConnections: number('open-connections', flags['open-connections'], 50, 1, 10_000),
    maxLimit: number('max-limit', flags['max-limit'], 100, 1, 100_000),
    maxLimitDeclared: flags['max-limit'] !== undefined,
    plan: flags['no-seed']
      ? undefined
      : { conversations: number('conversations', flags.conversations, defaultPlan.conversations, 0, 1_000_000), groups: number('groups', flags.groups, defaultPlan.groups, 0, 1_000_000) },
    thresholds,
    baseline: baselineFile === undefined
      ? undefined
      : { file: baselineFile, report: readReport(baselineFile), tolerance: { ...defaultLatencyTolerance, relative: number('latency-tolerance', flags['latency-tolerance'], 25, 0, 10_000, false) / 100 } },
    ab: abUrl === undefined
      ? undefined
      : {
          target: { url: abUrl, accessToken: abToken || config.accessToken! },
          rounds: number('ab-rounds', flags['ab-rounds'], 5, 2, 100),
          tolerance: number('throughput-tolerance', flags['throughput-tolerance'], 10, 0, 100, false) / 100,
        },
    pagination: config.pagination,
    encoding: config.bodyEncoding,
    timeoutMs: config.requestTimeoutMs,
    reportsDir: config.reportsDir,
  };
  return { options, json: flags.json === true };
}

const shown = (path: string) => relative(process.cwd(), path) || path;

function writeReports(report: LoadReport, jsonFile: string): string {
  mkdirSync(dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  const htmlFile = jsonFile.replace(/\.json$/, '') + '.html';
  writeLoadHtml(report, htmlFile);
  // The overview page shows the load figures beside the last conformance run.
  const indexFile = writeIndexReport(dirname(jsonFile), { load: report });
  return `Reports: ${shown(jsonFile)}, ${shown(htmlFile)}, ${shown(indexFile)}`;
}

async function runMerge(argv: string[]): Promise<number> {
  const { files, options } = filesAndOptions(argv, ['as', 'out'], [], 'load merge');
  if (options.help) {
    console.log(loadHelp);
    return 0;
  }
  const mode = (options.as ?? 'concurrent') as MergeMode;
  if (mode !== 'concurrent' && mode !== 'repeated') throw new HarnessError('MSGAPI_USAGE', `--as ${String(mode)} must be concurrent (generators at the same time) or repeated (one run after another).`);
  if (files.length < 2) throw new HarnessError('MSGAPI_USAGE', 'msgapi load merge needs at least two load.json files.');
  const merged = mergeLoadReports(files.map(readReport), files, mode);
  console.log(summaryTable(merged));
  console.log(verdictLines(merged));
  console.log(writeReports(merged, typeof options.out === 'string' ? options.out : join('reports', 'load-merged.json')));
  return merged.verdict.passed ? 0 : 1;
}

export async function runLoadCommand(argv: string[]): Promise<number> {
  if (argv[0] === 'merge') return runMerge(argv.slice(1));
  const parsed = loadOptions(argv);
  if (parsed === 'help') {
    console.log(loadHelp);
    return 0;
  }
  const { options, json } = parsed;
  // With --json, stdout carries the JSON report alone; everything for people goes to stderr.
  const say = json ? (text: string) => console.error(text) : (text: string) => console.log(text);
  const { report, interrupted } = await runLoad({ ...options, say });
  say(summaryTable(report));
  say(verdictLines(report));
  say(writeReports(report, join(options.reportsDir, 'load.json')));
  if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (interrupted) return exitCodeFor(interrupted);
  return report.verdict.passed ? 0 : 1;
}
