// A vitest reporter that collects one CheckResult per check from the tests' results and task.meta.
// It runs in the check command's own process; it writes nothing itself.
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import { catalogue, isCheckId, type CheckId } from '../checks/catalogue.ts';
import type {} from '../checks/define-check.ts';
import type { CheckResult, CheckStatus } from './check-result.ts';

export class ConformanceReporter implements Reporter {
  readonly results: CheckResult[] = [];
  /** Problems of the suite itself (a file that failed to load, an error outside any check). */
  readonly harnessErrors: string[] = [];

  /** `gates(id)`: whether a failure of that check fails the run. */
  constructor(private readonly gates: (id: CheckId) => boolean) {}

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().check;
    if (!meta || !isCheckId(meta.id)) {
      this.harnessErrors.push(`the test "${testCase.fullName}" is not a registered check (use check() from src/checks/define-check.ts)`);
      return;
    }
    const { title, spec, level } = catalogue[meta.id];
    if (meta.harnessError) this.harnessErrors.push(`the check ${meta.id} broke: ${meta.harnessError.split('\n')[0]}`);
    const result = testCase.result();
    const diagnostic = testCase.diagnostic();
    const status: CheckStatus = meta.blocked ? 'blocked' : result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
    const message =
      status === 'blocked'
        ? meta.blocked!
        : result.state === 'failed'
          ? meta.harnessError
            ? `harness error, not the server's failure: ${meta.harnessError}`
            : (result.errors ?? []).map((error) => error.message).join('\n') || 'failed without a message'
          : result.state === 'skipped'
            ? (result.note ?? 'skipped')
            : null;
    this.results.push({
      id: meta.id,
      title,
      spec: spec.join(', '),
      level,
      status,
      gating: this.gates(meta.id) && !meta.harnessError,
      message,
      reproduction: status === 'failed' || status === 'blocked' ? (meta.reproduction ?? null) : null,
      requests: meta.requests,
      duration_ms: Math.round(diagnostic?.duration ?? 0),
      ...(meta.leftovers ? { leftovers: meta.leftovers } : {}),
    });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    for (const module of testModules) {
      for (const error of module.errors()) this.harnessErrors.push(`${module.moduleId}: ${error.message}`);
    }
    for (const error of unhandledErrors) this.harnessErrors.push(error.message);
  }
}
