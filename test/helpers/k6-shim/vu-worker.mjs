// One k6 VU under Node: __ENV, the exported script (its k6 imports pointing at this shim), its
// setup(), and the calls the test asks for, one after the other as iterations of one VU; then what
// the shim saw.
import { parentPort, workerData } from 'node:worker_threads';
import { shimLog } from './shim-log.mjs';
import { stopFetcher } from './sync-fetch.mjs';

globalThis.__ENV = workerData.env;
try {
  const script = await import(workerData.scriptUrl);
  // As k6 does: setup() once before the first iteration, its result handed to every call; an
  // exception there ends the run before any iteration.
  let setupFailed;
  let data;
  if (workerData.calls.length > 0 && typeof script.setup === 'function') {
    try {
      data = script.setup();
    } catch (error) {
      setupFailed = String(error?.message ?? error);
    }
  }
  if (setupFailed === undefined)
    for (const call of workerData.calls) {
      if (typeof script[call.exec] !== 'function') throw new Error(`the script exports no function ${call.exec}`);
      for (let n = 0; n < call.times; n++) script[call.exec](data);
    }
  parentPort.postMessage({
    options: JSON.parse(JSON.stringify(script.options ?? null)),
    exports: Object.keys(script),
    ...shimLog,
    ...(setupFailed === undefined ? {} : { setupFailed }),
  });
} catch (error) {
  parentPort.postMessage({ error: String(error?.stack ?? error) });
} finally {
  await stopFetcher();
}
