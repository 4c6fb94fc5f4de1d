// A run split across machines: --shard and msgapi merge. Four whole runs (the unsplit one, and three
// shards at once against one server), so CI only (npm run test:ci).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { mayMissUnderOthers, outcomeBesideOthers } from '../helpers/shared-list-checks.ts';

const token = 'owner-token-shards';
const newDir = tempDirs('msgapi-shards-');
const readReport = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));

/**
 * junit.xml without what a clock decides (times, timestamps), and with the case of each check that
 * may pass or skip beside other runs (shared-list-checks.ts) reduced to its name.
 */
function comparableJunit(junit: string): string[] {
  return junit
    .replace(/ (time|timestamp)="[^"]*"/g, '')
    .replace(/ skipped="\d+"/g, '')
    .replace(/(<testcase name="([^ "]+) [^>]*?)(\/>|>[\s\S]*?<\/testcase>)/g, (whole, opening: string, id: string) =>
      mayMissUnderOthers(id) ? `${opening}/>` : whole,
    )
    .split('\n');
}

describe('a run split in three shards', () => {
  it('merges into the checks and results of the same run unsplit', async () => {
    const server = await startReferenceServer({
      users: [
        { token, name: 'owner' },
        { token: `${token}-2`, name: 'second' },
      ],
    });
    const env = {
      BASE_URL: server.url,
      ACCESS_TOKEN: token,
      SECOND_ACCESS_TOKEN: `${token}-2`,
      GROUP_CONTACTS: 'replace',
    };
    const seed = ['--seed', '7'];
    const whole = newDir();
    const unsplit = await runCli(['check', ...seed], { ...env, REPORTS_DIR: whole });
    expect(unsplit.code, unsplit.stdout).toBe(0);
    const parts = [newDir(), newDir(), newDir()];
    // The three shards run at the same time, as on three CI machines against one deployment.
    const runs = await Promise.all(
      parts.map((dir, index) => runCli(['check', ...seed, '--shard', `${index + 1}/3`], { ...env, REPORTS_DIR: dir })),
    );
    await server.close();
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    for (const [index, dir] of parts.entries()) {
      expect(readReport(dir).shard).toEqual({ index: index + 1, count: 3 });
      expect(readReport(dir).checks.length).toBeGreaterThan(0);
    }
    const out = join(newDir(), 'conformance.json');
    const merged = await runCli(['merge', ...parts.map((dir) => join(dir, 'conformance.json')), '--out', out]);
    expect(merged.code, merged.stderr).toBe(0);
    const mergedReport: ConformanceReport = JSON.parse(readFileSync(out, 'utf8'));
    // The shards change the lists under each other's walks: a check that reads a list at that
    // moment passes, or skips saying why (shared-list-checks.ts); every other outcome is the same.
    const outcome = (report: ConformanceReport) => report.checks.map((check) => [check.id, outcomeBesideOthers(check)]);
    expect(outcome(mergedReport)).toEqual(outcome(readReport(whole)));
    const { passed, skipped, ...rest } = mergedReport.summary;
    const { passed: passedWhole, skipped: skippedWhole, ...restWhole } = readReport(whole).summary;
    expect({ ...rest, total: passed + skipped }).toEqual({ ...restWhole, total: passedWhole + skippedWhole });
    expect(Object.keys(mergedReport.sections)).toEqual(Object.keys(readReport(whole).sections));
    expect(mergedReport.merged_from).toHaveLength(3);
    // CI's test-report tools read junit.xml: the merged one holds what the unsplit run's holds, the
    // same cases with the same outcomes and messages, the same properties; only clock readings differ.
    expect(comparableJunit(readFileSync(join(dirname(out), 'junit.xml'), 'utf8'))).toEqual(
      comparableJunit(readFileSync(join(whole, 'junit.xml'), 'utf8')),
    );

    const missing = await runCli(['merge', join(parts[0]!, 'conformance.json'), join(parts[1]!, 'conformance.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('shard 3/3 is missing');
  });
});
