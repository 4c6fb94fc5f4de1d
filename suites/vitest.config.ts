// The conformance suites, as `msgapi check` runs them: conformance/run/run-suites.ts hands these
// options to vitest. The target comes from the check command (provide/inject); running this config
// without it stops at the first check with a clear message.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// .ts in the repository, .js in the installed package (compiled by npm run build).
const extension = extname(fileURLToPath(import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const escaped = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  test: {
    root,
    // Installed, the harness lies under node_modules, which vitest would load as it is, outside its
    // module runner: the suite files would then never see import.meta.vitest and register nothing.
    server: { deps: { inline: [new RegExp(`^${escaped}`)] } },
    include: [`suites/**/*.check${extension}`],
    pool: 'threads',
    // Check files keep no state of their own, so one module graph per worker serves them all.
    isolate: false,
    // How many checks and files run at once is decided per run, from the targets and --workers
    // (conformance/run/parallelism.ts), and so is the order of the files (suite-order.ts).
    watch: false,
  },
});
