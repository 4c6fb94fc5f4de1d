import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { buildReferenceServer, type ReferenceServerOptions } from './build.ts';
import { createHttp10Front } from './http10.ts';

export interface RunningReferenceServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:43210. */
  url: string;
  close(): Promise<void>;
}

export interface StartReferenceServerOptions extends ReferenceServerOptions {
  /** 0 (the default) lets the OS pick a free port. */
  port?: number;
  host?: string;
  /** Speak HTTP/1.0 and close the connection after each response (http10.ts); default HTTP/1.1 with keep-alive. */
  http10?: boolean;
  /** Close a kept-alive connection this long after its last answer, with no Keep-Alive hint; default: kept 30 s, hinted. */
  idleCloseMs?: number;
}

interface Listening {
  address: AddressInfo;
  close(): Promise<void>;
}

function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

function listenOn(server: NetServer, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

function closeServer(server: NetServer, dropConnections: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // server.close() alone waits for open (idle keep-alive) connections to end (seconds).
    dropConnections();
  });
}

function closeHttp(server: HttpServer): Promise<void> {
  return closeServer(server, () => server.closeAllConnections());
}

async function listenDirect(server: HttpServer, port: number, host: string): Promise<Listening> {
  return { address: await listenOn(server, port, host), close: () => closeHttp(server) };
}

/**
 * A server that closes each kept-alive connection `idleMs` after its last answer and says nothing
 * of it beforehand: Node's own idle timer is off (keepAliveTimeout 0), so no "Keep-Alive:
 * timeout=" header goes out, and the close is this timer's, armed when an answer is written and
 * disarmed by the next request on that connection.
 */
function closeIdleConnections(server: HttpServer, idleMs: number): void {
  server.keepAliveTimeout = 0;
  const timers = new WeakMap<object, NodeJS.Timeout>();
  server.on('request', (req, res) => {
    const socket = req.socket;
    clearTimeout(timers.get(socket));
    res.on('finish', () => {
      clearTimeout(timers.get(socket));
      timers.set(socket, setTimeout(() => socket.destroy(), idleMs).unref());
    });
  });
}

/** The http server on a loopback port of its own, reached only through the HTTP/1.0 front. */
async function listenHttp10(server: HttpServer, port: number, host: string): Promise<Listening> {
  await listenOn(server, 0, '127.0.0.1');
  const front = createHttp10Front(server);
  let address: AddressInfo;
  try {
    address = await listenOn(front.server, port, host);
  } catch (error) {
    await closeHttp(server);
    throw error;
  }
  const close = async (): Promise<void> => {
    await Promise.all([closeServer(front.server, () => front.destroyConnections()), closeHttp(server)]);
  };
  return { address, close };
}

export async function startReferenceServer(options: StartReferenceServerOptions): Promise<RunningReferenceServer> {
  const { port = 0, host = '127.0.0.1', http10 = false, idleCloseMs, ...serverOptions } = options;
  const server = buildReferenceServer(serverOptions);
  if (idleCloseMs !== undefined) closeIdleConnections(server, idleCloseMs);
  const listening = await (http10 ? listenHttp10 : listenDirect)(server, port, host);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(listening.address.address)}:${listening.address.port}`,
    close() {
      closing ??= listening.close();
      return closing;
    },
  };
}
