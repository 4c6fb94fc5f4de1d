// With no BASE_URL, the load harness measures the embedded reference server, started as a process
// of its own (msgapi serve) so that the generator and the server do not share an event loop and
// each one's CPU share can be told apart.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { newToken } from '../src/cli/open-target.ts';
import { HarnessError } from '../src/errors.ts';

export interface EmbeddedServer {
  url: string;
  accessToken: string;
  pid: number;
  close(): Promise<void>;
}

const msgapiBin = fileURLToPath(new URL('../bin/msgapi.mjs', import.meta.url));

export async function startEmbeddedServer(): Promise<EmbeddedServer> {
  const accessToken = newToken();
  const child = spawn(process.execPath, [msgapiBin, 'serve', '--token', accessToken], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^BASE_URL=(\S+)$/m.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new HarnessError('MSGAPI_SUITE_CRASHED', `The embedded reference server exited (code ${code}) before listening: ${output.trim()}`)));
  });
  child.stdout!.resume();
  return {
    url,
    accessToken,
    pid: child.pid!,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
