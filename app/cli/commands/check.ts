// `msgapi check`: runs the conformance suites with vitest against the target and writes
// reports/conformance.json, reports/junit.xml and reports/index.html, all from the one verdict it
// decides from the results (conformance/run/verdict.ts), which also gives the exit code: 0
// PASSED, 1 FAILED, 2 ERROR (configuration or harness), 130/143 INTERRUPTED.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadRegistry } from '../../../conformance/registry.ts';
import { selectChecks } from '../../../conformance/selection.ts';
import { unknownIdsProblem } from '../../../lib/core/config/parse-values.ts';
import { ConfigError, HarnessError } from '../../../lib/core/errors.ts';
import { buildReport } from '../../../reporting/build-report.ts';
import { decideVerdict, isGatingBlock, isGatingFailure, runScope } from '../../../conformance/run/verdict.ts';
import { reportToGithub } from '../../../reporting/github-actions.ts';
import { writeJunitXml } from '../../../reporting/junit-xml.ts';
import { exitCodeOf } from '../exit-codes.ts';
import { checkOptions } from '../options/check.ts';
import { recordSettings } from './run-settings.ts';
import type { ConformanceReport } from '../../../conformance/run/check-result.ts';
import { applyExpectations, readExpectations } from '../../../reporting/expectations.ts';
import { formatSummary } from '../../../reporting/print-summary.ts';
import { ProgressReporter } from '../../../reporting/progress-reporter.ts';
import { writeIndexReport } from '../../../reporting/index-report.ts';
import { runConformance } from '../../../conformance/run/conformance-run.ts';
import { providedTarget } from '../../../lib/core/target/provided-target.ts';
import { createRateBucketBuffer, SharedRateBucket } from '../../../lib/core/client/shared-rate-bucket.ts';
import { checkHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';
import { openTarget } from '../../../lib/core/target/open-target.ts';
import { inProcessReference } from '../../../conformance/embedded-reference.ts';
import { declaredReadings } from '../../../lib/core/config/profile-settings.ts';
import { probeTarget } from '../../../lib/core/target/probe-target.ts';
import { detectChoices } from '../../../lib/core/detect/detect-choices.ts';
import { applyDetection } from '../../../lib/core/detect/apply-detection.ts';
import { serverChoices } from '../../../lib/core/detect/server-choices.ts';
import { version } from '../../../lib/core/version.ts';
import { sourcesOf, type CommandIo } from './command-io.ts';
import type { Leftover } from '../../../lib/core/safety/created-resources.ts';

/** A leftover of the probe, told in a sentence that begins with what it is: "group <id> (…): …". */
function probeLeftover(reason: string): Leftover {
  const named = /^(group|conversation) (\S+?)[ :]/.exec(reason);
  return { kind: (named?.[1] as Leftover['kind'] | undefined) ?? 'group', id: named?.[2] ?? '(see the reason)', reason: `left by the probe: ${reason}` };
}

export async function runCheck(argv: string[]): Promise<number> {
  return (await checkRun(argv)).exitCode;
}

/** `msgapi check` with the report it wrote (none for --help and --list): the command line and the package's check() share it. */
export async function checkRun(argv: readonly string[], io: CommandIo = {}): Promise<{ exitCode: number; report?: ConformanceReport }> {
  const out = io.out ?? process.stdout;
  const parsed = parseCommand('check', argv, {}, sourcesOf(io));
  if (parsed.help) {
    out.write(`${checkHelp}\n`);
    return { exitCode: 0 };
  }
  const config = parsed.values;
  const registry = await loadRegistry();
  // Core reads CONVENTIONS as a list of ids; which ids are convention checks the conformance engine knows.
  const notConventions = unknownIdsProblem('CONVENTIONS', config.conventions, (id) => registry.has(id) && registry.get(id).level === 'convention', 'a convention check (see docs/checks.md)');
  if (notConventions) throw new ConfigError([notConventions]);
  const only = selectChecks(registry, {
    ...(config.only !== undefined ? { only: config.only } : {}),
    ...(config.exclude !== undefined ? { exclude: config.exclude } : {}),
    readOnly: config.readOnly,
  });
  if (config.list) {
    // What would run, and nothing sent: no target is opened.
    const width = Math.max(...only.map((id) => id.length));
    for (const id of only) {
      const check = registry.get(id);
      out.write(`${id.padEnd(width)}  ${check.level.padEnd(10)}  ${check.title}\n`);
    }
    console.error(`${only.length} of ${registry.checks.length} checks selected.`);
    return { exitCode: 0 };
  }
  const { shard, repeat, json } = config;
  const expectationsFile = config.expectations;
  const expected = expectationsFile === undefined ? undefined : readExpectations(expectationsFile, (id) => registry.has(id));
  // With --json, stdout carries the JSON report alone; everything for people goes to stderr.
  const people = json ? process.stderr : out;
  const say = (text: string) => people.write(`${text}\n`);
  const startedAt = new Date();
  const target = await openTarget({ ...config, declared: declaredReadings(config) }, inProcessReference());
  try {
    const probeRequests = await probeTarget(target, { timeoutMs: config.requestTimeoutMs, waitForTargetS: config.waitForTarget, onWaiting: say });
    // The choices the user left undeclared are found out on the target (the embedded server's are known).
    const declared = { bodyEncoding: parsed.given('bodyEncoding'), pagination: parsed.given('pagination'), groupContacts: parsed.given('groupContacts') };
    const detection = target.embedded || (declared.bodyEncoding && declared.pagination && declared.groupContacts)
      ? undefined
      : await detectChoices(target, { timeoutMs: config.requestTimeoutMs, readOnly: config.readOnly });
    if (detection !== undefined) {
      const applied = applyDetection(target.choices, detection, declared);
      Object.assign(target.choices, applied.choices);
      say(`Found out on the target (${detection.requests} requests; declare a setting to skip it): ${applied.lines.join('; ')}.`);
      for (const sentence of applied.contradictions) say(sentence);
      for (const leftover of detection.leftovers) say(`Left by the probe: ${leftover} (msgapi cleanup --marker ${detection.marker}).`);
    }
    say(
      `msgapi check ${version}: target ${target.url}${target.embedded ? ' (embedded reference server)' : ''}, ` +
        `seed ${config.seed} (replay with SEED=${config.seed}), body encoding ${target.choices.bodyEncoding}` +
        `${shard ? `, shard ${shard.index}/${shard.count}` : ''}${repeat > 1 ? `, every check ${repeat} times` : ''}.`,
    );
    // The run's pace, shared by every worker; read back for the report's rate_limit.
    const rateBucket = createRateBucketBuffer(config.maxRps);
    const provided = { ...providedTarget(target, config), rateBucket };
    mkdirSync(config.reportsDir, { recursive: true });
    const junitPath = join(config.reportsDir, 'junit.xml');
    const run = await runConformance(target, provided, {
      reportsDir: config.reportsDir,
      strict: config.strict,
      conventions: config.conventions,
      repeat,
      vitestOutput: people,
      // junit.xml is written from the report's verdict below, not by vitest's reporter, which
      // knows neither the gate nor the selection.
      reporters: [new ProgressReporter(people, { total: only.length * repeat }) as never],
      only,
      ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
      // --bail: the first gating failure or block that is not a known failure stops the run.
      ...(config.bail ? { stopWhen: (result) => (isGatingFailure(result) || isGatingBlock(result)) && !expected?.has(result.id) } : {}),
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
        extraRequests: probeRequests + (detection?.requests ?? 0) + run.sweepRequests,
        version,
        interrupted: run.interruptedBy !== undefined,
        // The probe's own leftovers too: the report must not say nothing was left when something was.
        leftovers: [...run.leftovers, ...(detection?.leftovers ?? []).map(probeLeftover)],
        ledgerFile: run.ledgerFile,
        rateLimit: new SharedRateBucket(rateBucket).figures(),
      },
      run.results,
    );
    if (repeat > 1) report = { ...report, repeat };
    if (shard) report = { ...report, shard };
    if (expected) report = applyExpectations(report, expected, expectationsFile!);
    // The verdict, decided once here from the results: every output below reads it.
    const scopeOptions = [
      ...(config.only !== undefined ? [`--only ${config.only.join(',')}`] : []),
      ...(config.exclude !== undefined ? [`--exclude ${config.exclude.join(',')}`] : []),
      ...(config.readOnly ? ['--read-only'] : []),
      ...(shard ? [`--shard ${shard.index}/${shard.count}`] : []),
    ];
    // A shard's part of the selection is known only from what its suite files reported.
    const selected = shard ? new Set(report.checks.map((check) => check.id)).size : only.length;
    const verdict = decideVerdict({
      checks: report.checks,
      interrupted: run.interruptedBy !== undefined,
      harnessErrors: run.harnessErrors,
      expectations: report.expectations,
      scope: runScope(selected, registry.checks.length, scopeOptions),
      seed: config.seed,
      stoppedEarly: run.stoppedEarly,
    });
    report = { ...report, verdict, ...recordSettings('check', checkOptions, config), server_choices: serverChoices({ choices: target.choices, declared, embedded: target.embedded, detection }) };

    const jsonPath = join(config.reportsDir, 'conformance.json');
    writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    writeJunitXml(report, junitPath);
    const indexPath = writeIndexReport(config.reportsDir, { conformance: report });
    const shown = (path: string) => relative(process.cwd(), path) || path;
    say(formatSummary(report, [jsonPath, junitPath, indexPath].map(shown), people));
    reportToGithub(report, (id) => (registry.has(id) ? registry.get(id).file : undefined), say);
    if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (verdict.outcome === 'ERROR') {
      // Reported after the reports are written, so that what did run is not lost.
      throw new HarnessError('MSGAPI_SUITE_CRASHED', `The suite itself failed (exit 2; not the server's fault): ${run.harnessErrors.join('; ')}`);
    }
    return { exitCode: exitCodeOf(verdict.outcome, run.interruptedBy), report };
  } finally {
    await target.close();
  }
}
