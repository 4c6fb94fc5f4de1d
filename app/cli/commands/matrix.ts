// `msgapi matrix`: runs the suites against every seeded fault of the reference server (each must
// fail) and every valid variant (each must pass), all in one vitest process, and writes
// reports/matrix.json and reports/matrix.md. Exit 0: every fault caught and every
// variant passed; 1: not; 2: harness error; 130 or 143: stopped by SIGINT or SIGTERM, after
// stopping every server it started and removing its ledger folders (no report: nothing concluded).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isFaultName, type FaultName } from '../../../reference/faults/registry.ts';
import { COMBINED_DRAW, isVariantName, type VariantName } from '../../../reference/variants/registry.ts';
import { HarnessError } from '../../../lib/core/errors.ts';
import { runSuites } from '../../../conformance/run/run-suites.ts';
import {
  allFaultNames,
  allVariantNames,
  faultSetups,
  startEntries,
  variantSetups,
} from '../../../conformance/matrix/entries.ts';
import { concludeMatrix } from '../../../conformance/matrix/outcome.ts';
import { loadRegistry } from '../../../conformance/registry.ts';
import { nearestName, selectChecks } from '../../../conformance/selection.ts';
import { ProgressReporter } from '../../../reporting/progress-reporter.ts';
import { renderMatrixMarkdown, type MatrixReport } from '../../../reporting/matrix-report.ts';
import { exitCode } from '../exit-codes.ts';
import { matrixHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';

/** The names chosen; `faults` and `variants` stand for all of their kind (a new check is tried against every valid variant). */
function selection(given: readonly string[] | undefined): { faults: FaultName[]; variants: VariantName[] } {
  if (given === undefined) return { faults: allFaultNames(), variants: allVariantNames() };
  const names = given.flatMap((name) =>
    name === 'faults' ? allFaultNames() : name === 'variants' ? allVariantNames() : [name],
  );
  const unknown = names.filter((name) => !isFaultName(name) && !isVariantName(name) && name !== COMBINED_DRAW);
  if (unknown.length > 0) {
    const known = [...allFaultNames(), ...allVariantNames(), COMBINED_DRAW, 'faults', 'variants'];
    const meant = unknown.flatMap((name) => {
      const near = nearestName(name, known);
      return near === undefined ? [] : [unknown.length === 1 ? near : `${near} for ${name}`];
    });
    // The package has no reference/ sources to look in: the names are shown where a user has them.
    throw new HarnessError(
      'MSGAPI_USAGE',
      `--only names ${unknown.join(', ')}, which no fault or variant is called${meant.length > 0 ? ` (did you mean ${meant.join(', ')}?)` : ''}; ` +
        '`--only faults` or `--only variants` runs every one of a kind, and the matrix.md of such a run lists their names (docs/explanation/proving-the-suite.md says what they are).',
    );
  }
  return {
    faults: [...new Set(names.filter(isFaultName))],
    variants: [...new Set(names.filter((name): name is VariantName => isVariantName(name) || name === COMBINED_DRAW))],
  };
}

export async function runMatrix(argv: string[]): Promise<number> {
  const parsed = parseCommand('matrix', argv);
  if (parsed.help) {
    console.log(matrixHelp);
    return 0;
  }
  const { seed, reportsDir: dir, only, detect, checks, propertyRuns } = parsed.values;
  const chosen = selection(only);
  const registry = await loadRegistry();
  // Resolved before a server starts: a selector naming no check is a usage error.
  const checkIds = checks === undefined ? undefined : selectChecks(registry, { only: checks, onlyFlag: '--checks' });
  const started = Date.now();
  // Ctrl-C or SIGTERM stops the run rather than the process at once: the servers it started and
  // the ledger folders of its foreign-data runs are removed first (the finally below).
  const stop = new AbortController();
  let stoppedBy: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    stoppedBy ??= signal;
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const interrupted = () => {
    console.log(
      `msgapi matrix: stopped by ${stoppedBy}; the servers it started are stopped and their folders removed; no report written.`,
    );
    return stoppedBy === 'SIGINT' ? exitCode.sigint : exitCode.sigterm;
  };
  let entries: Awaited<ReturnType<typeof startEntries>> = [];
  try {
    entries = await startEntries([...faultSetups(chosen.faults), ...variantSetups(chosen.variants)], seed, {
      detect,
      propertyRuns,
    });
    if (stop.signal.aborted) return interrupted();
    const runs = entries.flatMap((entry) => entry.runs);
    console.log(
      `msgapi matrix: ${entries.filter((entry) => entry.kind === 'fault').length} faults and ${entries.filter((entry) => entry.kind === 'variant').length} variants (the seed's combined profiles included), ${runs.length} runs of the suite in one vitest process, ` +
        `seed ${seed} (replay with SEED=${seed})${checkIds ? `; only ${checkIds.length} check(s): ${checks!.join(',')}` : ''}; ${propertyRuns} property run(s).`,
    );
    // Progress only, no vitest reporter: against a fault most checks are meant to fail, and the report says which.
    const checksPerRun = checkIds?.length ?? registry.checks.length;
    const progress = new ProgressReporter(process.stdout, { total: runs.length * checksPerRun, label: 'Matrix' });
    const outcome = await runSuites(runs, {
      requestTimeoutMs: 10_000,
      reporters: [progress as never],
      cancel: stop.signal,
      ...(checkIds ? { only: checkIds } : {}),
    });
    if (stop.signal.aborted) return interrupted();
    if (outcome.harnessErrors.length > 0) {
      throw new HarnessError('MSGAPI_SUITE_CRASHED', `The suite itself failed: ${outcome.harnessErrors.join('; ')}`);
    }
    const concluded = await concludeMatrix(entries, outcome.results, { someChecks: checkIds !== undefined });
    const report: MatrixReport = {
      generated_at: new Date().toISOString(),
      duration_ms: Date.now() - started,
      requests: [...outcome.results.values()].flat().reduce((sum, check) => sum + check.requests, 0),
      ...(checks ? { checks: { selected: checks, property_runs: propertyRuns } } : {}),
      ...concluded,
    };
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'matrix.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(dir, 'matrix.md'), renderMatrixMarkdown(report));
    // Earlier versions wrote this report as sensitivity.json and sensitivity.md: one still in the
    // folder is an older run's, which a reader could take for this one's.
    const older = ['sensitivity.json', 'sensitivity.md'].filter((name) => existsSync(join(dir, name)));
    if (older.length > 0)
      console.log(
        `Note: ${older.join(' and ')} in ${dir} ${older.length > 1 ? 'are' : 'is'} an earlier run's report, under the name earlier versions gave it; this run's is matrix.json and matrix.md.`,
      );

    const missed = report.faults.filter((fault) => !fault.caught);
    const failed = report.variants.filter((variant) => !variant.passed);
    for (const fault of missed) console.log(`NOT CAUGHT ${fault.name} (${fault.section}): ${fault.breaks}`);
    for (const variant of failed) console.log(`FAILED ${variant.name}: ${variant.problems.join('; ')}`);
    const { caught, faults } = report.matrix_score;
    console.log(
      `\nMatrix score ${caught}/${faults} faults caught; variants passed ${report.variants.length - failed.length}/${report.variants.length}; ` +
        `${(report.duration_ms / 1000).toFixed(1)} s. Reports: ${join(dir, 'matrix.md')}, ${join(dir, 'matrix.json')}`,
    );
    return missed.length === 0 && failed.length === 0 ? 0 : 1;
  } finally {
    await Promise.all(entries.map((entry) => entry.close()));
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
