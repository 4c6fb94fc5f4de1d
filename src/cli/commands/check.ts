// `msgapi check`: runs the conformance suites with vitest against the target and writes
// reports/conformance.json, reports/junit.xml and reports/index.html. Exit 0: every gating check
// passed (and the expectations file, if any, is still true); 1: otherwise; 2: configuration or
// harness error.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { catalogue, type CheckId, type CheckMeta } from '../../conformance/checks/catalogue.ts';
import { loadConfig } from '../../core/config/load.ts';
import { HarnessError } from '../../core/errors.ts';
import { buildReport, runFailed } from '../../report/build-report.ts';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { applyExpectations, readExpectations } from '../../report/expectations.ts';
import { formatSummary } from '../../report/print-summary.ts';
import { ProgressReporter } from '../../report/progress-reporter.ts';
import { writeIndexReport } from '../../report/index-report.ts';
import { runConformance } from '../../conformance/run/conformance-run.ts';
import { exitCodeFor } from '../../core/safety/interruption.ts';
import { providedTarget } from '../../core/target/provided-target.ts';
import { commonFlags, configSourcesFrom, parseFlags, settingFlags, settingsHelp } from '../flags.ts';
import { openTarget } from '../../core/target/open-target.ts';
import { probeTarget } from '../../core/target/probe-target.ts';
import { version } from '../../core/version.ts';

export const checkHelp = `Usage: msgapi check [options]

Runs the conformance suites against the server at BASE_URL, or, with no BASE_URL, against the
embedded reference server. Every setting can come from .env, the environment or a flag (flags win).

Options:
${settingsHelp()}
  --only IDS               Run only these checks: comma-separated ids, or prefixes ending in a dot
                           (--only model.,properties.). See docs/checks.md.
  --expectations FILE      Known failures: {"failures": {"<check id>": "<reason>"}}. A listed check
                           that fails does not fail the run; a new failure does, and so does a
                           listed check that now passes (remove it). 'msgapi expectations' writes one.
  --repeat N               Run every check N times; a check whose result changes is reported as
                           flaky (and fails the run if it gates), apart from plain failures.
  --shard I/N              Run only part I of N of the suite files (vitest's sharding), for a run
                           split across CI machines; 'msgapi merge' joins the parts' reports.
  --json                   Print the JSON report to stdout (the human summary goes to stderr).
  --env-file PATH          Read settings from this file instead of ./.env.
  -h, --help               Show this help.

Everything the run creates is recorded in a ledger file as it is made and deleted afterwards,
also after Ctrl-C (a second Ctrl-C leaves at once; then run 'msgapi cleanup').

Exit codes: 0 every gating check passed; 1 a gating check failed (or an expected failure passed);
2 configuration or harness error (an unreachable target included); 130 or 143 stopped by SIGINT
or SIGTERM.`;

/** --only: check ids, or prefixes ending in a dot; each must name at least one check. */
function checkSelection(raw: string): string[] {
  const items = raw.split(',').map((item) => item.trim()).filter(Boolean);
  const ids = Object.keys(catalogue);
  const unknown = items.filter((item) => !ids.some((id) => (item.endsWith('.') ? id.startsWith(item) : id === item)));
  if (items.length === 0 || unknown.length > 0) {
    throw new HarnessError('MSGAPI_USAGE', `--only names ${unknown.join(', ') || 'nothing'}, which is no check id or id prefix (see docs/checks.md).`);
  }
  return items;
}

/** --read-only: the checks that send nothing but GETs, among those --only chose. */
function readOnlySelection(chosen: string[] | undefined): string[] {
  const readOnly = (Object.keys(catalogue) as CheckId[]).filter((id) => (catalogue[id] as CheckMeta).readOnly);
  const picked = chosen ? readOnly.filter((id) => chosen.some((item) => (item.endsWith('.') ? id.startsWith(item) : id === item))) : readOnly;
  if (picked.length === 0) throw new HarnessError('MSGAPI_USAGE', `--only chose no read-only check; with --read-only only these run: ${readOnly.join(', ')}.`);
  return picked;
}

function shardFrom(raw: unknown): { index: number; count: number } | undefined {
  if (raw === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(String(raw));
  const [index, count] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || count < 1 || index < 1 || index > count) throw new HarnessError('MSGAPI_USAGE', `--shard ${String(raw)} must read I/N with 1 ≤ I ≤ N, as in --shard 1/3.`);
  return { index, count };
}

