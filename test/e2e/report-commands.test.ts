// The commands and options around a conformance run that CI leans on: known failures
// (--expectations), flakiness (--repeat), runs side by side (compare), and output for machines
// (--json) and for logs (no colour). A run split across machines (--shard and merge) is four whole
// runs: test/ci/shards.test.ts.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import { faultModifiers } from '../../reference/faults/registry.ts';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { startMutatingProxy } from '../helpers/mutating-proxy.ts';
import { cliEntry, inheritedTmpdir, runCli, startCli, trackChild } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

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
    expect(readReport(known).expectations).toMatchObject({
      expected: [broken],
      new_failures: [],
      unexpected_passes: [],
    });
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
    const run = await runCli(['check', '--expectations', file], {
      BASE_URL: 'http://127.0.0.1:1',
      ACCESS_TOKEN: token,
    });
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
    expect(report.checks.find((check) => check.id === sound)).toMatchObject({
      status: 'passed',
      attempts: ['passed', 'passed'],
    });
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
    const compared = await runCli([
      'compare',
      join(dirs[0]!, 'conformance.json'),
      join(dirs[1]!, 'conformance.json'),
      '--all',
      '--reports-dir',
      out,
    ]);
    expect(compared.code, compared.stderr).toBe(0);
    expect(compared.stdout).toMatch(new RegExp(`^\\* ${broken.replace(/\./g, '\\.')}\\s+FAIL\\s+pass`, 'm'));
    expect(compared.stdout).toMatch(new RegExp(`^  ${sound.replace(/\./g, '\\.')}\\s+pass\\s+pass`, 'm'));
    expect(compared.stdout).toContain('1 of 2 checks differ between the runs');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(broken);
  });
});

describe('against a server whose PUT never mutes (one failure, and a check it blocks)', () => {
  // conversations.update.is-muted fails; conversations.list.muted-filter needs a muted conversation first, so it is blocked.
  const failing = 'conversations.update.is-muted';
  const blocked = 'conversations.list.muted-filter';
  const both = ['--only', `${failing},${blocked}`];
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startReferenceServer({
      users: [{ token, name: 'owner' }],
      modifiers: faultModifiers(['conversations.update.is-muted-ignored']),
    });
    env = { BASE_URL: server.url, ACCESS_TOKEN: token };
  });
  afterAll(async () => {
    await server.close();
  });

  it('expectations: a blocked check is recorded, and a run that meets it again exits 0, counting it; not listed, it fails the run', async () => {
    const first = newDir();
    const run = await runCli(['check', ...both], { ...env, REPORTS_DIR: first });
    expect(run.code, run.stdout).toBe(1);
    expect(readReport(first).checks.map((check) => [check.id, check.status])).toEqual([
      [blocked, 'blocked'],
      [failing, 'failed'],
    ]);

    const file = join(newDir(), 'expectations.json');
    const written = await runCli(['expectations', '--write', file, '--from', join(first, 'conformance.json')]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain('Added 2 known failures');
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as { failures: Record<string, string> };
    expect(Object.keys(recorded.failures).sort()).toEqual([blocked, failing]);
    expect(recorded.failures[blocked]).toMatch(
      /: blocked, a prerequisite failed \(see conversations\.update\.is-muted\)/,
    );

    const known = newDir();
    const again = await runCli(['check', ...both, '--expectations', file], { ...env, REPORTS_DIR: known });
    expect(again.code, again.stdout).toBe(0);
    expect(readReport(known).expectations).toMatchObject({
      expected: [blocked, failing],
      new_failures: [],
      new_blocked: [],
      unexpected_passes: [],
    });
    expect(again.stdout).toContain(
      `Expectations (${file}): 2 known failures as expected (1 of them blocked), 0 new failures, 0 new blocked checks, 0 listed checks now passing.`,
    );
    expect(again.stdout).toMatch(/BLOCKED \(expected: recorded .*\) conversations\.list\.muted-filter/);
    expect(again.stdout).toMatch(/^PASSED .*1 blocked \(1 known\)/m);

    // The block left out of the file is a new one: the run fails, and the line says why.
    writeFileSync(file, JSON.stringify({ failures: { [failing]: recorded.failures[failing] } }));
    const unlisted = newDir();
    const withoutIt = await runCli(['check', ...both, '--expectations', file], { ...env, REPORTS_DIR: unlisted });
    expect(withoutIt.code, withoutIt.stdout).toBe(1);
    expect(readReport(unlisted).expectations).toMatchObject({
      expected: [failing],
      new_failures: [],
      new_blocked: [blocked],
    });
    expect(withoutIt.stdout).toContain(
      '1 known failures as expected, 0 new failures, 1 new blocked checks, 0 listed checks now passing.',
    );
    expect(withoutIt.stdout).toMatch(/^FAILED .*1 blocked \(1 gating\)/m);
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
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(cliEntry())} check --only groups.create. --reports-dir ${JSON.stringify(newDir())}`;
    const child = trackChild(
      spawn('script', ['-qec', command, '/dev/null'], {
        env: { PATH: process.env.PATH ?? '', ...inheritedTmpdir(), TERM: 'xterm' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, output).toBe(0);
    // eslint-disable-next-line no-control-regex -- the terminal's escape sequence is what the progress line writes
    expect(output).toMatch(/\r\x1b\[2KChecks: \d+\/\d+ done — /);
    expect(output).toContain(`\x1b[32mPASSED\x1b[39m Conformance of`);
  });
});
