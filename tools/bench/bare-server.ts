// Starts bare-server.mjs as a process of its own, as the embedded reference server is, so that
// the two are measured alike: each a separate event loop beside the generator.
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../../lib/core/target/server-process.ts';

export interface BareServer {
  url: string;
  bodyBytes: number;
  pid: number;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

export async function startBareServer(bodyBytes: number): Promise<BareServer> {
  const server = await startServerProcess(
    'bare server',
    [script, String(bodyBytes)],
    /^BASE_URL=(\S+) BODY_BYTES=(\d+)$/m,
  );
  return { url: server.ready[1]!, bodyBytes: Number(server.ready[2]), pid: server.pid, close: server.close };
}
