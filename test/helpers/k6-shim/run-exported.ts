// Runs the functions of an exported k6 script under Node, as one k6 VU would run its iterations:
// the script is copied into a temp folder with its imports of k6 and k6/http pointed at this shim,
// and run in a worker thread (vu-worker.mjs), whose http.get blocks as k6's does (sync-fetch.mjs).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const shimModules: Record<string, string> = {
  k6: new URL('./k6.mjs', import.meta.url).href,
  'k6/http': new URL('./k6-http.mjs', import.meta.url).href,
};

export interface ShimRequest {
  url: string;
  headers: Record<string, string>;
  tags: Record<string, string>;
  /** The ranges of params.responseCallback (http.expectedStatuses), if it was one. */
  expectsOnly: Array<{ min: number; max: number } | number> | null;
  status: number;
}

export interface ShimRun {
  options: { scenarios: Record<string, Record<string, unknown>>; thresholds?: Record<string, string[]> };
  exports: string[];
  requests: ShimRequest[];
  checks: Array<{ name: string; ok: boolean; tags: Record<string, string> }>;
  /** setup() threw (fail() throws): its message; no call was run. Absent when it passed or was not run. */
  setupFailed?: string;
}

/** The script with each k6 import pointed at the shim; an import the shim does not have is an error. */
export function pointedAtShim(script: string): string {
  return script.replace(
    /(import\s[^'"]*from\s*)(['"])([^'"]+)\2/g,
    (whole, head: string, quote: string, specifier: string) => {
      if (!specifier.startsWith('k6')) return whole;
      const shim = shimModules[specifier];
      if (shim === undefined) throw new Error(`the k6 shim has no module ${specifier}`);
      return `${head}${quote}${shim}${quote}`;
    },
  );
}

export function runExported(
  dir: string,
  script: string,
  env: Record<string, string>,
  calls: Array<{ exec: string; times: number }>,
): Promise<ShimRun> {
  const file = join(dir, 'script-under-shim.mjs');
  writeFileSync(file, pointedAtShim(script));
  const worker = new Worker(new URL('./vu-worker.mjs', import.meta.url), {
    workerData: { scriptUrl: pathToFileURL(file).href, env, calls },
  });
  return new Promise<ShimRun>((resolve, reject) => {
    worker.once('message', (message: ShimRun | { error: string }) =>
      'error' in message ? reject(new Error(message.error)) : resolve(message),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the VU worker exited (${code}) before it answered`)));
  }).finally(() => worker.terminate());
}
