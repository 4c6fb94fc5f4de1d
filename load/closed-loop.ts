// The closed model's request loop: a fixed number of HTTP/1.1 keep-alive connections, each sending
// its next request when the last one is answered (pipelining 1), responses framed by
// response-framer.ts. It does per response only what the figures need: no events, no per-request
// objects or timers, and a body is decoded only for a caller that reads it (a walk). autocannon did
// the same job at about twice wrk's CPU per response; `npm run bench:harness` measures this loop
// against wrk.
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import { HarnessError } from '../lib/core/errors.ts';
import { errorKind, type ErrorKind } from './recorder.ts';
import { ResponseFramer } from './response-framer.ts';

/** What one connection asks for, request after request. */
export interface ConnectionScript {
  /** The path (and query) of the next request. */
  nextPath(): string;
  /** Set for a script that reads bodies; it is then given each response's status and body text. */
  response?(status: number, body: string): void;
}

export interface ClosedLoopOptions {
  /** http: or https: origin; the paths are sent under it. */
  origin: string;
  /** Sent with every request, after Host and Connection. */
  headers: Record<string, string>;
  /** https: the certificates of --ca, --cert and --key, or --insecure (lib/core/client/transport.ts). */
  tls?: ConnectionOptions | undefined;
  connections: number;
  durationS: number;
  /** A request unanswered this long counts as a timeout; its connection is opened anew. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** One script per connection. */
  script: () => ConnectionScript;
  /** Every response: status, bytes received (head and body) and latency in µs. */
  onResponse(status: number, bytes: number, latencyUs: number): void;
  onError(kind: ErrorKind): void;
}

interface Endpoint {
  host: string;
  hostname: string;
  port: number;
  secure: boolean;
}

function endpoint(origin: string): Endpoint {
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HarnessError('MSGAPI_USAGE', `The closed model sends http: or https: requests, not ${url.protocol}`);
  const secure = url.protocol === 'https:';
  // URL keeps an IPv6 host in brackets, which the socket does not take.
  return {
    host: url.host,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port || (secure ? 443 : 80)),
    secure,
  };
}

