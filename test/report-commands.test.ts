// The commands and options around a conformance run that CI leans on: known failures
// (--expectations), flakiness (--repeat), a run split across machines (--shard and merge),
// runs side by side (compare), and output for machines (--json) and for logs (no colour).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/listen.ts';
import type { ConformanceReport } from '../conformance/run/check-result.ts';
import { startMutatingProxy } from './helpers/mutating-proxy.ts';
import { binPath, inheritedTmpdir, runCli, startCli, trackChild } from './helpers/run-cli.ts';
import { tempDirs } from './helpers/temp-dirs.ts';

const token = 'owner-token-reports';
const newDir = tempDirs('msgapi-reports-');
const readReport = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));

const broken = 'conversations.create.defaults';
const sound = 'conversations.retrieve.unknown-id';
const only = ['--only', `${broken},${sound}`];

describe('against a server that pins every new conversation (one known failure)', () => {
  let upstream: Awaited<ReturnType<typeof startReferenceServer>>;
  let proxy: Awaited<ReturnType<typeof startMutatingProxy>>;
  let pinning = true;
  let env: Record<string, string>;
  beforeAll(async () => {
    upstream = await startReferenceServer({ users: [{ token, name: 'owner' }] });
    // §2.1: is_pinned is false on a newly created conversation; this server says true, while asked to.
    proxy = await startMutatingProxy(upstream.url, (method, path, body) =>
      pinning && method === 'POST' && path === '/v1/conversations' ? { ...(body as object), is_pinned: true } : body,
    );
    env = { BASE_URL: proxy.url, ACCESS_TOKEN: token };
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('expectations: recorded from a run, then only a new failure or a fixed one fails the run', async () => {
    pinning = true;
    const first = newDir();
    const failing = await runCli(['check', ...only], { ...env, REPORTS_DIR: first });
    expect(failing.code, failing.stderr).toBe(1);

    const file = join(newDir(), 'expectations.json');
    const written = await runCli(['expectations', '--write', file, '--from', join(first, 'conformance.json')]);
    expect(written.code, written.stderr).toBe(0);
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as { failures: Record<string, string> };
    expect(Object.keys(recorded.failures)).toEqual([broken]);
    expect(recorded.failures[broken]).toMatch(/is_pinned/);

    const known = newDir();
    const withKnown = await runCli(['check', ...only, '--expectations', file], { ...env, REPORTS_DIR: known });
    expect(withKnown.code, withKnown.stdout).toBe(0);
    expect(readReport(known).expectations).toMatchObject({ expected: [broken], new_failures: [], unexpected_passes: [] });
    expect(withKnown.stdout).toMatch(/FAIL \(expected: recorded .*\) conversations\.create\.defaults/);

    // The server is fixed: the file now says something false, and the run says so.
    pinning = false;
    const fixed = newDir();
    const afterFix = await runCli(['check', ...only, '--expectations', file], { ...env, REPORTS_DIR: fixed });
    expect(afterFix.code, afterFix.stdout).toBe(1);
    expect(readReport(fixed).expectations?.unexpected_passes).toEqual([broken]);
    expect(afterFix.stdout).toContain(`Now passing, remove from ${file}: ${broken}`);
  });

  it('expectations: a file naming no check, or giving no reason, is refused before any request (exit 2)', async () => {
    const file = join(newDir(), 'bad.json');
    writeFileSync(file, JSON.stringify({ failures: { 'no.such.check': 'x', [broken]: '' } }));
    const run = await runCli(['check', '--expectations', file], { BASE_URL: 'http://127.0.0.1:1', ACCESS_TOKEN: token });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('lists no.such.check, which is no check id');
    expect(run.stderr).toContain(`gives no reason for ${broken}`);
  });

  it('--repeat: a check that fails in one attempt and passes in the next is flaky, apart from a plain failure', async () => {
    pinning = true;
    const dir = newDir();
    const run = startCli(['check', '--repeat', '2', ...only], { ...env, REPORTS_DIR: dir });
    // The server is mended as the second attempt starts.
    void run.reached('Attempt 2 of 2').then(() => (pinning = false));
    const code = await run.exited;
    const { stdout, stderr } = run;
    expect(code, stderr).toBe(1);
    const report = readReport(dir);
    expect(report.repeat).toBe(2);
    const flaky = report.checks.find((check) => check.id === broken)!;
    expect(flaky).toMatchObject({ status: 'flaky', attempts: ['failed', 'passed'] });
    expect(flaky.message).toMatch(/^flaky: the result changed between attempts \(1: failed, 2: passed\)/);
    expect(report.checks.find((check) => check.id === sound)).toMatchObject({ status: 'passed', attempts: ['passed', 'passed'] });
    expect(report.summary.flaky).toBe(1);
    expect(stdout).toContain(`FLAKY ${broken}`);
  });

  it('compare: two runs side by side, the changed check marked', async () => {
    const dirs = [newDir(), newDir()];
    pinning = true;
    await runCli(['check', ...only], { ...env, REPORTS_DIR: dirs[0]! });
    pinning = false;
    await runCli(['check', ...only], { ...env, REPORTS_DIR: dirs[1]! });
    const out = newDir();
    const compared = await runCli(['compare', join(dirs[0]!, 'conformance.json'), join(dirs[1]!, 'conformance.json'), '--all', '--reports-dir', out]);
    expect(compared.code, compared.stderr).toBe(0);
    expect(compared.stdout).toMatch(new RegExp(`^\\* ${broken.replace(/\./g, '\\.')}\\s+FAIL\\s+pass`, 'm'));
    expect(compared.stdout).toMatch(new RegExp(`^  ${sound.replace(/\./g, '\\.')}\\s+pass\\s+pass`, 'm'));
    expect(compared.stdout).toContain('1 of 2 checks differ between the runs');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(broken);
  });
});

/** junit.xml without what a clock decides (times, timestamps) and with the live-data check's case reduced to its name. */
function comparableJunit(junit: string, liveData: string): string[] {
  return junit
    .replace(/ (time|timestamp)="[^"]*"/g, '')
    .replace(/ skipped="\d+"/g, '')
    .replace(new RegExp(`(<testcase name="${liveData.replace(/\./g, '\\.')} [^>]*?)(/>|>[\\s\\S]*?</testcase>)`), '$1/>')
    .split('\n');
}

describe('a run split in three shards', () => {
  it('merges into the checks and results of the same run unsplit', { timeout: 300_000 }, async () => {
    const server = await startReferenceServer({ users: [{ token, name: 'owner' }, { token: `${token}-2`, name: 'second' }] });
    const env = { BASE_URL: server.url, ACCESS_TOKEN: token, SECOND_ACCESS_TOKEN: `${token}-2`, GROUP_CONTACTS: 'replace' };
    const seed = ['--seed', '7'];
    const whole = newDir();
    const unsplit = await runCli(['check', ...seed], { ...env, REPORTS_DIR: whole });
    expect(unsplit.code, unsplit.stdout).toBe(0);
    const parts = [newDir(), newDir(), newDir()];
    // The three shards run at the same time, as on three CI machines against one deployment.
    const runs = await Promise.all(parts.map((dir, index) => runCli(['check', ...seed, '--shard', `${index + 1}/3`], { ...env, REPORTS_DIR: dir })));
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
    // readonly.retrieve.listed-objects reads whatever the target lists at that moment, which other
    // shards are changing: it passes, or skips when nothing it listed is still there.
    const liveData = 'readonly.retrieve.listed-objects';
    const outcome = (report: ConformanceReport) => report.checks.map((check) => [check.id, check.id === liveData ? 'passed or skipped' : check.status]);
    expect(outcome(mergedReport)).toEqual(outcome(readReport(whole)));
    expect(['passed', 'skipped']).toContain(mergedReport.checks.find((check) => check.id === liveData)?.status);
    const { passed, skipped, ...rest } = mergedReport.summary;
    const { passed: passedWhole, skipped: skippedWhole, ...restWhole } = readReport(whole).summary;
    expect({ ...rest, total: passed + skipped }).toEqual({ ...restWhole, total: passedWhole + skippedWhole });
    expect(Object.keys(mergedReport.sections)).toEqual(Object.keys(readReport(whole).sections));
    expect(mergedReport.merged_from).toHaveLength(3);
    // CI's test-report tools read junit.xml: the merged one holds what the unsplit run's holds, the
    // same cases with the same outcomes and messages, the same properties; only clock readings differ.
    expect(comparableJunit(readFileSync(join(dirname(out), 'junit.xml'), 'utf8'), liveData)).toEqual(comparableJunit(readFileSync(join(whole, 'junit.xml'), 'utf8'), liveData));

    const missing = await runCli(['merge', join(parts[0]!, 'conformance.json'), join(parts[1]!, 'conformance.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('shard 3/3 is missing');
  });
});

describe('output for machines and for logs', () => {
  it('--json prints the report alone on stdout, and nothing is coloured in a pipe even without NO_COLOR', async () => {
    const dir = newDir();
    const run = await runCli(['check', '--only', 'groups.', '--json'], { REPORTS_DIR: dir, NO_COLOR: '' });
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as ConformanceReport;
    expect(printed.checks.map((check) => check.id)).toEqual(readReport(dir).checks.map((check) => check.id));
    expect(run.stderr).toMatch(/PASSED Conformance of/);
    expect(run.stderr).toMatch(/^Checks: \d+\/\d+ done — \d+ passed/m);
    expect(run.stdout + run.stderr).not.toContain('\x1b[');
  });
});

describe('at a terminal', () => {
  it('shows a progress line redrawn in place and colours the summary', async () => {
    // `script` gives the command a pseudo-terminal, as a person's shell would.
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(binPath)} check --only groups.create. --reports-dir ${JSON.stringify(newDir())}`;
    const child = trackChild(spawn('script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH ?? '', ...inheritedTmpdir(), TERM: 'xterm' }, stdio: ['ignore', 'pipe', 'pipe'] }));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, output).toBe(0);
    expect(output).toMatch(/\r\x1b\[2KChecks: \d+\/\d+ done — /);
    expect(output).toContain(`\x1b[32mPASSED\x1b[39m Conformance of`);
  });
});
