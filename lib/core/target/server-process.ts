// A server measured by the load harness runs as a process of its own, so that it and the generator
// do not share an event loop and each one's CPU share can be told apart. This starts one, waits for
// the line that says where it listens, and stops it again, also when it never got that far.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { HarnessError } from '../errors.ts';

export interface ServerProcess {
  /** What `ready` matched in the server's output. */
  ready: RegExpExecArray;
  pid: number;
  close(): Promise<void>;
}

/** `name` says which server in errors; `ready` matches the line it prints once it listens. */
export async function startServerProcess(name: string, args: readonly string[], ready: RegExp): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const close = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  try {
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = ready.exec(output);
        if (found) resolve(found);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', (error) =>
        reject(new HarnessError('MSGAPI_SUITE_CRASHED', `The ${name} could not start: ${error.message}`)),
      );
      child.once('exit', (code) =>
        reject(
          new HarnessError(
            'MSGAPI_SUITE_CRASHED',
            `The ${name} exited (code ${code}) before listening: ${output.trim()}`,
          ),
        ),
      );
    });
    child.stdout.resume();
    return { ready: match, pid: child.pid!, close };
  } catch (error) {
    await close();
    throw error;
  }
}
