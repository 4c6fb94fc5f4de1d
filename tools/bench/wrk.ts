// wrk (C, epoll) as the reference load generator: one run as a child process, its text output
// parsed into figures. Its CPU time is read from our own children's account (/proc/self/stat),
// since wrk has exited, and been reaped, by the time we ask.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { HarnessError } from '../../lib/core/errors.ts';

export interface WrkOptions {
  url: string;
  connections: number;
  durationS: number;
  /** Request headers; values are never printed (see shownWrkCommand). */
  headers: Record<string, string>;
  signal?: AbortSignal;
}

export interface WrkFigures {
  requests: number;
  requestsPerSecond: number;
  p50Us: number;
  p99Us: number;
  non2xx: number;
  socketErrors: number;
  /** wrk's CPU time over the wall time of its run, as a fraction of one core. */
  cpuShare: number;
  /** wrk's CPU time (user and system), in seconds, to 10 ms. */
  cpuS: number;
}

const notInstalled = 'wrk is not installed or not on PATH: apt-get install wrk';

/** One thread: our generator is one event loop, so both get one core at most. */
function wrkArgs(options: WrkOptions, headerValue: (name: string, value: string) => string): string[] {
  const headers = Object.entries(options.headers).flatMap(([name, value]) => [
    '-H',
    `${name}: ${headerValue(name, value)}`,
  ]);
  return ['-t1', `-c${options.connections}`, `-d${options.durationS}s`, '--latency', ...headers, options.url];
}

const shellQuote = (word: string): string =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;

/** The command as it may be shown: the Authorization header's credential replaced by <token>. */
export function shownWrkCommand(options: WrkOptions): string {
  const redact = (name: string, value: string) =>
    name.toLowerCase() === 'authorization' ? value.replace(/^(\S+\s+).*$/, '$1<token>') : value;
  return ['wrk', ...wrkArgs(options, redact)].map(shellQuote).join(' ');
}

/** Fails with the apt-get hint when there is no wrk to run. */
export async function wrkVersion(): Promise<string> {
  // wrk -v prints its version and the usage, and exits 1.
  const { output } = await runProcess(['-v']);
  return /^wrk\s+(\S+)/.exec(output)?.[1] ?? 'unknown version';
}

/** CPU seconds of this process's exited and reaped children (cutime + cstime). */
function reapedChildrenCpuS(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // USER_HZ is 100 on Linux.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function runProcess(args: string[], signal?: AbortSignal): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error: Error & { code?: string }) =>
      reject(
        error.code === 'ENOENT'
          ? new HarnessError('MSGAPI_USAGE', notInstalled)
          : new HarnessError('MSGAPI_USAGE', `wrk could not run: ${error.message}`),
      ),
    );
    child.once('close', (code) => resolve({ code, output }));
  });
}

const unitUs: Record<string, number> = { us: 1, ms: 1e3, s: 1e6, m: 60e6, h: 3600e6 };

function latencyUs(output: string, percentile: string): number {
  const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s|m|h)\\s*$`, 'm').exec(output);
  return match ? Number(match[1]) * unitUs[match[2]!]! : Number.NaN;
}

export function parseWrkOutput(output: string): Omit<WrkFigures, 'cpuShare' | 'cpuS'> {
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  const total = /^\s*(\d+) requests in /m.exec(output);
  if (!rate || !total)
    throw new HarnessError('MSGAPI_SUITE_CRASHED', `wrk's output has no Requests/sec line:\n${output.trim()}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests: Number(total[1]),
    requestsPerSecond: Number(rate[1]),
    p50Us: latencyUs(output, '50'),
    p99Us: latencyUs(output, '99'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

export async function runWrk(options: WrkOptions): Promise<WrkFigures> {
  const cpuBefore = reapedChildrenCpuS();
  const startedAt = performance.now();
  const { code, output } = await runProcess(
    wrkArgs(options, (_name, value) => value),
    options.signal,
  );
  const wallS = (performance.now() - startedAt) / 1000;
  if (code !== 0) throw new HarnessError('MSGAPI_SUITE_CRASHED', `wrk exited with code ${code}:\n${output.trim()}`);
  const cpuS = reapedChildrenCpuS() - cpuBefore;
  return { ...parseWrkOutput(output), cpuShare: cpuS / wallS, cpuS };
}
