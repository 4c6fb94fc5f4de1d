// The reference server as an HTTP/1.0 server that closes the connection after each response (a
// valid variant: nothing in the spec asks for HTTP/1.1 or keep-alive). A net.Server in front
// forwards each connection to the ordinary http.Server and rewrites the status line of its one
// response from HTTP/1.1 to HTTP/1.0; the http.Server is made to send `Connection: close` and end
// the connection after that response, so each connection carries exactly one.
import type { Server as HttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { Transform } from 'node:stream';

const HTTP11 = Buffer.from('HTTP/1.1 ', 'latin1');
const HTTP10 = Buffer.from('HTTP/1.0 ', 'latin1');

/** Passes a response through, with `HTTP/1.1 ` at its very start replaced by `HTTP/1.0 `. */
function statusLineTo10(): Transform {
  let head: Buffer | undefined = Buffer.alloc(0); // undefined once the status line has passed
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === undefined) return done(null, chunk);
      const start = Buffer.concat([head, chunk]); // a copy, safe to edit
      if (start.length < HTTP11.length) {
        head = start;
        return done();
      }
      head = undefined;
      if (start.subarray(0, HTTP11.length).equals(HTTP11)) HTTP10.copy(start);
      done(null, start);
    },
    flush(done) {
      done(null, head !== undefined && head.length > 0 ? head : undefined);
    },
  });
}

/** One response per connection: `Connection: close`, and no interim `100 Continue` (not HTTP/1.0). */
function answerOncePerConnection(inner: HttpServer): void {
  inner.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
  inner.on('checkContinue', (req, res) => inner.emit('request', req, res));
}

export interface Http10Front {
  /** The server clients talk to; the caller makes it listen. */
  readonly server: NetServer;
  /** Ends every open connection at once, both sides, so that closing does not wait for clients. */
  destroyConnections(): void;
}

/** A front for `inner`, which must already be listening (on loopback) before the front accepts. */
export function createHttp10Front(inner: HttpServer): Http10Front {
  answerOncePerConnection(inner);
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const { port } = inner.address() as AddressInfo;
    const upstream = connect(port, '127.0.0.1');
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(statusLineTo10()).pipe(client); // the end of the response ends the client connection
    client.once('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    // The inner server may close while the client is still sending (a 413): let what was answered
    // reach the client, then end it.
    upstream.once('error', () => {
      client.unpipe(upstream);
      client.end();
    });
  });
  return {
    server,
    destroyConnections() {
      for (const socket of sockets) socket.destroy();
    },
  };
}