function repeatFrom(raw: unknown): number {
  if (raw === undefined) return 1;
  const value = Number(raw);
  if (!/^\d+$/.test(String(raw)) || value < 1 || value > 100) throw new HarnessError('MSGAPI_USAGE', `--repeat ${String(raw)} must be a whole number from 1 to 100.`);
  return value;
}

export async function runCheck(argv: string[]): Promise<number> {
  const flags = parseFlags(argv, {
    ...commonFlags,
    ...settingFlags,
    only: { type: 'string' },
    expectations: { type: 'string' },
    repeat: { type: 'string' },
    shard: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (flags.help) {
    console.log(checkHelp);
    return 0;
  }
  const config = loadConfig(configSourcesFrom(flags));
  const chosen = typeof flags.only === 'string' ? checkSelection(flags.only) : undefined;
  const only = config.readOnly ? readOnlySelection(chosen) : chosen;
  const shard = shardFrom(flags.shard);
  const repeat = repeatFrom(flags.repeat);
  const expectationsFile = flags.expectations as string | undefined;
  const expected = expectationsFile === undefined ? undefined : readExpectations(expectationsFile);
  // With --json, stdout carries the JSON report alone; everything for people goes to stderr.
  const say = flags.json ? (text: string) => console.error(text) : (text: string) => console.log(text);
  const startedAt = new Date();
  const target = await openTarget(config);
  try {
    const probeRequests = await probeTarget(target, config.bodyEncoding, config.requestTimeoutMs);
    say(
      `msgapi check ${version}: target ${target.url}${target.embedded ? ' (embedded reference server)' : ''}, ` +
        `seed ${config.seed} (replay with SEED=${config.seed}), body encoding ${config.bodyEncoding}` +
        `${shard ? `, shard ${shard.index}/${shard.count}` : ''}${repeat > 1 ? `, every check ${repeat} times` : ''}.`,
    );
    const provided = providedTarget(config, target);
    mkdirSync(config.reportsDir, { recursive: true });
    const junitPath = join(config.reportsDir, 'junit.xml');
    const run = await runConformance(config, target, provided, {
      repeat,
      vitestOutput: flags.json ? process.stderr : process.stdout,
      reporters: [new ProgressReporter(flags.json ? process.stderr : process.stdout) as never, ['junit', { outputFile: junitPath, suiteName: 'msgapi conformance' }]],
      ...(only ? { only } : {}),
      ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
    });
    if (run.results.length === 0 && run.harnessErrors.length === 0 && !run.interruptedBy && !shard) {
      throw new HarnessError('MSGAPI_SUITE_CRASHED', 'No check ran: the suites folder holds no checks.');
    }
    let report: ConformanceReport = buildReport(
      {
        targetUrl: target.url,
        embedded: target.embedded,
        startedAt,
        durationMs: Date.now() - startedAt.getTime(),
        seed: config.seed,
        runId: provided.runId,
        extraRequests: probeRequests + run.sweepRequests,
        version,
        interrupted: run.interruptedBy !== undefined,
        leftovers: run.leftovers,
        ledgerFile: run.ledgerFile,
      },
      run.results,
    );
    if (repeat > 1) report = { ...report, repeat };
    if (shard) report = { ...report, shard };
    if (expected) report = applyExpectations(report, expected, expectationsFile!);

    const jsonPath = join(config.reportsDir, 'conformance.json');
    writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    const indexPath = writeIndexReport(config.reportsDir, { conformance: report });
    const shown = (path: string) => relative(process.cwd(), path) || path;
    say(formatSummary(report, [jsonPath, ...(existsSync(junitPath) ? [junitPath] : []), indexPath].map(shown), flags.json ? process.stderr : process.stdout));
    if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (run.harnessErrors.length > 0) {
      // Reported after the reports are written, so that what did run is not lost.
      throw new HarnessError('MSGAPI_SUITE_CRASHED', `The suite itself failed (exit 2; not the server's fault): ${run.harnessErrors.join('; ')}`);
    }
    if (run.interruptedBy) return exitCodeFor(run.interruptedBy);
    return runFailed(report) ? 1 : 0;
  } finally {
    await target.close();
  }
}
