// npm run build (and npm pack, through prepack): compiles the harness ahead of time into dist/,
// with the files it reads at run time beside the code in the same layout as the repository, so
// every path the code resolves from its own location holds in both.
//
// --out-dir DIR builds into DIR instead (npm test's own build, test/helpers/cli-build.ts: the
// tests run msgapi as the package does, and leave dist/ to npm pack).
// --no-check emits without type-checking (tsc --noCheck): for sources Stryker has instrumented
// (tools/mutation/run-check.mjs), whose mutants are not meant to type-check.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { 'out-dir': { type: 'string' }, 'no-check': { type: 'boolean' } } });
const dist = resolve(root, values['out-dir'] ?? 'dist');

rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [
    `${root}node_modules/typescript/bin/tsc`,
    '-p',
    `${root}tsconfig.build.json`,
    '--outDir',
    dist,
    ...(values['no-check'] ? ['--noCheck'] : []),
  ],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// Read at run time: the JSON Schemas, the spec (requirements trace, docs), the trace itself.
for (const path of ['schemas', 'spec', 'suites/requirements.json'])
  cpSync(`${root}${path}`, `${dist}/${path}`, { recursive: true });
// lib/core/version.ts reads the version from the package.json beside lib/.
const { name, version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
writeFileSync(`${dist}/package.json`, `${JSON.stringify({ name, version, private: true, type: 'module' }, null, 2)}\n`);
console.log(`Built ${name} ${version} into ${relative(root, dist)}/.`);