/** The request's bytes, built once per distinct path: a plain GET as autocannon sent it. */
function requestHead(host: string, headers: Record<string, string>): (path: string) => Buffer {
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (path) =>
    Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n${lines}\r\n`, 'latin1');
}

class Connection {
  private socket: Socket | undefined;
  private framer!: ResponseFramer;
  private lastPath = '';
  private lastRequest: Buffer | undefined;
  private bytes = 0;
  private bodyChunks: Buffer[] = [];
  /** performance.now() when the request in flight was written; undefined when none is. */
  private sentAt: number | undefined;
  private closed = false;
  /** A response completed in the read being framed; the next request goes once the read is done. */
  private answered = false;
  /** Whether that response left the connection open for the next request. */
  private answeredKeepAlive = false;
  /** The socket whose failure was counted: whatever else goes wrong with it is the same failure. */
  private failed: Socket | undefined;

  constructor(
    /** Shared by the run's connections: Node calls back synchronously with it, and the framer copies what it keeps. */
    private readonly readBuffer: Buffer,
    private readonly target: Endpoint,
    private readonly build: (path: string) => Buffer,
    private readonly script: ConnectionScript,
    private readonly options: ClosedLoopOptions,
  ) {}

  open(): void {
    // Node reads into one buffer per connection and calls back with it: no 'data' event and no
    // buffer per read. Body bytes a script reads are copied out of it.
    const received = (length: number, buffer: Uint8Array): boolean => {
      this.bytes += length;
      if (this.framer.execute(buffer as Buffer, length) !== undefined) this.fail(socket, 'other');
      else this.next(socket);
      return true;
    };
    // The certificate is verified, as undici verifies it for the run's other requests: the token goes
    // only to the server it was given for.
    const socket: Socket = this.target.secure
      ? connectTls({
          ...this.options.tls,
          host: this.target.hostname,
          port: this.target.port,
          ...(isIP(this.target.hostname) ? {} : { servername: this.target.hostname }),
        })
      : connectTcp({
          host: this.target.hostname,
          port: this.target.port,
          onread: { buffer: this.readBuffer, callback: received },
        });
    // TLS sockets take no onread (in @types/node at least): their chunks come as 'data' events.
    if (this.target.secure) socket.on('data', (chunk: Buffer) => received(chunk.length, chunk));
    this.socket = socket;
    this.framer = new ResponseFramer({
      ...(this.script.response ? { body: (bytes: Buffer) => void this.bodyChunks.push(Buffer.from(bytes)) } : {}),
      complete: (status, keepAlive) => this.complete(status, keepAlive),
    });
    socket.on('end', () => {
      // A body that ends with the connection (no Content-Length, no chunks) is complete now.
      if (this.framer.end() !== undefined) return this.fail(socket, 'other');
      // A request the server closed the connection on, unanswered, is a request that failed (wrk
      // counts it as a read error); only then is the next one sent, on a new connection.
      if (!this.answered && this.sentAt !== undefined) return this.fail(socket, 'connection');
      this.next(socket);
    });
    socket.on('error', (error: Error) => this.fail(socket, errorKind(error)));
    // Whatever ended the connection (the server, an error, a timeout), the loop goes on, on a new one.
    socket.on('close', () => {
      if (!this.closed && this.socket === socket) this.open();
    });
    this.send();
  }

  private complete(status: number, keepAlive: boolean): void {
    // Pipelining 1: one response per request. A second one in the same read answers nothing sent.
    if (this.sentAt === undefined || this.answered) return this.fail(this.socket!, 'other');
    const latencyUs = (performance.now() - this.sentAt) * 1000;
    this.sentAt = undefined;
    this.options.onResponse(status, this.bytes, latencyUs);
    this.bytes = 0;
    if (this.script.response) {
      const body = Buffer.concat(this.bodyChunks).toString('utf8');
      this.bodyChunks = [];
      this.script.response(status, body);
    }
    this.answered = true;
    this.answeredKeepAlive = keepAlive;
  }

  /** After a read: the next request, once a response was completed by it. */
  private next(socket: Socket): void {
    if (!this.answered || this.socket !== socket || this.failed === socket) return;
    this.answered = false;
    if (this.closed) return;
    // The server closes this connection after the response: the next request goes on a new one.
    if (this.answeredKeepAlive) this.send();
    else socket.destroy();
  }

  private send(): void {
    const path = this.script.nextPath();
    if (path !== this.lastPath || !this.lastRequest) {
      this.lastPath = path;
      this.lastRequest = this.build(path);
    }
    this.sentAt = performance.now();
    this.socket!.write(this.lastRequest);
  }

  /** Counts the connection's first failure and drops it; 'close' opens the next. */
  fail(socket: Socket, kind: ErrorKind): void {
    if (this.socket !== socket || this.failed === socket) return;
    this.failed = socket;
    this.options.onError(kind);
    this.sentAt = undefined;
    this.answered = false;
    this.bytes = 0;
    this.bodyChunks = [];
    socket.destroy();
  }

  checkTimeout(now: number): void {
    if (this.socket && this.sentAt !== undefined && now - this.sentAt > this.options.timeoutMs)
      this.fail(this.socket, 'timeout');
  }

  close(): void {
    this.closed = true;
    this.socket?.destroy();
  }
}

/** Runs until the duration has passed or the signal aborts; requests still in flight then are dropped. */
export function runClosedLoop(options: ClosedLoopOptions): Promise<void> {
  const target = endpoint(options.origin);
  const build = requestHead(target.host, options.headers);
  const readBuffer = Buffer.allocUnsafe(64 * 1024);
  const connections = Array.from(
    { length: options.connections },
    () => new Connection(readBuffer, target, build, options.script(), options),
  );
  return new Promise((resolve) => {
    // One sweep for every connection's timeout, rather than a timer per request.
    const sweep = setInterval(
      () => {
        const now = performance.now();
        for (const connection of connections) connection.checkTimeout(now);
      },
      Math.max(10, Math.min(250, options.timeoutMs / 4)),
    );
    const stop = (): void => {
      clearTimeout(deadline);
      clearInterval(sweep);
      options.signal?.removeEventListener('abort', stop);
      for (const connection of connections) connection.close();
      resolve();
    };
    const deadline = setTimeout(stop, options.durationS * 1000);
    if (options.signal?.aborted) return stop();
    options.signal?.addEventListener('abort', stop, { once: true });
    for (const connection of connections) connection.open();
  });
}
