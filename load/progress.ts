// What the terminal shows while a load run goes on: on a terminal, one line redrawn a few times a
// second; in a log (CI), one line as each phase starts, so that logs stay readable.
import type { Recorder } from './recorder.ts';

export class Progress {
  private timer: NodeJS.Timeout | undefined;
  private readonly tty: boolean;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    this.tty = stream.isTTY === true;
  }

  /** A phase that counts up to `total` steps (seeding, removing). */
  count(label: string): (done: number, total: number) => void {
    if (!this.tty) this.stream.write(`${label} ...\n`);
    let last = 0;
    return (done, total) => {
      if (!this.tty) return;
      const now = performance.now();
      if (done < total && now - last < 100) return;
      last = now;
      this.redraw(`${label}: ${done}/${total}`);
      if (done === total) this.stream.write('\n');
    };
  }

  /** A measured phase: responses so far, and seconds of the planned duration. */
  measure(label: string, recorder: Recorder, plannedS: number): void {
    this.end();
    if (!this.tty) {
      this.stream.write(`${label} (${plannedS} s) ...\n`);
      return;
    }
    const draw = () =>
      this.redraw(
        `${label}: ${(recorder.durationMs / 1000).toFixed(1)}/${plannedS} s, ${recorder.responses.toLocaleString('en-US')} responses`,
      );
    draw();
    this.timer = setInterval(draw, 200);
  }

  end(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.stream.write('\n');
  }

  private redraw(line: string): void {
    this.stream.write(`\r\x1b[2K${line}`);
  }
}
