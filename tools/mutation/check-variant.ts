// One conformance run against the reference server of this directory (Stryker's sandbox, with
// the mutated sources) made into one valid variant (MUTATION_VARIANT), with the settings a user
// of that variant would declare: tools/mutation/run-check.mjs runs it for the variant mutation runs
// (tools/mutation/variant-runs.mjs). Code only a variant runs can only be judged by a run against it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer } from '../../reference/listen.ts';
import { variants, variantServerOptions } from '../../reference/variants/registry.ts';

const name = process.env.MUTATION_VARIANT ?? '';
const variant = variants.get(name as never);
if (variant === undefined) {
  console.error(`check-variant: MUTATION_VARIANT=${name} is no variant of reference/variants/.`);
  process.exit(2);
}
const tokens = ['mutation-first-user-token', 'mutation-second-user-token'] as const;
const server = await startReferenceServer({
  ...variantServerOptions(variant),
  users: [
    { token: tokens[0], name: 'first' },
    { token: tokens[1], name: 'second' },
  ],
});
// The run's reports go where run-check.mjs reads them (which checks killed the mutant); a folder
// of its own only when run alone.
const ownDir = process.env.MUTATION_REPORTS_DIR === undefined;
const reportsDir = process.env.MUTATION_REPORTS_DIR ?? mkdtempSync(join(tmpdir(), 'msgapi-mutant-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  BASE_URL: server.url,
  ACCESS_TOKEN: tokens[0],
  SECOND_ACCESS_TOKEN: tokens[1],
  ...(variant.declares ?? {}),
};
for (const unset of ['CI', 'EMBEDDED']) delete env[unset];
// The compiled harness of the sandbox when run-check.mjs built one (MUTATION_CHECK_ENTRY), as for the default run.
const args = [
  process.env.MUTATION_CHECK_ENTRY ?? 'bin/msgapi.mjs',
  'check',
  '--bail',
  '--seed',
  process.env.MUTATION_SEED ?? '1',
  '--property-runs',
  process.env.MUTATION_PROPERTY_RUNS ?? '3',
  '--reports-dir',
  reportsDir,
  '--settings-file',
  '/dev/null',
];
let code: number;
try {
  code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env });
    child.on('close', (status) => resolve(status ?? 1));
  });
} finally {
  await server.close();
  if (ownDir) rmSync(reportsDir, { recursive: true, force: true });
}
process.exit(code);
