// A run stopped by Ctrl-C (issue 26, part 7): vitest calls every check under way "skipped" with its
// own sentence ("The test run was aborted by the user."). Those checks were not run: they are
// reported as stopped half-way, not as skipped, and every report names them.
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../../conformance/registry.ts';
import { buildReport } from '../../../conformance/run/build-report.ts';
import { ConformanceReporter } from '../../../conformance/run/conformance-reporter.ts';
import { formatSummary } from '../../../reporting/print-summary.ts';
import { renderJunitXml } from '../../../reporting/junit-xml.ts';
import { renderIndexHtml } from '../../../reporting/conformance-html/index-html.ts';

const registry = await loadRegistry();
const [first, second, third] = registry.checks.map((check) => check.id);
const vitestAbortNote = 'The test run was aborted by the user.';

/** A test case as vitest hands it to a reporter: the check's meta, and its result. */
const testCase = (id: string, state: 'passed' | 'skipped', note?: string) =>
  ({
    fullName: `${id} — title`,
    meta: () => ({ check: { id, target: '', requests: 3 } }),
    result: () => ({ state, ...(note === undefined ? {} : { note }) }),
    diagnostic: () => ({ duration: 1 }),
  }) as never;

describe('checks under way when a signal stops the run', () => {
  const reporter = new ConformanceReporter(registry, () => () => true);
  reporter.onTestCaseResult(testCase(first!, 'passed'));
  reporter.onTestCaseResult(testCase(second!, 'skipped', 'the target has no second user'));
  reporter.interrupted = true;
  reporter.onTestCaseResult(testCase(third!, 'skipped', vitestAbortNote));

  it('are not results: neither passed nor skipped, and vitest’s sentence is nowhere', () => {
    const results = reporter.resultsOf('');
    expect(results.map((result) => [result.id, result.status])).toEqual([
      [first, 'passed'],
      [second, 'skipped'],
    ]);
    expect(reporter.cutShort.get('')).toEqual([{ id: third, requests: 3 }]);
  });

  it('are named once in the summary, junit.xml and index.html, which say the run was interrupted', () => {
    const report = buildReport(
      {
        targetUrl: 'http://127.0.0.1:1',
        embedded: false,
        startedAt: new Date(0),
        durationMs: 1,
        seed: 1,
        runId: '00000000',
        extraRequests: 0,
        version: 'test',
        interrupted: true,
        interruptedChecks: reporter.cutShort.get('')!.map((check) => check.id),
        leftovers: [],
        ledgerFile: null,
      },
      reporter.resultsOf(''),
    );
    expect(report.interrupted_checks).toEqual([third]);
    expect(report.summary).toMatchObject({ passed: 1, skipped: 1 });
    const summary = formatSummary(report, [], { isTTY: false } as never);
    expect(summary).not.toContain(vitestAbortNote);
    expect(summary).toContain(
      `The run was interrupted: one check was stopped half-way, so not run (${third}); they and the checks that had not started are not in this report.`,
    );
    expect(summary).toMatch(/^INTERRUPTED Conformance of /m);
    const leftOut = `one check was stopped half-way, so not run (${third}); they and the checks that had not started are not in this report.`;
    const junit = renderJunitXml(report);
    expect(junit).toContain(`<error type="INTERRUPTED"`);
    expect(junit).toContain(`The run was interrupted: ${leftOut}`);
    expect(renderIndexHtml({ conformance: report })).toContain(
      `<strong>Interrupted.</strong> The run was stopped by a signal: ${leftOut}`,
    );
  });
});
