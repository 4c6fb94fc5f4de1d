// `msgapi load`: list-endpoint throughput (closed model) and latency at a fixed offered rate (open
// model), over a seeded data set, with thresholds and regressions that gate. `msgapi load merge`
// adds up the reports of several generators or repetitions.
import { transportOf, withCommandToken } from '../../../lib/core/config/transport-settings.ts';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { HarnessError } from '../../../lib/core/errors.ts';
import { exitCodeOf } from '../exit-codes.ts';
import { defaultLatencyTolerance } from '../../../load/gates/baseline.ts';
import { parseThreshold } from '../../../load/gates/thresholds.ts';
import { mergeLoadReports } from '../../../load/merge-reports.ts';
import { summaryTable, verdictLines } from '../../../reporting/load/summary-table.ts';
import { loadOutcome, type LoadReport } from '../../../load/load-report.ts';
import { runLoad, seedOnly, type LoadOptions } from '../../../load/run-load.ts';
import { readSeedFile } from '../../../load/seed-file.ts';
import { loadHelp, loadMergeHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';
import { sourcesOf, type CommandIo } from './command-io.ts';
import { readLoadReportFile, shown, writeLoadReports } from './load-files.ts';

export function loadOptions(
  argv: readonly string[],
  io: CommandIo = {},
): { options: LoadOptions; json: boolean; seedOnly: boolean } | 'help' {
  const parsed = parseCommand('load', argv, {}, sourcesOf(io));
  if (parsed.help) return 'help';
  const { values, given } = parsed;
  const scenarios = values.scenarios;
  const thresholds = values.threshold.map((text) =>
    parseThreshold(
      text,
      scenarios.map((s) => s.name),
      values.model,
    ),
  );
  if (values.seedOnly) {
    // The embedded server lives as long as this process: what it seeded would be gone before any engine ran.
    if (values.baseUrl === undefined)
      throw new HarnessError(
        'MSGAPI_USAGE',
        '--seed-only needs a target that outlives this command (BASE_URL); to load the reference server with another engine, start it with msgapi serve and give its URL.',
      );
    for (const other of ['noSeed', 'ab', 'baseline'] as const)
      if (given(other))
        throw new HarnessError(
          'MSGAPI_USAGE',
          `--seed-only measures nothing, so --${other === 'noSeed' ? 'no-seed' : other} has nothing to do with it.`,
        );
  }
  if (values.stages !== undefined) {
    if (!values.model.includes('open'))
      throw new HarnessError(
        'MSGAPI_USAGE',
        "--stages shapes the open model's offered rate, and --model closed runs no open model.",
      );
    if (given('rate'))
      throw new HarnessError(
        'MSGAPI_USAGE',
        '--stages sets the offered rate stage by stage, so --rate cannot be given with it.',
      );
  }
  if (values.ab !== undefined && !values.model.includes('closed'))
    throw new HarnessError(
      'MSGAPI_USAGE',
      '--ab compares throughput, which the closed model measures; it cannot be used with --model open.',
    );
  if (values.ab !== undefined && values.baseUrl === undefined && values.abAccessToken === undefined) {
    throw new HarnessError(
      'MSGAPI_USAGE',
      '--ab needs AB_ACCESS_TOKEN when the target is the embedded reference server (its token is made up for the run).',
    );
  }
  // The generators send the gateway's headers and use the certificates, as every other request of
  // the run does (load-request.ts), but autocannon never verifies a target's certificate (it
  // connects with rejectUnauthorized false): a CA file given for it would check nothing.
  if (values.generator === 'autocannon' && given('ca'))
    throw new HarnessError(
      'MSGAPI_USAGE',
      "--generator autocannon never verifies the target's certificate, so --ca would check nothing: use the default generator (own), which verifies it against --ca.",
    );
  // The generators open their own connections, direct: said once, so that a figure taken past the
  // proxy is not read as one taken through it.
  const proxy = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].find(
    (name) => (process.env[name] ?? '') !== '',
  );
  if (proxy !== undefined && values.baseUrl !== undefined && !values.seedOnly)
    process.stderr.write(
      `msgapi: note: ${proxy} is set: the probe, the seeding and the cleanup go through it (unless NO_PROXY names the target), but the load generators connect to the target directly.\n`,
    );
  // ACCESS_TOKEN_COMMAND runs once, here: the generators send the token it printed for the whole
  // run (a token that expires mid-run shows as 401s, which fail the run).
  const target = {
    baseUrl: values.baseUrl,
    accessToken: withCommandToken(values).accessToken,
    bodyEncoding: values.bodyEncoding,
    pagination: values.pagination,
    transport: transportOf(values),
  };
  const options: LoadOptions = {
    target,
    scenarios,
    models: values.model,
    generator: values.generator,
    connections: values.connections,
    durationS: values.duration,
    warmupS: values.warmup,
    rate: values.rate,
    stages: values.stages,
    strict: values.strict,
    openConnections: values.openConnections,
    maxLimit: values.maxLimit,
    maxLimitDeclared: given('maxLimit'),
    plan: values.noSeed ? undefined : { conversations: values.conversations, groups: values.groups },
    thresholds,
    baseline:
      values.baseline === undefined
        ? undefined
        : {
            file: values.baseline,
            report: readLoadReportFile(values.baseline),
            tolerance: { ...defaultLatencyTolerance, relative: values.latencyTolerance / 100 },
          },
    ab:
      values.ab === undefined
        ? undefined
        : {
            target: { ...target, baseUrl: values.ab, accessToken: values.abAccessToken ?? target.accessToken },
            rounds: values.abRounds,
            tolerance: values.throughputTolerance / 100,
          },
    timeoutMs: values.requestTimeoutMs,
    waitForTargetS: values.waitForTarget,
    reportsDir: values.reportsDir,
  };
  return { options, json: values.json, seedOnly: values.seedOnly };
}

