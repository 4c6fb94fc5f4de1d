// k6's http.get is synchronous; Node's fetch is not. The VU thread posts the request to a fetch
// worker and blocks on a shared flag (Atomics.wait) until the worker has posted the answer, which
// it then takes off the port synchronously (receiveMessageOnPort).
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** A bound on one request, so that a broken fetch worker fails the test instead of hanging it. */
const waitBoundMs = 20_000;
let fetcher;

function startFetcher() {
  const { port1, port2 } = new MessageChannel();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL('./fetch-worker.mjs', import.meta.url), {
    workerData: { port: port2, flag },
    transferList: [port2],
  });
  worker.unref();
  return { port: port1, flag, worker };
}

export function fetchSync(url, headers) {
  fetcher ??= startFetcher();
  const { port, flag } = fetcher;
  Atomics.store(flag, 0, 0);
  port.postMessage({ url, headers });
  if (Atomics.wait(flag, 0, 0, waitBoundMs) === 'timed-out')
    throw new Error(`the shim's fetch worker gave no answer for ${url} within ${waitBoundMs} ms`);
  const received = receiveMessageOnPort(port);
  if (received === undefined) throw new Error(`the shim's fetch worker woke the VU without an answer for ${url}`);
  return received.message;
}

export function stopFetcher() {
  return fetcher?.worker.terminate();
}
