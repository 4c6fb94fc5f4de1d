// Starts bare-server.mjs as a process of its own, as the embedded reference server is, so that
// the two are measured alike: each a separate event loop beside the generator.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { HarnessError } from '../../src/errors.ts';

export interface BareServer {
  url: string;
  bodyBytes: number;
  pid: number;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

export async function startBareServer(bodyBytes: number): Promise<BareServer> {
  const child = spawn(process.execPath, [script, String(bodyBytes)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const close = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  try {
    const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^BASE_URL=(\S+) BODY_BYTES=(\d+)$/m.exec(output);
        if (match) resolve(match);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', (error) => reject(new HarnessError('MSGAPI_SUITE_CRASHED', `The bare server could not start: ${error.message}`)));
      child.once('exit', (code) => reject(new HarnessError('MSGAPI_SUITE_CRASHED', `The bare server exited (code ${code}) before listening: ${output.trim()}`)));
    });
    child.stdout.resume();
    return { url: ready[1]!, bodyBytes: Number(ready[2]), pid: child.pid!, close };
  } catch (error) {
    await close();
    throw error;
  }
}
