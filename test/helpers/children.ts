// The processes tests start (the msgapi commands of run-cli.ts, and any other a test hands to
// trackChild): whichever still runs when its test file ends, or a test using tempDirs ends, is
// stopped with whatever it started itself. A test that fails or times out before its command has
// ended thus leaves no process behind, nor one writing into a temp folder already removed.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';

// One set for the worker process, should it evaluate this module again for another test file.
const shared = globalThis as { msgapiTestChildren?: Set<ChildProcess> };
const firstLoad = shared.msgapiTestChildren === undefined;
const running = (shared.msgapiTestChildren ??= new Set<ChildProcess>());

/** Has the child stopped by stopChildren (at the latest when the test file ends) if it still runs then. */
export function trackChild<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.once('error', () => running.delete(child));
  return child;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** The processes `pid` started, and theirs, from /proc (Linux); none where it cannot be read. */
function descendants(pid: number): number[] {
  try {
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
    return children.flatMap((child) => [child, ...descendants(child)]);
  } catch {
    return [];
  }
}

function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  // Listed before the kill: once the child is gone, its children belong to init.
  for (const pid of [...descendants(child.pid), child.pid]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/**
 * Stops every tracked child still running: SIGTERM first, which msgapi answers by cleaning up (and
 * closing the embedded server it started); whatever still runs `graceMs` later is killed, its own
 * children included.
 */
export async function stopChildren(graceMs = 5_000): Promise<void> {
  const left = [...running].filter((child) => !hasExited(child));
  await Promise.all(
    left.map(async (child) => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const grace = new AbortController();
      await Promise.race([exited, sleep(graceMs, undefined, { signal: grace.signal }).catch(() => {})]);
      grace.abort();
      if (!hasExited(child)) {
        killTree(child);
        await exited;
      }
    }),
  );
}

// Registered with the test file that imports this module (it is imported while the file is
// collected); the exit handler covers a worker that ends without running its hooks.
afterAll(() => stopChildren());
if (firstLoad) {
  process.once('exit', () => {
    for (const child of running) if (!hasExited(child)) killTree(child);
  });
}
