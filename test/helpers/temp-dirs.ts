// Temporary folders a test file makes, removed whether its tests passed or not: npm test leaves
// nothing in the temp folder (.ci/run checks that, with TMPDIR set to a folder of its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, TestRunner } from 'vitest';
import { stopChildren } from './children.ts';

const remove = (dirs: string[]) => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
};

/**
 * Registers the clean-up with the calling test file (or describe block; call it there, not inside a
 * test) and returns the maker: `const newDir = tempDirs('msgapi-x-')`. A folder made in a test goes
 * after that test; one made outside any (in beforeAll) after the last test of the file or block.
 * With `'all'`, every folder goes after the last test, which is what concurrent tests
 * (describe.concurrent, it.concurrent) need: one test's afterEach would otherwise remove a folder
 * another still uses.
 * Before the folders go, the commands still running are stopped (children.ts): a command whose test
 * failed or timed out first would otherwise write its reports into its folder again once it is gone.
 */
export function tempDirs(prefix: string, removeAfter: 'each' | 'all' = 'each'): () => string {
  const madeInTest: string[] = [];
  const madeOutside: string[] = [];
  afterEach(async () => {
    if (madeInTest.length === 0) return;
    await stopChildren();
    remove(madeInTest);
  });
  afterAll(async () => {
    await stopChildren();
    remove(madeInTest);
    remove(madeOutside);
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    (removeAfter === 'each' && TestRunner.getCurrentTest() !== undefined ? madeInTest : madeOutside).push(dir);
    return dir;
  };
}
