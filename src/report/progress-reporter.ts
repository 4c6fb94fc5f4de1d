// What `msgapi check` shows while the checks run, in place of vitest's own reporter: at a terminal,
// one line redrawn as each check ends; in a log, one line per suite file as it ends.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type {} from '../conformance/checks/register-checks.ts';
import { colourFor } from './colour.ts';

type Tally = { passed: number; failed: number; skipped: number };

function tallyOf(testCases: Iterable<TestCase>): Tally {
  const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  for (const testCase of testCases) {
    if (!testCase.meta().check) continue; // left out by --only, or never started
    const state = testCase.result().state;
    if (state === 'passed' || state === 'failed' || state === 'skipped') tally[state]++;
  }
  return tally;
}

const describeTally = (tally: Tally, paint: ReturnType<typeof colourFor>) =>
  [
    paint('green', `${tally.passed} passed`),
    ...(tally.failed > 0 ? [paint('red', `${tally.failed} failed`)] : []),
    ...(tally.skipped > 0 ? [paint('yellow', `${tally.skipped} skipped`)] : []),
  ].join(', ');

export class ProgressReporter implements Reporter {
  private readonly tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  private readonly startedAt = performance.now();
  private readonly tty: boolean;
  private readonly paint: ReturnType<typeof colourFor>;

  constructor(private readonly stream: NodeJS.WriteStream = process.stdout) {
    this.tty = stream.isTTY === true;
    this.paint = colourFor(stream);
  }

  onTestCaseResult(testCase: TestCase): void {
    if (!this.tty || !testCase.meta().check) return;
    const state = testCase.result().state;
    if (state === 'passed' || state === 'failed' || state === 'skipped') this.tally[state]++;
    const done = this.tally.passed + this.tally.failed + this.tally.skipped;
    const seconds = ((performance.now() - this.startedAt) / 1000).toFixed(1);
    this.stream.write(`\r\x1b[2KChecks: ${done} done — ${describeTally(this.tally, this.paint)} (${seconds} s)`);
  }

  onTestModuleEnd(testModule: TestModule): void {
    if (this.tty) return;
    const tally = tallyOf(testModule.children.allTests());
    if (tally.passed + tally.failed + tally.skipped === 0) return;
    this.stream.write(`${tally.failed > 0 ? '✗' : '✓'} ${testModule.relativeModuleId}: ${describeTally(tally, this.paint)}\n`);
  }

  onTestRunEnd(): void {
    if (this.tty) this.stream.write('\n');
  }
}
