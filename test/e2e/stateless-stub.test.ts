// A pass must prove something: against a server that stores nothing and answers every request
// with one canned object, no check whose subject is state may pass. Their premises (the object
// carries what was sent, ids differ, the update took, the list holds what the check made, the
// server tells ids apart) fail first, and they are blocked, naming the check that covers the step.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { runCli } from '../helpers/run-cli.ts';
import { startStatelessStub } from '../helpers/stateless-stub.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

/** Checks whose subject is the state a server keeps: what was stored, changed, listed or removed. */
const aboutState = (id: string) =>
  /^(conversations|groups)\.(retrieve|update|archive|delete|list|other-methods|concurrent)\./.test(id) ||
  /^(properties|model|readonly\.retrieve)\./.test(id);

/** Checks of shapes and of bad input, which a server that stores nothing may well pass. */
const notAboutState = new Set([
  'conversations.list.envelope',
  'groups.list.envelope',
  'conversations.list.bad-limit',
  'groups.list.bad-limit',
]);

describe('against a stateless stub that answers every request with one canned object', () => {
  // Made in beforeAll, not while the file is collected: a suite whose tests are filtered out runs no hooks.
  const newDir = tempDirs('msgapi-stub-', 'all');
  let dir: string;
  beforeAll(() => {
    dir = newDir();
  });

  it('no check about state passes, and the run fails', async () => {
    const stub = await startStatelessStub();
    try {
      const result = await runCli(['check', '--seed', '7'], {
        BASE_URL: stub.url,
        ACCESS_TOKEN: 'stub-token',
        SECOND_ACCESS_TOKEN: 'stub-second',
        REPORTS_DIR: dir,
      });
      expect(result.code, result.stderr).toBe(1);
      const report: ConformanceReport = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
      const passedAboutState = report.checks.filter(
        (check) => check.status === 'passed' && aboutState(check.id) && !notAboutState.has(check.id),
      );
      expect(passedAboutState.map((check) => check.id)).toEqual([]);
      // Blocked checks say which premise failed and which check covers it.
      const blocked = report.checks.filter((check) => check.status === 'blocked');
      expect(blocked.length).toBeGreaterThan(0);
      for (const check of blocked)
        expect(check.message, check.id).toMatch(/^a prerequisite failed \(see [a-z]+\.[a-z-]+\.[a-z0-9-]+\)/);
    } finally {
      await stub.close();
    }
  });
});
