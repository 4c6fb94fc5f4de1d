// `msgapi check`: runs the conformance suites with vitest against the target and writes
// reports/conformance.json and reports/junit.xml. Exit 0: every gating check passed; 1: some
// failed; 2: configuration or harness error.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { catalogue, type CheckId, type CheckMeta } from '../../checks/catalogue.ts';
import { loadConfig } from '../../config/load.ts';
import { HarnessError } from '../../errors.ts';
import { buildReport, gatingPolicy } from '../../report/build-report.ts';
import { providedTarget } from '../../run/provided-target.ts';
import { exitCodeFor, watchForInterruption } from '../../run/interruption.ts';
import { runSuites } from '../../run/run-suites.ts';
import { markedEntries, readLedgerFile, sweepClient, sweepLedger } from '../../run/sweep.ts';
import { formatSummary } from '../../report/print-summary.ts';
import { commonFlags, configSourcesFrom, parseFlags, settingFlags, settingsHelp } from '../flags.ts';
import { openTarget } from '../open-target.ts';
import { probeTarget } from '../probe-target.ts';
import { version } from '../version.ts';

export const checkHelp = `Usage: msgapi check [options]

Runs the conformance suites against the server at BASE_URL, or, with no BASE_URL, against the
embedded reference server. Every setting can come from .env, the environment or a flag (flags win).

Options:
${settingsHelp()}
  --only IDS               Run only these checks: comma-separated ids, or prefixes ending in a dot
                           (--only model.,properties.). See docs/checks.md.
  --env-file PATH          Read settings from this file instead of ./.env.
  -h, --help               Show this help.

Everything the run creates is recorded in a ledger file as it is made and deleted afterwards,
also after Ctrl-C (a second Ctrl-C leaves at once; then run 'msgapi cleanup').

Exit codes: 0 every gating check passed; 1 a gating check failed; 2 configuration or harness error
(an unreachable target included); 130 or 143 stopped by SIGINT or SIGTERM.`;

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

export async function runCheck(argv: string[]): Promise<number> {
  const flags = parseFlags(argv, { ...commonFlags, ...settingFlags, only: { type: 'string' } });
  if (flags.help) {
    console.log(checkHelp);
    return 0;
  }
  const config = loadConfig(configSourcesFrom(flags));
  const chosen = typeof flags.only === 'string' ? checkSelection(flags.only) : undefined;
  const only = config.readOnly ? readOnlySelection(chosen) : chosen;
  const startedAt = new Date();
  const target = await openTarget(config);
  try {
    const probeRequests = await probeTarget(target, config.bodyEncoding, config.requestTimeoutMs);
    console.log(
      `msgapi check ${version}: target ${target.url}${target.embedded ? ' (embedded reference server)' : ''}, ` +
        `seed ${config.seed} (replay with SEED=${config.seed}), body encoding ${config.bodyEncoding}.`,
    );

    const provided = providedTarget(config, target);
    mkdirSync(config.reportsDir, { recursive: true });
    const junitPath = join(config.reportsDir, 'junit.xml');
    // Every id the checks create is appended here as it is made: what a check's own cleanup
    // misses, the sweep below removes, even after Ctrl-C.
    const ledgerFile = join(config.reportsDir, `ledger-${provided.runId}.jsonl`);
    writeFileSync(ledgerFile, '');
    const interruption = watchForInterruption(ledgerFile);
    let outcome;
    try {
      outcome = await runSuites(
        [{ name: 'target', target: { ...provided, ledgerFile }, gates: gatingPolicy({ strict: config.strict, declared: config.conventions }) }],
        {
          requestTimeoutMs: config.requestTimeoutMs,
          reporters: ['default', ['junit', { outputFile: junitPath, suiteName: 'msgapi conformance' }]],
          cancel: interruption.signal,
          ...(only ? { only } : {}),
        },
      );
    } finally {
      interruption.stop();
    }
    const interruptedBy = interruption.received();
    const sweepTarget = { url: target.url, accessToken: target.accessToken, encoding: config.bodyEncoding, timeoutMs: config.requestTimeoutMs };
    const recorded = readLedgerFile(ledgerFile);
    // A stopped run may have had creates under way, which never reached the ledger: those are
    // found by the run's marker in their names.
    const entries = interruptedBy
      ? [...recorded, ...(await markedEntries(sweepClient(sweepTarget, []), provided.runId, config.pagination))]
      : recorded;
    const sweeper = sweepClient(sweepTarget, entries);
    const sweep = await sweepLedger(entries, sweeper);
    if (sweep.leftovers.length === 0) rmSync(ledgerFile, { force: true });

    const results = outcome.results.get('target') ?? [];
    if (results.length === 0 && outcome.harnessErrors.length === 0 && !interruptedBy) {
      throw new HarnessError('MSGAPI_SUITE_CRASHED', 'No check ran: the suites folder holds no checks.');
    }
    const report = buildReport(
      {
        targetUrl: target.url,
        embedded: target.embedded,
        startedAt,
        durationMs: Date.now() - startedAt.getTime(),
        seed: config.seed,
        runId: provided.runId,
        extraRequests: probeRequests + sweeper.journal.length,
        version,
        interrupted: interruptedBy !== undefined,
        leftovers: sweep.leftovers,
        ledgerFile: sweep.leftovers.length > 0 ? ledgerFile : null,
      },
      results,
    );
    const jsonPath = join(config.reportsDir, 'conformance.json');
    writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    const shown = (path: string) => relative(process.cwd(), path) || path;
    console.log(formatSummary(report, [shown(jsonPath), shown(junitPath)]));
    if (outcome.harnessErrors.length > 0) {
      // Reported after the reports are written, so that what did run is not lost.
      throw new HarnessError('MSGAPI_SUITE_CRASHED', `The suite itself failed (exit 2; not the server's fault): ${outcome.harnessErrors.join('; ')}`);
    }
    if (interruptedBy) return exitCodeFor(interruptedBy);
    return report.summary.gating_failed > 0 ? 1 : 0;
  } finally {
    await target.close();
  }
}
