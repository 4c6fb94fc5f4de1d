// vitest's globalSetup for the project's tests: msgapi compiled once, as npm pack compiles it
// (tools/scripts/build.mjs), into a folder of this run's own; the tests then run that build
// (run-cli.ts) instead of the sources through tsx's loader. The same code either way, type-checked
// here, and each command the tests start loads in about half the CPU time: the tests start a few
// hundred of them. The folder is removed when the run ends.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled entry of the msgapi command (app/cli/main.js in this run's build). */
    cliMain: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

export default function buildCli(project: TestProject): () => void {
  const out = join(root, '.test-output', `cli-build-${process.pid}-${project.name}`);
  const build = spawnSync(process.execPath, [join(root, 'tools', 'scripts', 'build.mjs'), '--out-dir', out], {
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(
      `npm test builds msgapi first (tools/scripts/build.mjs), and the build failed:\n${build.stdout}${build.stderr}`,
    );
  }
  project.provide('cliMain', join(out, 'app', 'cli', 'main.js'));
  return () => rmSync(out, { recursive: true, force: true });
}
