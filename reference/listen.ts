import type { AddressInfo } from 'node:net';
import { buildReferenceServer, type ReferenceServerOptions } from './build.ts';

export interface RunningReferenceServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:43210. */
  url: string;
  close(): Promise<void>;
}

export interface StartReferenceServerOptions extends ReferenceServerOptions {
  /** 0 (the default) lets the OS pick a free port. */
  port?: number;
  host?: string;
}

function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

export async function startReferenceServer(
  options: StartReferenceServerOptions,
): Promise<RunningReferenceServer> {
  const { port = 0, host = '127.0.0.1', ...serverOptions } = options;
  const server = buildReferenceServer(serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(address.address)}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // server.close() alone waits for idle keep-alive sockets to time out (seconds).
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
