// Runs the msgapi command as a user would, in a child process, and collects what it printed. A
// command still running when its test has ended (one that failed or timed out first) is stopped
// (children.ts), so a test leaves no process behind.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { trackChild } from './children.ts';

export { trackChild } from './children.ts';

export const binPath = fileURLToPath(new URL('../../bin/msgapi.mjs', import.meta.url));

/**
 * The msgapi command the tests run: this run's build of it (cli-build.ts, vitest's globalSetup),
 * or the sources through bin/msgapi.mjs when a test runs without that setup.
 */
export const cliEntry = (): string => inject('cliMain') ?? binPath;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The child gets only the variables given here (and PATH, and TMPDIR so that whatever it puts in
 * the temp folder lands where the test run's own does), so a developer's own settings stay out.
 */
const cliEnv = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  ...inheritedTmpdir(),
  NO_COLOR: '1',
  ...env,
});

/** TMPDIR as this process has it, for a child given an environment of its own. */
export const inheritedTmpdir = (): { TMPDIR?: string } => (process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {});

export function runCli(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = trackChild(
      spawn(process.execPath, [cliEntry(), ...args], { cwd, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface StartedCli extends Pick<CliResult, 'stdout' | 'stderr'> {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves once the output so far (stdout and stderr) holds `text`, or the command has ended. */
  reached(text: string): Promise<void>;
  /** The exit code, once it has ended (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** The command running, for tests that act while it runs (a signal half-way, a server mended). */
export function startCli(args: string[], env: Record<string, string> = {}): StartedCli {
  const child = trackChild(
    spawn(process.execPath, [cliEntry(), ...args], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const waiting: Array<{ text: string; resolve: () => void }> = [];
  const started: StartedCli = {
    child,
    stdout: '',
    stderr: '',
    exited,
    reached: (text) =>
      new Promise<void>((resolve) => {
        if (started.stdout.includes(text) || started.stderr.includes(text)) return resolve();
        waiting.push({ text, resolve });
        void exited.then(() => resolve());
      }),
  };
  const collect = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    started[stream] += chunk;
    for (const wait of waiting) if (started[stream].includes(wait.text)) wait.resolve();
  };
  child.stdout.on('data', collect('stdout'));
  child.stderr.on('data', collect('stderr'));
  return started;
}
