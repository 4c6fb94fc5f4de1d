// msgapi load export ENGINE: our scenarios as a ready script for Artillery or k6 (the data set
// seeded by msgapi load --seed-only). msgapi load import ENGINE FILE...: that engine's results back
// as our load.json, so that merge, thresholds, baseline and load.html work on them unchanged.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { HarnessError } from '../../../lib/core/errors.ts';
import { exitCodeOf } from '../exit-codes.ts';
import { defaultLatencyTolerance } from '../../../load/gates/baseline.ts';
import { parseThreshold } from '../../../load/gates/thresholds.ts';
import { engineNames, engines, planFileName } from '../../../load/engines/engines.ts';
import { exportPlan, peakRate, type ExportPlan } from '../../../load/engines/export-plan.ts';
import { importedLoadReport, type EngineName } from '../../../load/engines/imported-report.ts';
import { loadOutcome } from '../../../load/load-report.ts';
import { readSeedFile } from '../../../load/seed-file.ts';
import { readLoadReportFile, shown, writeLoadReports } from './load-files.ts';
import { summaryTable, verdictLines } from '../../../reporting/load/summary-table.ts';
import { loadExportHelp, loadImportHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';

function engineOf(command: 'export' | 'import', word: string | undefined): EngineName {
  if (word === undefined)
    throw new HarnessError(
      'MSGAPI_USAGE',
      `which engine? Name it after 'load ${command}': ${engineNames.join(' or ')} (as in msgapi load ${command} ${engineNames[0]}).`,
    );
  if (!(engineNames as string[]).includes(word))
    throw new HarnessError(
      'MSGAPI_USAGE',
      `${word} is not an engine load ${command} knows; the engines are ${engineNames.join(' and ')}.`,
    );
  return word as EngineName;
}

async function runExport(argv: readonly string[]): Promise<number> {
  const parsed = parseCommand('load export', argv);
  if (parsed.help) {
    console.log(loadExportHelp);
    return 0;
  }
  const { values, positionals, given } = parsed;
  const engine = engineOf('export', positionals[0]);
  if (positionals.length > 1)
    throw new HarnessError('MSGAPI_USAGE', `load export takes one engine, not ${positionals.join(' ')}.`);
  const seedFile = values.seedFile ?? join(values.reportsDir, 'load-seed.json');
  const seed = readSeedFile(resolve(seedFile), given('seedFile'));
  const baseUrl = values.baseUrl ?? seed?.url;
  if (baseUrl === undefined)
    throw new HarnessError(
      'MSGAPI_USAGE',
      `no target to export for: give BASE_URL, or seed it first with msgapi load --seed-only (no seed file at ${shown(seedFile)}).`,
    );
  // One target, however its address ends: http://host/api is http://host/api/.
  const sameTarget = (one: string, other: string) =>
    new URL(one).href.replace(/\/+$/, '') === new URL(other).href.replace(/\/+$/, '');
  if (seed && values.baseUrl !== undefined && !sameTarget(seed.url, values.baseUrl)) {
    console.error(
      `msgapi: note: the seed file ${shown(seedFile)} is of ${seed.url}, not of BASE_URL ${values.baseUrl}; its group is not used.`,
    );
  }
  const seedOfTarget =
    seed && (values.baseUrl === undefined || sameTarget(seed.url, values.baseUrl)) ? seed : undefined;
  if (values.stages !== undefined) {
    if (values.model !== 'open')
      throw new HarnessError(
        'MSGAPI_USAGE',
        "--stages shapes the open model's offered rate; give it with --model open.",
      );
    for (const other of ['rate', 'duration'] as const)
      if (given(other))
        throw new HarnessError(
          'MSGAPI_USAGE',
          `--stages sets the rate and the length of the run stage by stage, so --${other} cannot be given with it.`,
        );
  }
  const thresholds = values.threshold.map((text) =>
    parseThreshold(
      text,
      values.scenarios.map((scenario) => scenario.name),
      [values.model],
    ),
  );
  const plan = exportPlan({
    baseUrl,
    scenarios: values.scenarios,
    model: values.model,
    rate: values.rate,
    connections: values.connections,
    durationS: values.duration,
    ...(values.stages ? { stages: values.stages } : {}),
    warmupS: 0,
    workers: values.workers,
    maxLimit: values.maxLimit,
    groupId: values.groupId ?? seedOfTarget?.group_id ?? undefined,
    pagination: values.pagination,
    thresholds,
  });
  if (plan.scenarios.length === 0)
    throw new HarnessError(
      'MSGAPI_USAGE',
      `none of the scenarios chosen can be exported: ${plan.leftOut.map((left) => `${left.name}: ${left.why}`).join('; ')}.`,
    );
  const result = engines[engine].exportScript(plan);
  const outDir = resolve(values.out ?? join(values.reportsDir, engine));
  mkdirSync(outDir, { recursive: true });
  for (const file of result.files) {
    mkdirSync(dirname(join(outDir, file.name)), { recursive: true });
    writeFileSync(join(outDir, file.name), file.content);
  }
  writeFileSync(join(outDir, planFileName), `${JSON.stringify(plan, null, 2)}\n`);
  console.log(
    `Wrote ${[...result.files.map((file) => file.name), planFileName].map((name) => shown(join(outDir, name))).join(', ')}.`,
  );
  console.log(
    `${plan.scenarios.length} scenarios, ${plan.model} model, ${plan.model === 'closed' ? `${plan.connections} connections` : plan.stages ? `stages up to ${peakRate(plan)} req/s` : `${plan.rate} req/s`} in all over ${plan.workers} runner${plan.workers === 1 ? '' : 's'}, ${plan.durationS} s, against ${plan.origin}.`,
  );
  for (const left of plan.leftOut) console.log(`Left out ${left.name}: ${left.why}.`);
  for (const note of result.notes) console.log(`Note: ${note}`);
  console.log(
    `Run it from ${shown(outDir)} (the script reads the token from ACCESS_TOKEN; it is not written anywhere):\n${result.run.map((line) => `  ${line}`).join('\n')}`,
  );
  if (seedOfTarget)
    console.log(`Afterwards remove the data set: msgapi cleanup --ledger ${shown(seedOfTarget.ledger)}`);
  return 0;
}

function readPlan(file: string): ExportPlan {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new HarnessError('MSGAPI_USAGE', `${file} is not a readable ${planFileName}: ${(error as Error).message}`);
  }
  const plan = parsed as Partial<ExportPlan>;
  const count = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0;
  if (
    typeof plan?.origin !== 'string' ||
    !Array.isArray(plan.scenarios) ||
    plan.scenarios.some((scenario) => typeof scenario?.name !== 'string') ||
    (plan.model !== 'open' && plan.model !== 'closed') ||
    !count(plan.rate) ||
    !count(plan.connections) ||
    !count(plan.durationS) ||
    !count(plan.workers) ||
    !Array.isArray(plan.thresholds) ||
    plan.thresholds.some((threshold) => typeof threshold?.text !== 'string')
  ) {
    throw new HarnessError('MSGAPI_USAGE', `${file} is not a ${planFileName} written by msgapi load export.`);
  }
  // The thresholds are read again from their text, as the export read them: a file edited by hand gets the same checks.
  const names = plan.scenarios.map((scenario) => scenario.name);
  return {
    ...(plan as ExportPlan),
    thresholds: plan.thresholds.map((threshold) => parseThreshold(threshold.text, names, [plan.model!])),
  };
}

