// The connections the client keeps open between requests.
//
// A server may close an idle keep-alive connection whenever it likes (RFC 9112 §9.3.1), and a
// request written onto it in that same moment fails with "other side closed" though the server did
// nothing wrong; a check would report it as the server's failure. undici already leaves alone a
// connection whose close has arrived, even after this process was busy for a while (its idle
// socket validation; test/unit/lib/client.test.ts has a server close one while the test's thread is
// blocked). What is left is the moment itself, and the margin to it: undici keeps a connection for
// the server's Keep-Alive hint less two seconds, or four seconds without a hint, longer than some
// servers that send no hint keep theirs. A second is shorter than most servers' keep-alive, and the
// requests of a run follow each other much faster than that.
import type { Dispatcher } from 'undici';
import { dispatcherFor, type TransportSettings } from './transport.ts';

export const IDLE_CONNECTION_MS = 1_000;

const pools = new Map<string, Dispatcher>();

/** The one pool of the process for these transport settings: connections to one origin are shared by every client. */
export function connectionPoolFor(settings: TransportSettings): Dispatcher {
  const key = JSON.stringify([settings.caFile, settings.certFile, settings.keyFile, settings.insecure]);
  let pool = pools.get(key);
  if (pool === undefined)
    pools.set(
      key,
      (pool = dispatcherFor(settings, {
        keepAliveTimeout: IDLE_CONNECTION_MS,
        keepAliveMaxTimeout: IDLE_CONNECTION_MS,
      })),
    );
  return pool;
}
