// `msgapi check`: maps its flags and settings onto the check engine's options (conformance/run-check.ts),
// runs it, and writes reports/conformance.json, reports/junit.xml and reports/index.html (or where
// --json FILE, --junit FILE, --html FILE say) from the one verdict the engine decided, which also
// gives the exit code: 0 PASSED, 1 FAILED, 2 ERROR (configuration, harness, a target that went
// away), 130/143 INTERRUPTED. The reports are replaced as the run starts (in progress) and, when
// it stops with exit 2, by ERROR (reporting/conformance-files.ts).
import { transportOf, withCommandToken } from '../../../lib/core/config/transport-settings.ts';
import { join, relative } from 'node:path';
import { runCheck, selectedChecks, type CheckOptions } from '../../../conformance/run-check.ts';
import { projectDir } from '../../../conformance/registry.ts';
import type { ConformanceReport } from '../../../conformance/run/check-result.ts';
import { declaredReadings } from '../../../lib/core/config/profile-settings.ts';
import { HarnessError } from '../../../lib/core/errors.ts';
import { reportToGithub } from '../../../reporting/github-actions.ts';
import {
  conformanceReportFiles,
  inProgressReason,
  unfinishedReport,
  writeConformanceReports,
  type ConformanceReportFiles,
} from '../../../reporting/conformance-files.ts';
import { formatSummary } from '../../../reporting/print-summary.ts';
import { ProgressReporter } from '../../../reporting/progress-reporter.ts';
import { exitCodeOf } from '../exit-codes.ts';
import { checkHelp } from '../help-texts.ts';
import { checkOptions } from '../options/check.ts';
import { parseCommand } from '../options/index.ts';
import { sourcesOf, type CommandIo } from './command-io.ts';
import { recordSettings } from './run-settings.ts';

/** How many times the default's cases --depth thorough tries. */
const thoroughFactor = 5;

/** The flags and settings of msgapi check as the engine's options; --help and --list apart. */
export function checkCommandOptions(
  argv: readonly string[],
  io: CommandIo = {},
): 'help' | { options: CheckOptions; list: boolean; json: boolean; files: ConformanceReportFiles } {
  const parsed = parseCommand('check', argv, {}, sourcesOf(io));
  if (parsed.help) return 'help';
  const config = parsed.values;
  const options: CheckOptions = {
    target: { ...withCommandToken(config), declared: declaredReadings(config), transport: transportOf(config) },
    declaredChoices: {
      bodyEncoding: parsed.given('bodyEncoding'),
      pagination: parsed.given('pagination'),
      groupContacts: parsed.given('groupContacts'),
    },
    requestTimeoutMs: config.requestTimeoutMs,
    seed: config.seed,
    readOnly: config.readOnly,
    maxRps: config.maxRps,
    throttleLimitMs: config.throttleLimit * 1000,
    // --depth thorough: more cases and more time, unless the user set them.
    propertyRuns:
      config.depth === 'thorough' && !parsed.given('propertyRuns')
        ? config.propertyRuns * thoroughFactor
        : config.propertyRuns,
    propertyTimeBudgetMs:
      config.depth === 'thorough' && !parsed.given('propertyTimeBudgetMs')
        ? Math.max(config.propertyTimeBudgetMs, 600_000)
        : config.propertyTimeBudgetMs,
    depth: config.depth,
    replay: config.replay,
    workers: config.workers,
    only: config.only,
    exclude: config.exclude,
    strict: config.strict,
    conventions: config.conventions,
    repeat: config.repeat,
    shard: config.shard,
    bail: config.bail,
    expectations: config.expectations,
    waitForTargetS: config.waitForTarget,
    reportsDir: config.reportsDir,
    har: config.har,
    recorded: recordSettings('check', checkOptions, config),
  };
  // --json alone (or -): the report on stdout as well as in its usual file; --json FILE: in FILE.
  const jsonFile = config.json === undefined || config.json === '-' ? undefined : config.json;
  const files = conformanceReportFiles(config.reportsDir, { json: jsonFile, junit: config.junit, html: config.html });
  return { options, list: config.list, json: config.json === '-', files };
}

export async function runCheckCommand(argv: string[]): Promise<number> {
  return (await checkCommand(argv)).exitCode;
}

/** `msgapi check` with the report it wrote (none for --help and --list): the command line and the package's check() share it. */
export async function checkCommand(
  argv: readonly string[],
  io: CommandIo = {},
): Promise<{ exitCode: number; report?: ConformanceReport }> {
  const out = io.out ?? process.stdout;
  const mapped = checkCommandOptions(argv, io);
  if (mapped === 'help') {
    out.write(`${checkHelp}\n`);
    return { exitCode: 0 };
  }
  const { options, list, json, files } = mapped;
  if (list) {
    // What would run, and nothing sent: no target is opened.
    const { registry, only } = await selectedChecks(options);
    const width = Math.max(...only.map((id) => id.length));
    for (const id of only) {
      const check = registry.get(id);
      out.write(`${id.padEnd(width)}  ${check.level.padEnd(10)}  ${check.title}\n`);
    }
    console.error(`${only.length} of ${registry.checks.length} checks selected.`);
    return { exitCode: 0 };
  }
  // With --json, stdout carries the JSON report alone; everything for people goes to stderr.
  const people = json ? process.stderr : out;
  const say = (text: string) => people.write(`${text}\n`);
  const unfinished = { startedAt: new Date(), targetUrl: options.target.baseUrl, seed: options.seed };
  writeConformanceReports(
    files,
    unfinishedReport(unfinished, inProgressReason(unfinished.startedAt), true),
    options.reportsDir,
  );
  let run: Awaited<ReturnType<typeof runCheck>>;
  try {
    run = await runCheck({
      ...options,
      say,
      vitestOutput: people,
      // junit.xml is written from the report's verdict below, not by vitest's reporter, which
      // knows neither the gate nor the selection.
      reporters: (selected) => [new ProgressReporter(people, { total: selected * options.repeat }) as never],
    });
  } catch (error) {
    // Exit 2 before any check reported (a refused token, an unreachable target, a bad setting):
    // the reports say ERROR with the sentence the command ends on.
    if (error instanceof HarnessError)
      writeConformanceReports(files, unfinishedReport(unfinished, error.message, false), options.reportsDir);
    throw error;
  }
  const { report, verdict, interruptedBy, harnessErrors, targetGone, registry, har } = run;
  const written = writeConformanceReports(files, report, options.reportsDir);
  const shown = (path: string) => relative(process.cwd(), path) || path;
  const harPath = har !== undefined && har.problem === undefined ? [har.file] : [];
  say(formatSummary(report, [...written, ...harPath].map(shown), people));
  if (har?.problem !== undefined) say(`The HAR file ${shown(har.file)}: ${har.problem}.`);
  reportToGithub(report, (id) => (registry.has(id) ? join(projectDir, registry.get(id).file) : undefined), say);
  if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (targetGone !== undefined) throw new HarnessError('MSGAPI_TARGET_GONE', targetGone);
  if (verdict.outcome === 'ERROR') {
    // Reported after the reports are written, so that what did run is not lost.
    throw new HarnessError(
      'MSGAPI_SUITE_CRASHED',
      `The suite itself failed (exit 2; not the server's fault): ${harnessErrors.join('; ')}`,
    );
  }
  return { exitCode: exitCodeOf(verdict.outcome, interruptedBy), report };
}
