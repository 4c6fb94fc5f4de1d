// A vitest reporter that collects one CheckResult per check from the tests' results and task.meta.
// It runs in the check command's own process; it writes nothing itself.
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import { catalogue, isCheckId } from '../checks/catalogue.ts';
import type {} from '../checks/define-check.ts';
import type { CheckResult } from './check-result.ts';

export class ConformanceReporter implements Reporter {
  readonly results: CheckResult[] = [];
  /** Problems of the suite itself (a file that failed to load, an error outside any check). */
  readonly harnessErrors: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().check;
    if (!meta || !isCheckId(meta.id)) {
      this.harnessErrors.push(`the test "${testCase.fullName}" is not a registered check (use check() from src/checks/define-check.ts)`);
      return;
    }
    const { title, spec, level } = catalogue[meta.id];
    const result = testCase.result();
    const diagnostic = testCase.diagnostic();
    const status = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
    const message =
      result.state === 'failed'
        ? (result.errors ?? []).map((error) => error.message).join('\n') || 'failed without a message'
        : result.state === 'skipped'
          ? (result.note ?? 'skipped')
          : null;
    this.results.push({
      id: meta.id,
      title,
      spec: spec.join(', '),
      level,
      status,
      message,
      reproduction: status === 'failed' ? (meta.reproduction ?? null) : null,
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
