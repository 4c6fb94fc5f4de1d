// The asynchronous half of the synchronous http.get of the shim (sync-fetch.mjs): it fetches,
// posts the answer on the port, then wakes the VU thread that waits on the shared flag.
import { workerData } from 'node:worker_threads';

const { port, flag } = workerData;

port.on('message', async ({ url, headers }) => {
  const started = performance.now();
  let answer;
  try {
    const response = await fetch(url, { headers, redirect: 'manual' });
    answer = {
      status: response.status,
      body: await response.text(),
      headers: Object.fromEntries(response.headers),
      error: '',
      error_code: 0,
    };
  } catch (error) {
    // k6's answer to a request that got no response: status 0, an error and a code (1000: generic).
    answer = {
      status: 0,
      body: null,
      headers: {},
      error: String(error.cause?.message ?? error.message),
      error_code: 1000,
    };
  }
  answer.duration = performance.now() - started;
  port.postMessage(answer);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