async function runMerge(argv: string[]): Promise<number> {
  const parsed = parseCommand('load merge', argv, { positionals: 'REPORT.json' });
  if (parsed.help) {
    console.log(loadMergeHelp);
    return 0;
  }
  const { values, positionals: files } = parsed;
  if (files.length < 2) throw new HarnessError('MSGAPI_USAGE', 'msgapi load merge needs at least two load.json files.');
  const merged = mergeLoadReports(files.map(readLoadReportFile), files, values.as);
  console.log(summaryTable(merged));
  console.log(verdictLines(merged));
  console.log(writeLoadReports(merged, values.out ?? join(values.reportsDir, 'load-merged.json')));
  // merge itself was not stopped: a merged run short of a part fails (1), it does not exit as Ctrl-C would.
  const outcome = loadOutcome(merged);
  return exitCodeOf(outcome === 'INTERRUPTED' ? 'FAILED' : outcome);
}

/** msgapi load --seed-only: the data set kept on the target, and how to use and remove it. */
async function seedOnlyRun(options: LoadOptions, out: NodeJS.WritableStream): Promise<number> {
  const say = (text: string) => out.write(`${text}\n`);
  const seedFile = join(options.reportsDir, 'load-seed.json');
  // One kept data set per reports folder: a second would take the first one's record, and with it
  // the way to remove it.
  const earlier = readSeedFile(seedFile, false);
  if (earlier && existsSync(earlier.ledger)) {
    throw new HarnessError(
      'MSGAPI_USAGE',
      `${shown(seedFile)} records a data set still kept on ${earlier.url} (run ${earlier.run}): remove it first (msgapi cleanup --ledger ${shown(earlier.ledger)}) or seed into another --reports-dir.`,
    );
  }
  const { record, leftovers, interrupted } = await seedOnly({
    ...options,
    plan: options.plan!,
    seedFile,
    say,
    progressOutput: process.stderr,
  });
  if (record) {
    say(
      `Seeded ${record.conversations} conversations and ${record.groups} groups on ${record.url} (run ${record.run}); they stay until removed.`,
    );
    say(
      `Seed file: ${shown(seedFile)}. Next: msgapi load export artillery|k6 (it reads the seed file), run the engine, msgapi load import.`,
    );
    say(`Afterwards remove them: msgapi cleanup --ledger ${shown(record.ledger)}`);
    return exitCodeOf('PASSED');
  }
  if (leftovers.length > 0)
    say(
      `${leftovers.length} objects could not be removed; the ledger in ${shown(options.reportsDir)} lists them (msgapi cleanup).`,
    );
  return exitCodeOf(interrupted ? 'INTERRUPTED' : 'FAILED', interrupted);
}

export async function runLoadCommand(argv: string[]): Promise<number> {
  if (argv[0] === 'merge') return runMerge(argv.slice(1));
  if (argv[0] === 'export' || argv[0] === 'import')
    return (await import('./load-engines.ts')).runLoadEngineCommand(argv[0], argv.slice(1));
  return (await loadRun(argv)).exitCode;
}

/** `msgapi load` with the report it wrote (none for --help): the command line and the package's load() share it. */
export async function loadRun(
  argv: readonly string[],
  io: CommandIo = {},
): Promise<{ exitCode: number; report?: LoadReport }> {
  const out = io.out ?? process.stdout;
  const parsed = loadOptions(argv, io);
  if (parsed === 'help') {
    out.write(`${loadHelp}\n`);
    return { exitCode: 0 };
  }
  const { options, json } = parsed;
  if (parsed.seedOnly) return { exitCode: await seedOnlyRun(options, out) };
  // With --json, stdout carries the JSON report alone; everything for people goes to stderr.
  const people = json ? process.stderr : out;
  const say = (text: string) => people.write(`${text}\n`);
  const { report, interrupted } = await runLoad({ ...options, say, progressOutput: process.stderr });
  say(summaryTable(report));
  for (const note of report.notes ?? []) say(`Note: ${note}`);
  say(verdictLines(report));
  say(writeLoadReports(report, join(options.reportsDir, 'load.json')));
  if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return { exitCode: exitCodeOf(loadOutcome(report), interrupted), report };
}
