// The embedded reference server started as a process of its own (msgapi serve; see
// server-process.ts for why): what openTarget does for the load harness with no BASE_URL.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from './server-process.ts';
import { newToken } from './new-token.ts';
import type { TargetUsers } from './target.ts';

export interface EmbeddedServer {
  url: string;
  accessToken: string;
  pid: number;
  close(): Promise<void>;
}

// The repository's src/ sits beside bin/; the installed package's compiled dist/src/ one level deeper.
const msgapiBin = ['../../../bin/msgapi.mjs', '../../../../bin/msgapi.mjs']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((path) => existsSync(path))!;

export async function startEmbeddedServer(users: TargetUsers = { accessToken: newToken(), secondAccessToken: undefined }): Promise<EmbeddedServer> {
  const args = [msgapiBin, 'serve', '--token', users.accessToken, ...(users.secondAccessToken ? ['--second-token', users.secondAccessToken] : [])];
  const server = await startServerProcess('embedded reference server', args, /^BASE_URL=(\S+)$/m);
  return { url: server.ready[1]!, accessToken: users.accessToken, pid: server.pid, close: server.close };
}
