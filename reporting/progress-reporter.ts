// What `msgapi check` and `msgapi matrix` show while the checks run, in place of vitest's own
// reporter: done/total with the time so far and an estimate of the time left. At a terminal, one
// line redrawn as each check ends and cleared when the run ends; in a log (CI), a line at each
// tenth of the run or every 10 s, whichever comes first, never one per check.
import type { Reporter, TestCase } from 'vitest/node';
import type {} from '../harness/checks/register-checks.ts';
import { colourFor } from './colour.ts';

type Tally = { passed: number; failed: number; skipped: number };

const describeTally = (tally: Tally, paint: ReturnType<typeof colourFor>) =>
  [
    paint('green', `${tally.passed} passed`),
    ...(tally.failed > 0 ? [paint('red', `${tally.failed} failed`)] : []),
    ...(tally.skipped > 0 ? [paint('yellow', `${tally.skipped} skipped`)] : []),
  ].join(', ');

/** "1 min 5 s", "12 s". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return whole >= 60 ? `${Math.floor(whole / 60)} min ${whole % 60} s` : `${whole} s`;
}

export interface ProgressOptions {
  /** How many checks the run will end (the selection, times --repeat; for the matrix, of every target). */
  total?: number;
  /** The line's first word: Checks, Matrix. */
  label?: string;
  /** Milliseconds; performance.now() by default (a test gives its own clock). */
  now?: () => number;
  /** In a log, the longest time between two lines. */
  everyMs?: number;
}

export class ProgressReporter implements Reporter {
  private readonly tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  private readonly now: () => number;
  private readonly startedAt: number;
  private readonly tty: boolean;
  private readonly paint: ReturnType<typeof colourFor>;
  private lastLine = 0;
  private lastTenth = 0;

  constructor(
    private readonly stream: Pick<NodeJS.WriteStream, 'isTTY' | 'write'> = process.stdout,
    private readonly options: ProgressOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.startedAt = this.now();
    this.lastLine = this.startedAt;
    this.tty = stream.isTTY === true;
    this.paint = colourFor(stream);
  }

  /** "Checks: 42/86 done — 41 passed, 1 failed (2.1 s, about 2 s left)". */
  line(): string {
    const done = this.tally.passed + this.tally.failed + this.tally.skipped;
    const total = this.options.total;
    const elapsed = (this.now() - this.startedAt) / 1000;
    const left =
      total !== undefined && done > 0 && done < total
        ? `, about ${formatDuration((elapsed / done) * (total - done))} left`
        : '';
    return `${this.options.label ?? 'Checks'}: ${done}${total !== undefined ? `/${total}` : ''} done — ${describeTally(this.tally, this.paint)} (${elapsed.toFixed(1)} s${left})`;
  }

  onTestCaseResult(testCase: TestCase): void {
    if (!testCase.meta().check) return; // left out by --only, or never started
    const state = testCase.result().state;
    if (state === 'passed' || state === 'failed' || state === 'skipped') this.tally[state]++;
    if (this.tty) {
      this.stream.write(`\r\x1b[2K${this.line()}`);
      return;
    }
    const done = this.tally.passed + this.tally.failed + this.tally.skipped;
    const total = this.options.total;
    const tenth = total ? Math.floor((done * 10) / total) : 0;
    const now = this.now();
    if (tenth > this.lastTenth || now - this.lastLine >= (this.options.everyMs ?? 10_000)) {
      this.lastTenth = Math.max(this.lastTenth, tenth);
      this.lastLine = now;
      this.stream.write(`${this.line()}\n`);
    }
  }

  /** At a terminal the line is cleared, not ended: the summary printed next says it all, and a progress line left above it would be stale. */
  onTestRunEnd(): void {
    if (this.tty) this.stream.write('\r\x1b[2K');
  }
}
