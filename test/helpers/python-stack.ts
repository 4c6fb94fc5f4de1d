// The API on Python's standard library (test/fixtures/stacks/python-stdlib/server.py), a stack
// nobody on this project would have written as ours: its own process, on a free port of
// 127.0.0.1, stopped by the test that started it (or, should the test fail first, by children.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { trackChild } from './children.ts';

const serverFile = fileURLToPath(new URL('../fixtures/stacks/python-stdlib/server.py', import.meta.url));

/** The bugs the fixture can be started with (its --bug), each a kind a real implementation ships with. */
export type PythonStackBug = 'drops-muted-on-update' | 'long-name-500' | 'ignores-pinned-filter';

export const pythonTokens = { first: 'py-first-user-token', second: 'py-second-user-token' } as const;

export async function startPythonStack(bugs: readonly PythonStackBug[] = []) {
  const child = trackChild(
    spawn(
      'python3',
      [
        serverFile,
        '--port',
        '0',
        '--token',
        pythonTokens.first,
        '--token',
        pythonTokens.second,
        ...bugs.flatMap((bug) => ['--bug', bug]),
      ],
      // Its stderr is left out: http.server prints a traceback for every connection a client closed first.
      { stdio: ['ignore', 'pipe', 'ignore'] },
    ),
  );
  let printed = '';
  while (!printed.includes('\n')) {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
    printed += chunk.toString();
  }
  const url = /^BASE_URL=(\S+)/m.exec(printed)?.[1];
  if (url === undefined) throw new Error(`the Python stack printed no BASE_URL: ${printed}`);
  return {
    url,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
