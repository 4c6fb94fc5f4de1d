// The embedded reference server started as a process of its own (reference/main.ts; see
// server-process.ts for why): what openTarget does for the load harness with no BASE_URL.
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServerProcess } from './server-process.ts';
import { newToken } from './new-token.ts';
import type { TargetUsers } from './target.ts';

export interface EmbeddedServer {
  url: string;
  accessToken: string;
  pid: number;
  close(): Promise<void>;
}

// reference/ lies at the same distance from this file in the repository (main.ts, run through tsx's
// loader) and in the installed package's dist/ (main.js, compiled ahead of time).
const extension = extname(fileURLToPath(import.meta.url));
const referenceMain = fileURLToPath(new URL(`../../../reference/main${extension}`, import.meta.url));
const loader =
  extension === '.ts' ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];

export async function startEmbeddedServer(
  users: TargetUsers = { accessToken: newToken(), secondAccessToken: undefined },
): Promise<EmbeddedServer> {
  const args = [
    ...loader,
    referenceMain,
    '--token',
    users.accessToken,
    '--second-token',
    users.secondAccessToken ?? newToken(),
  ];
  const server = await startServerProcess('embedded reference server', args, /^BASE_URL=(\S+)$/m);
  return { url: server.ready[1]!, accessToken: users.accessToken, pid: server.pid, close: server.close };
}
