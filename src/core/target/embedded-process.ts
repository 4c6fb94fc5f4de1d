// With no BASE_URL, the load harness measures the embedded reference server, started as a process
// of its own (msgapi serve; see server-process.ts for why).
import { fileURLToPath } from 'node:url';
import { newToken } from './open-target.ts';
import { startServerProcess } from './server-process.ts';

export interface EmbeddedServer {
  url: string;
  accessToken: string;
  pid: number;
  close(): Promise<void>;
}

const msgapiBin = fileURLToPath(new URL('../../../bin/msgapi.mjs', import.meta.url));

export async function startEmbeddedServer(): Promise<EmbeddedServer> {
  const accessToken = newToken();
  const server = await startServerProcess('embedded reference server', [msgapiBin, 'serve', '--token', accessToken], /^BASE_URL=(\S+)$/m);
  return { url: server.ready[1]!, accessToken, pid: server.pid, close: server.close };
}