async function runImport(argv: readonly string[]): Promise<number> {
  const parsed = parseCommand('load import', argv);
  if (parsed.help) {
    console.log(loadImportHelp);
    return 0;
  }
  const { values, positionals } = parsed;
  const engine = engineOf('import', positionals[0]);
  const files = positionals.slice(1);
  if (files.length === 0)
    throw new HarnessError(
      'MSGAPI_USAGE',
      `no ${engine} output to import: name its files after the engine (one per runner).`,
    );
  for (const file of files) if (!existsSync(file)) throw new HarnessError('MSGAPI_USAGE', `${file} does not exist.`);
  // Runners' files add up: one file given twice would count its requests twice.
  const twice = files.find((file, index) => files.findIndex((other) => resolve(other) === resolve(file)) !== index);
  if (twice !== undefined)
    throw new HarnessError('MSGAPI_USAGE', `${twice} is given twice; each runner's output counts once.`);
  const candidates =
    values.plan !== undefined
      ? [values.plan]
      : [join(dirname(resolve(files[0]!)), planFileName), join(values.reportsDir, engine, planFileName)];
  const planFile = candidates.find((candidate) => existsSync(candidate));
  if (planFile === undefined)
    throw new HarnessError(
      'MSGAPI_USAGE',
      `no ${planFileName} at ${candidates.map(shown).join(' or ')}: give the one msgapi load export wrote with --plan FILE.`,
    );
  const plan = readPlan(planFile);
  const names = plan.scenarios.map((scenario) => scenario.name);
  const thresholds =
    values.threshold.length > 0
      ? values.threshold.map((text) => parseThreshold(text, names, [plan.model]))
      : plan.thresholds;
  const baseline =
    values.baseline === undefined
      ? undefined
      : {
          report: readLoadReportFile(values.baseline),
          tolerance: { ...defaultLatencyTolerance, relative: values.latencyTolerance / 100 },
        };
  const run = engines[engine].importRun(files, plan);
  // The engine's output seldom names the target; the plan it ran does.
  const report = importedLoadReport(
    { ...run, targetUrl: run.targetUrl ?? plan.origin },
    { thresholds, ...(baseline ? { baseline } : {}) },
  );
  const people = values.json ? process.stderr : process.stdout;
  const say = (text: string) => people.write(`${text}\n`);
  say(summaryTable(report));
  for (const note of report.notes ?? []) say(`Note: ${note}`);
  say(verdictLines(report));
  say(writeLoadReports(report, resolve(values.out ?? join(values.reportsDir, 'load.json'))));
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return exitCodeOf(loadOutcome(report) === 'INTERRUPTED' ? 'FAILED' : loadOutcome(report));
}

export async function runLoadEngineCommand(command: 'export' | 'import', argv: readonly string[]): Promise<number> {
  return command === 'export' ? runExport(argv) : runImport(argv);
}
