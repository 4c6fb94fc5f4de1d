// The conformance suites, as `msgapi check` runs them. The target comes from the check command
// (provide/inject); running this config without it stops at the first check with a clear message.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['suites/**/*.check.ts'],
    pool: 'threads',
    // Check files keep no state of their own, so one module graph per worker serves them all.
    isolate: false,
    // Checks wait on the network, not the CPU: more workers than cores, and the checks of a file
    // run concurrently (each creates and reads only its own data).
    maxWorkers: 6,
    maxConcurrency: 10,
    sequence: { concurrent: true },
    // Checks of one file run one after another; files run in parallel.
    fileParallelism: true,
    watch: false,
  },
});
