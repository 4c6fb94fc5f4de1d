// Tests leave nothing behind, also when they fail (issue 18): a test that fails with a temp folder
// made and a msgapi command running, and one that times out the same way, are run by a vitest of
// their own with TMPDIR an empty folder; afterwards the folder is empty (tsx's cache aside) and the
// commands are gone, while a folder made in beforeAll lasted until the last test. .ci/run checks
// the same of the whole of npm test.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { testOutputDir } from '../helpers/test-output.ts';

const newDir = tempDirs('msgapi-leaves-nothing-');
const helper = (name: string) => JSON.stringify(fileURLToPath(new URL(`../helpers/${name}`, import.meta.url)));
const vitestBin = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

// In the repository (.test-output/), not in the temp folder, so that the fixture's imports of
// vitest resolve from the project's node_modules.
const fixtureDirs: string[] = [];
afterEach(() => {
  for (const dir of fixtureDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fixture = `
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, it } from 'vitest';
import { startCli } from ${helper('run-cli.ts')};
import { tempDirs } from ${helper('temp-dirs.ts')};

const newDir = tempDirs('msgapi-fixture-');
const started = (pid) => appendFileSync(process.env.FIXTURE_PIDS, pid + '\\n');
let shared;
beforeAll(() => {
  shared = newDir();
});

it('fails with a folder made and a command running', async () => {
  writeFileSync(join(newDir(), 'file'), 'written');
  const serve = startCli(['serve', '--port', '0']);
  started(serve.child.pid);
  await serve.reached('BASE_URL=');
  throw new Error('failing on purpose');
});

it('times out with a folder made and a command running', { timeout: 3_000 }, async () => {
  newDir();
  const serve = startCli(['serve', '--port', '0']);
  started(serve.child.pid);
  await serve.exited;
});

it('still has the folder beforeAll made, after the failures', () => {
  if (!existsSync(shared)) throw new Error('removed too early');
});

it('still has it at the last test', () => {
  if (!existsSync(shared)) throw new Error('removed too early');
});
`;

/** Running, and not a zombie waiting for its parent to collect it. */
function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] !== 'Z';
  } catch {
    if (existsSync('/proc/self/stat')) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

describe('a test file whose tests fail and time out', () => {
  it('leaves its temp folder empty and no command of its running', async () => {
    mkdirSync(testOutputDir, { recursive: true });
    const fixtureDir = mkdtempSync(join(testOutputDir, 'leaves-nothing-'));
    fixtureDirs.push(fixtureDir);
    writeFileSync(join(fixtureDir, 'failing.fixture.ts'), fixture);
    writeFileSync(
      join(fixtureDir, 'vitest.config.mjs'),
      "export default { test: { include: ['*.fixture.ts'], testTimeout: 60_000 } };\n",
    );
    const tmp = newDir();
    const pidsFile = join(newDir(), 'pids');
    writeFileSync(pidsFile, '');

    const vitest = spawn(
      process.execPath,
      [vitestBin, 'run', '--root', fixtureDir, '--config', join(fixtureDir, 'vitest.config.mjs')],
      {
        env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', TMPDIR: tmp, FIXTURE_PIDS: pidsFile },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    vitest.stdout.on('data', (chunk: Buffer) => (output += chunk));
    vitest.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const [code] = await once(vitest, 'close');

    expect(code, output).toBe(1);
    expect(output).toContain('failing on purpose');
    expect(output).toContain('Test timed out in 3000ms');
    expect(output).not.toContain('removed too early');
    expect(output).toMatch(/Tests +2 failed \| 2 passed \(4\)/);
    const pids = readFileSync(pidsFile, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(pids).toHaveLength(2);
    expect(pids.filter(isRunning), 'commands still running').toEqual([]);
    // tsx's cache of compiled sources, which the msgapi command fills, is tsx's and is kept.
    expect(
      readdirSync(tmp).filter((name) => name !== `tsx-${userInfo().uid}`),
      'left in TMPDIR',
    ).toEqual([]);
  });
});
