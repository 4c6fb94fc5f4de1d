// action.yml, the GitHub Action at the repository's root: it must parse as a composite action,
// install the package this repository packs, and its msgapi step, run here as GitHub would run it
// (bash, the step's env with the inputs put in, GITHUB_OUTPUT), must exit as msgapi does and give
// the verdict of the reports as its output, ERROR too when the run stopped with exit 2 or wrote no
// report of its own.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/listen.ts';
import { cliEntry, inheritedTmpdir, trackChild } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

type Step = {
  id?: string;
  uses?: string;
  run?: string;
  shell?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
};
interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as Action;
const packageName = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string }
).name;
const newDir = tempDirs('msgapi-action-');
const token = 'action-token-first';

/** ${{ inputs.x }} and ${{ steps.install.outputs.bin }} as GitHub puts them in: the given value, or the input's default. */
function resolved(text: string, inputs: Record<string, string>, bin: string): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_all, name: string) => {
    if (name === 'steps.install.outputs.bin') return bin;
    const input = /^inputs\.([\w-]+)$/.exec(name)?.[1];
    if (input === undefined) throw new Error(`an expression the test does not know: ${name}`);
    return inputs[input] ?? action.inputs[input]?.default ?? '';
  });
}

/** The action's msgapi step, run by bash in `dir` with these inputs; its exit code and outputs. */
async function runStep(
  dir: string,
  inputs: Record<string, string>,
): Promise<{ code: number | null; outputs: Record<string, string>; output: string }> {
  const step = action.runs.steps.find((candidate) => candidate.id === 'run')!;
  // What the install step leaves: a msgapi command (here the one the tests run).
  const bin = join(dir, 'msgapi');
  writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${cliEntry()}" "$@"\n`);
  chmodSync(bin, 0o755);
  const outputFile = join(dir, 'github-output');
  writeFileSync(outputFile, '');
  const env = Object.fromEntries(
    Object.entries(step.env ?? {}).map(([name, value]) => [name, resolved(value, inputs, bin)]),
  );
  const child = trackChild(
    spawn('bash', ['-c', step.run!], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...inheritedTmpdir(), NO_COLOR: '1', GITHUB_OUTPUT: outputFile, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { code, outputs, output };
}

describe('action.yml', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ users: [{ token, name: 'first' }] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is a composite action that installs the packed package, runs msgapi, and uploads the reports whatever became of the run', () => {
    expect(action.runs.using).toBe('composite');
    const install = action.runs.steps.find((step) => step.id === 'install')!;
    expect(install.run).toContain('npm pack');
    expect(install.run).toContain(`${packageName}-*.tgz`);
    const upload = action.runs.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.if).toMatch(/^always\(\)/);
    expect(upload.with?.path).toBe('${{ inputs.reports-dir }}');
    expect(Object.keys(action.outputs)).toEqual(['outcome', 'exit-code']);
    // Tokens reach msgapi as settings, never on its command line.
    const run = action.runs.steps.find((step) => step.id === 'run')!;
    expect(run.env?.ACCESS_TOKEN).toBe('${{ inputs.access-token }}');
    expect(run.run).not.toMatch(/inputs\./);
  });

  it('its msgapi step passes against a conforming server, with the verdict as its output', async () => {
    const dir = newDir();
    const step = await runStep(dir, {
      'base-url': server.url,
      'access-token': token,
      args: '--only conversations.create.defaults --seed 1',
    });
    expect(step.code, step.output).toBe(0);
    expect(step.outputs).toEqual({ 'exit-code': '0', outcome: 'PASSED' });
    expect(JSON.parse(readFileSync(join(dir, 'msgapi-reports', 'conformance.json'), 'utf8')).verdict.outcome).toBe(
      'PASSED',
    );
    expect(step.output).not.toContain(token);
  });

  it('fails the job with exit 2 and outcome ERROR when base-url is left empty, instead of testing the embedded server', async () => {
    const step = await runStep(newDir(), { 'access-token': token });
    expect(step.code).toBe(2);
    expect(step.outputs).toEqual({ 'exit-code': '2', outcome: 'ERROR' });
    expect(step.output).toContain('BASE_URL is set but empty');
  });

  it("takes no earlier run's report for this one's verdict: a mistyped flag beside a PASSED report gives outcome ERROR", async () => {
    const dir = newDir();
    mkdirSync(join(dir, 'msgapi-reports'));
    writeFileSync(join(dir, 'msgapi-reports', 'conformance.json'), JSON.stringify({ verdict: { outcome: 'PASSED' } }));
    const step = await runStep(dir, { 'base-url': server.url, 'access-token': token, args: '--no-such-flag' });
    expect(step.code, step.output).toBe(2);
    expect(step.output).toContain('--no-such-flag');
    expect(step.outputs).toEqual({ 'exit-code': '2', outcome: 'ERROR' });
  });
});
