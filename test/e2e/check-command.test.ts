import { execFile, spawn, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { mayMissUnderOthers } from '../helpers/shared-list-checks.ts';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import type { ServerModifier } from '../../reference/modifiers.ts';
import { loadRegistry } from '../../conformance/registry.ts';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { startCaptureServer } from '../helpers/capture-server.ts';
import { startMutatingProxy } from '../helpers/mutating-proxy.ts';
import { cliEntry, runCli, trackChild } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const execFileAsync = promisify(execFile);
const reportsDir = tempDirs('msgapi-reports-');
const readReport = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
const everythingWritten = (dir: string, out: { stdout: string; stderr: string }) =>
  [out.stdout, out.stderr, ...readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8'))].join('\n');

describe('msgapi check', () => {
  it('passes against the embedded reference server and writes both reports', async () => {
    const dir = reportsDir();
    const result = await runCli(['check', '--reports-dir', dir, '--seed', '1234']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('(embedded reference server), seed 1234 (replay with SEED=1234)');

    const report = readReport(dir);
    expect(report.target.embedded).toBe(true);
    expect(report.seed).toBe(1234);
    expect(Date.parse(report.started_at)).not.toBeNaN();
    expect(report.duration_ms).toBeGreaterThan(0);
    // The embedded server starts empty: the read-only retrieve may find nothing listed yet, and
    // then says so; a page walk may not reach its boundary while the run's own checks change the
    // list (checks run in lanes, many at once), and then says so; every other check passes.
    const skipped = report.checks.filter((check) => check.status === 'skipped');
    expect(skipped.map((check) => check.id).filter((id) => !mayMissUnderOthers(id))).toEqual([]);
    for (const check of skipped)
      expect(check.message).toMatch(
        /^nothing listed could be retrieved to compare|never reached|changed between every two walks/,
      );
    expect(report.summary).toEqual({
      passed: report.checks.length - skipped.length,
      failed: 0,
      skipped: skipped.length,
      blocked: 0,
      flaky: 0,
      gating_failed: 0,
      gating_blocked: 0,
    });
    expect(report.checks.map((check) => check.id).sort()).toEqual([...(await loadRegistry()).ids].sort());
    expect(Object.keys(report.sections)).toContain('§2.1');
    expect(report.requests).toBeGreaterThan(report.checks.length);
    const create = report.checks.find((check) => check.id === 'conversations.create.defaults');
    expect(create).toMatchObject({
      spec: expect.arrayContaining(['§2.1', '§4.1']),
      level: 'spec',
      status: 'passed',
      message: null,
      reproduction: null,
    });

    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('name="conversations.create.defaults — ');
    expect(junit).toMatch(/failures="0"/);
  });

  it('passes with JSON bodies, and skips page walks with a reason when PAGINATION=none', async () => {
    const dir = reportsDir();
    const result = await runCli(['check', '--reports-dir', dir, '--body-encoding', 'json', '--pagination', 'none']);
    expect(result.code).toBe(0);
    const report = readReport(dir);
    expect(report.summary.failed).toBe(0);
    const walk = report.checks.find((check) => check.id === 'conversations.list.pagination')!;
    expect(walk).toMatchObject({
      status: 'skipped',
      message: 'PAGINATION=none: no way to ask for the next page was declared (§4.3 does not show one)',
    });
  });

  it('passes against a separately started msgapi serve, through BASE_URL and the tokens it printed', async () => {
    const serve = trackChild(
      spawn(process.execPath, [cliEntry(), 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    try {
      let printed = '';
      for await (const chunk of serve.stdout) {
        printed += chunk;
        if (printed.includes('SECOND_ACCESS_TOKEN=') && printed.endsWith('\n')) break;
      }
      const settings = Object.fromEntries(
        printed
          .split('\n')
          .filter((line) => /^[A-Z_]+=/.test(line))
          .map((line) => line.split('=', 2) as [string, string]),
      );
      expect(settings.BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const dir = reportsDir();
      const result = await runCli(['check'], { ...settings, REPORTS_DIR: dir });
      expect(result.code).toBe(0);
      expect(readReport(dir).target).toEqual({ url: settings.BASE_URL, embedded: false });
    } finally {
      serve.kill('SIGTERM');
      await once(serve, 'exit');
    }
  });

  it('exits 2 with one clear line when the target cannot be reached', async () => {
    const result = await runCli(['check'], { BASE_URL: 'http://127.0.0.1:1', ACCESS_TOKEN: 'tok' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('msgapi: Cannot reach the target at http://127.0.0.1:1: connection refused.\n');
  });

  it('stops on bad configuration before sending any request', async () => {
    const target = await startCaptureServer(() => ({ status: 200, body: '{}' }));
    try {
      const result = await runCli(['check'], { BASE_URL: target.url, ACCESS_TOKEN: 'my secret', BODY_ENCODING: 'xml' });
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain('BODY_ENCODING "xml" is not known; use form or json.');
      expect(result.stderr).toContain('ACCESS_TOKEN contains a space');
      expect(result.stderr).not.toContain('my secret');
      expect(target.requests).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('exits 2 when the target refuses the configured token', async () => {
    const server = await startReferenceServer({ users: [{ token: 'right-token', name: 'a' }] });
    try {
      const result = await runCli(['check'], { BASE_URL: server.url, ACCESS_TOKEN: 'wrong-token' });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `msgapi: The target at ${server.url} rejected ACCESS_TOKEN (GET /v1/conversations answered 401); check the token.\n`,
      );
    } finally {
      await server.close();
    }
  });

  it('exits 2 when the target refuses SECOND_ACCESS_TOKEN, rather than passing isolation checks for nothing', async () => {
    const server = await startReferenceServer({ users: [{ token: 'right-token', name: 'a' }] });
    try {
      const result = await runCli(['check'], {
        BASE_URL: server.url,
        ACCESS_TOKEN: 'right-token',
        SECOND_ACCESS_TOKEN: 'unknown-token',
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `msgapi: The target at ${server.url} rejected SECOND_ACCESS_TOKEN (GET /v1/conversations answered 401); check the token, or unset it to skip the isolation checks.\n`,
      );
    } finally {
      await server.close();
    }
  });

  it('rejects an unknown flag with a usage line', async () => {
    const result = await runCli(['check', '--bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('msgapi: --bogus is not an option of msgapi check; see msgapi check --help.\n');
  });

  describe('against a server that breaks §2.1 (new conversations come back pinned)', () => {
    const token = 'first-user-token-0123456789';
    const secondToken = 'second-user-token-0123456789';

    async function runAgainstBrokenServer() {
      const upstream = await startReferenceServer({
        users: [
          { token, name: 'a' },
          { token: secondToken, name: 'b' },
        ],
      });
      const proxy = await startMutatingProxy(upstream.url, (method, path, body) =>
        method === 'POST' && path === '/v1/conversations' ? { ...(body as object), is_pinned: true } : body,
      );
      const dir = reportsDir();
      const result = await runCli(['check'], {
        BASE_URL: proxy.url,
        ACCESS_TOKEN: token,
        SECOND_ACCESS_TOKEN: secondToken,
        REPORTS_DIR: dir,
      });
      return { result, dir, proxy, upstream };
    }

    it('exits 1 and reports the failed check with expected, received and a curl reproduction; no token anywhere', async () => {
      const { result, dir, proxy, upstream } = await runAgainstBrokenServer();
      try {
        expect(result.code).toBe(1);
        const report = readReport(dir);
        const failed = report.checks.find((check) => check.id === 'conversations.create.defaults')!;
        expect(failed.status).toBe('failed');
        expect(failed.message).toContain(
          'Expected: is_pinned of the created conversation to be false (§2.1: is_pinned is false on a new conversation)',
        );
        expect(failed.message).toContain('Received: is_pinned true');
        expect(failed.reproduction).toMatch(
          /^curl -sS -i -X POST '.*\/v1\/conversations' .*-H "Authorization: Bearer \$ACCESS_TOKEN"/,
        );
        expect(report.summary.gating_failed).toBeGreaterThan(0);
        expect(result.stdout).toMatch(
          /FAIL conversations\.create\.defaults \[spec, [§0-9., ]*§2\.1, [§0-9., ]*§4\.1\]/,
        );

        const written = everythingWritten(dir, result);
        expect(written).not.toContain(token);
        expect(written).not.toContain(secondToken);

        // The reproduction runs as printed, with the token taken from the environment. (Not
        // spawnSync: the proxy answering curl lives in this process's event loop.)
        const curlAvailable = spawnSync('curl', ['--version']).status === 0;
        if (curlAvailable) {
          const replay = await execFileAsync('bash', ['-c', failed.reproduction!], {
            env: { PATH: process.env.PATH, ACCESS_TOKEN: token },
            timeout: 10_000,
          });
          expect(replay.stdout).toMatch(/^HTTP\/1\.1 201/);
          expect(replay.stdout).toContain('"is_pinned":true');
        }
      } finally {
        await proxy.close();
        await upstream.close();
      }
    });
  });
});

describe('convention checks', () => {
  // A server that answers 400 rather than 404 for an unknown id: a choice the spec leaves open.
  async function runAgainstServerWithout404(extraEnv: Record<string, string>) {
    const token = 'conventions-token-1';
    const upstream = await startReferenceServer({ users: [{ token, name: 'a' }] });
    const proxy = await startMutatingProxy(
      upstream.url,
      (_m, _p, body) => body,
      (_m, _p, status) => (status === 404 ? 400 : status),
    );
    try {
      const dir = reportsDir();
      // Only the retrieve checks: the two conventions are among them, and three runs share the machine.
      const result = await runCli(['check', '--only', 'conversations.retrieve.,groups.retrieve.'], {
        BASE_URL: proxy.url,
        ACCESS_TOKEN: token,
        REPORTS_DIR: dir,
        ...extraEnv,
      });
      return { result, report: readReport(dir) };
    } finally {
      await proxy.close();
      await upstream.close();
    }
  }

  it('reports a failed convention without gating, and gates it with --strict or when declared', async () => {
    const [plain, strict, declared] = await Promise.all([
      runAgainstServerWithout404({}),
      runAgainstServerWithout404({ STRICT: 'true' }),
      runAgainstServerWithout404({ CONVENTIONS: 'conversations.retrieve.unknown-id-404' }),
    ]);
    const convention = plain.report.checks.find((check) => check.id === 'conversations.retrieve.unknown-id-404')!;
    expect(convention).toMatchObject({ level: 'convention', status: 'failed', gating: false });
    expect(plain.result.stdout).toContain('FAIL (not gating) conversations.retrieve.unknown-id-404');
    expect(plain.result.code).toBe(0);

    expect(strict.result.code).toBe(1);
    expect(
      strict.report.checks
        .filter((check) => check.gating && check.status === 'failed')
        .map((check) => check.id)
        .sort(),
    ).toEqual(['conversations.retrieve.unknown-id-404', 'groups.retrieve.unknown-id-404']);

    expect(declared.result.code).toBe(1);
    const gatingFailures = declared.report.checks.filter((check) => check.gating && check.status === 'failed');
    expect(gatingFailures.map((check) => `${check.id}: ${check.message}`).join('\n')).toMatch(
      /^conversations\.retrieve\.unknown-id-404: [^\n]*$/m,
    );
    expect(gatingFailures).toHaveLength(1);
  });

  it('refuses a declared convention that is not a convention check', async () => {
    const result = await runCli(['check'], { CONVENTIONS: 'conversations.create.defaults,nope' });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'msgapi: CONVENTIONS names "conversations.create.defaults", "nope", which are not a convention check (see docs/checks.md).\n',
    );
  });
});

describe('--workers, and the serial re-run of a failure', () => {
  /**
   * A server that fails a read only when another request is being handled at the same time: a GET
   * of one conversation is held until another request arrives, then answered 500, or answered as
   * usual after a second with none (the run's own probe reads only groups). (A second: on a busy machine the check beside it may take that long
   * to send anything; alone, each read waits it out.)
   */
  function failsBesideOthers() {
    let inFlight = 0;
    const arrivals = new Set<() => void>();
    const modifier: ServerModifier = {
      handle: (next) => async (context, route) => {
        inFlight++;
        for (const arrived of arrivals) arrived();
        try {
          if (route.method !== 'GET' || route.resource !== 'conversations' || route.id === undefined)
            return await next(context, route);
          let met = inFlight > 1;
          if (!met) {
            let arrived = () => {};
            met = await new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(false), 1_000);
              arrived = () => {
                clearTimeout(timer);
                resolve(true);
              };
              arrivals.add(arrived);
            });
            arrivals.delete(arrived);
          }
          if (met) return { status: 500, body: { error: 'busy' } };
          return await next(context, route);
        } finally {
          inFlight--;
        }
      },
    };
    return modifier;
  }
  // Two checks of one file: they start together, one reading an unknown id while the other creates.
  const checks = 'conversations.retrieve.same-object,conversations.retrieve.unknown-id';

  it('a check that fails only beside others says so once run again alone; --workers 1 runs them one after another', async () => {
    const server = await startReferenceServer({
      users: [{ token: 'workers-a', name: 'a' }],
      modifiers: [failsBesideOthers()],
    });
    try {
      const [side, serial] = [reportsDir(), reportsDir()];
      const together = await runCli(['check', '--only', checks, '--seed', '1'], {
        BASE_URL: server.url,
        ACCESS_TOKEN: 'workers-a',
        REPORTS_DIR: side,
      });
      const report = JSON.parse(readFileSync(join(side, 'conformance.json'), 'utf8')) as ConformanceReport;
      const failed = report.checks.filter((check) => check.status === 'failed');
      // The premise: side by side, some read met another request.
      expect(together.code).toBe(1);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.map((check) => check.serial_rerun)).toEqual(failed.map(() => 'passed'));
      expect(together.stdout).toContain('Run again alone, with no other check beside it, it passed');
      const alone = await runCli(['check', '--only', checks, '--seed', '1', '--workers', '1'], {
        BASE_URL: server.url,
        ACCESS_TOKEN: 'workers-a',
        REPORTS_DIR: serial,
      });
      expect(alone.code).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('an object that changes while the check is not writing to it', () => {
  it('leaves the isolation check unjudged, saying so, without laying the change on the second user', async () => {
    // Every read of a group shows a new description, as if another client of the owner kept writing it.
    let reads = 0;
    const restless: ServerModifier = {
      handle: (next) => async (context, route) => {
        const reply = await next(context, route);
        if (route.method !== 'GET' || route.resource !== 'groups' || route.id === undefined || reply.status !== 200)
          return reply;
        return { ...reply, body: { ...(reply.body as object), description: `read ${++reads}` } };
      },
    };
    const server = await startReferenceServer({
      users: [
        { token: 'restless-a', name: 'a' },
        { token: 'restless-b', name: 'b' },
      ],
      modifiers: [restless],
    });
    try {
      const dir = reportsDir();
      const result = await runCli(['check', '--only', 'isolation.update.other-user', '--seed', '1'], {
        BASE_URL: server.url,
        ACCESS_TOKEN: 'restless-a',
        SECOND_ACCESS_TOKEN: 'restless-b',
        REPORTS_DIR: dir,
      });
      const [check] = readReport(dir).checks;
      expect(check!.status).toBe('skipped');
      expect(check!.message).toMatch(
        /^the group changed after .*description: expected "read \d+", received "read \d+".*then changed again between two reads of its owner .*: it changes while this check is not writing to it/,
      );
      expect(check!.message).not.toContain('exactly as before');
      // Unjudged is no pass and no failure: the run's verdict comes from the rest (nothing else ran).
      expect(result.code).toBe(0);
    } finally {
      await server.close();
    }
  });
});
