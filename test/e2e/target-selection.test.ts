// The right target or none (issue 17): the embedded reference server only when asked for, or when
// nothing names a target outside CI; a setting misspelt is said, not ignored; a target that does not
// answer like this API is one sentence and exit 2, before any check; a target still starting is
// waited for with --wait-for-target.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directTransport } from '../../lib/core/client/transport.ts';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startReferenceServer } from '../../reference/listen.ts';
import { parseCommand } from '../../app/cli/options/index.ts';
import { ConfigError, HarnessError } from '../../lib/core/errors.ts';
import { reachTarget } from '../../lib/core/target/reach-target.ts';
import type { Target } from '../../lib/core/target/target.ts';
import { runCli, startCli } from '../helpers/run-cli.ts';
import { listenLocally } from '../helpers/test-server.ts';

const token = 'target-selection-token';
const oneCheck = ['--only', 'conversations.create.defaults'];
const listPage = JSON.stringify({ has_more: false, data: [] });

/** A folder for the test, removed afterwards whatever happens. */
async function inTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'msgapi-target-'));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A server answering every request with `answer`, counting the requests. */
async function answeringServer(answer: RequestListener) {
  const requests: string[] = [];
  const server = await listenLocally((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    answer(req, res);
  });
  return { ...server, requests };
}

/** The sentence a run stopped with: exit 2, nothing on stdout, one line on stderr. */
function stoppedWith(result: { code: number | null; stdout: string; stderr: string }): string {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.split('\n').filter(Boolean), result.stderr).toHaveLength(1);
  return result.stderr;
}

describe('which target: the embedded server only when asked for, or with nothing configured outside CI', () => {
  it('CI with an empty BASE_URL (an unset secret) stops before anything, naming BASE_URL', async () => {
    await inTempDir(async (dir) => {
      const result = await runCli(['check'], { CI: 'true', BASE_URL: '', ACCESS_TOKEN: 'x' }, dir);
      expect(stoppedWith(result)).toBe(
        'msgapi: BASE_URL is set but empty; give the address of the server to test, or unset it and pass --embedded to test the embedded reference server.\n',
      );
    });
  });

  it('an empty BASE_URL is an error outside CI too, from the environment and from .env', async () => {
    await inTempDir(async (dir) => {
      writeFileSync(join(dir, '.env'), 'BASE_URL=\n');
      for (const result of [await runCli(['check'], { BASE_URL: '' }, dir), await runCli(['load'], {}, dir)]) {
        expect(stoppedWith(result)).toContain('BASE_URL is set but empty');
      }
    });
  });

  it('CI with no target named stops, for check and for load', async () => {
    await inTempDir(async (dir) => {
      for (const command of ['check', 'load']) {
        const result = await runCli([command], { CI: '1' }, dir);
        expect(stoppedWith(result)).toBe(
          'msgapi: CI is set (CI=1) and no target is named; set BASE_URL to the server to test, or pass --embedded (EMBEDDED=true) to test the embedded reference server.\n',
        );
      }
    });
  });

  it('a token without BASE_URL stops, whichever token it is', async () => {
    await inTempDir(async (dir) => {
      const first = await runCli(['load'], { ACCESS_TOKEN: token }, dir);
      expect(stoppedWith(first)).toBe(
        'msgapi: ACCESS_TOKEN is set but BASE_URL is not; set BASE_URL to the server the token belongs to, or pass --embedded to test the embedded reference server.\n',
      );
      const second = await runCli(['check'], { SECOND_ACCESS_TOKEN: token }, dir);
      expect(stoppedWith(second)).toContain('SECOND_ACCESS_TOKEN is set but BASE_URL is not');
      expect(first.stderr + second.stderr).not.toContain(token);
    });
  });

  it('--embedded together with BASE_URL stops', async () => {
    await inTempDir(async (dir) => {
      const result = await runCli(
        ['check', '--embedded'],
        { BASE_URL: 'http://127.0.0.1:1', ACCESS_TOKEN: token },
        dir,
      );
      expect(stoppedWith(result)).toBe(
        'msgapi: --embedded (EMBEDDED) and BASE_URL both name the target; give one of them.\n',
      );
    });
  });

  it('--embedded (or EMBEDDED=true) tests the embedded server, in CI too and with a token', async () => {
    await inTempDir(async (dir) => {
      const result = await runCli(
        ['check', '--embedded', ...oneCheck, '--reports-dir', join(dir, 'a')],
        { CI: 'true', ACCESS_TOKEN: token },
        dir,
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('(embedded reference server)');
      const report = JSON.parse(readFileSync(join(dir, 'a', 'conformance.json'), 'utf8'));
      expect(report.target.embedded).toBe(true);
      const parsed = parseCommand('check', [], {}, { env: { CI: 'true', EMBEDDED: 'true' }, cwd: dir });
      expect(!parsed.help && parsed.values.embedded).toBe(true);
    });
  });

  it('--embedded-unless-target (npm run conformance) tests the embedded server in CI when nothing names a target, and BASE_URL when it is set', async () => {
    await inTempDir(async (dir) => {
      const parsed = parseCommand('check', ['--embedded-unless-target'], {}, { env: { CI: 'true' }, cwd: dir });
      expect(!parsed.help && parsed.values.baseUrl).toBeUndefined();
      const named = parseCommand(
        'check',
        ['--embedded-unless-target'],
        {},
        { env: { CI: 'true', BASE_URL: 'https://api.example.com', ACCESS_TOKEN: token }, cwd: dir },
      );
      expect(!named.help && named.values.baseUrl).toBe('https://api.example.com');
      // A token without its server is still an error: it names a target the run would not test.
      expect(() =>
        parseCommand('check', ['--embedded-unless-target'], {}, { env: { CI: 'true', ACCESS_TOKEN: token }, cwd: dir }),
      ).toThrow(/BASE_URL is not/);
    });
  });

  it('with nothing configured outside CI (CI unset, empty or false), the embedded server is used', async () => {
    await inTempDir(async (dir) => {
      for (const env of [{}, { CI: '' }, { CI: 'false' }, { CI: '0' }]) {
        const parsed = parseCommand('check', [], {}, { env, cwd: dir });
        expect(!parsed.help && parsed.values.baseUrl, JSON.stringify(env)).toBeUndefined();
      }
    });
  });
});

describe('names that resemble a setting', () => {
  const problemsOf = (env: Record<string, string>, cwd: string, argv: string[] = []): string[] => {
    try {
      parseCommand('check', argv, {}, { env, cwd });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('BASEURL in the environment stops the run, naming BASE_URL, and nothing else is said', async () => {
    await inTempDir(async (dir) => {
      const result = await runCli(['check'], { BASEURL: 'http://127.0.0.1:1', ACCESS_TOKEN: token }, dir);
      expect(stoppedWith(result)).toBe(
        'msgapi: In the environment, BASEURL is not a setting; did you mean BASE_URL?\n',
      );
    });
  });

  it('in .env, a name close to a setting is an error with its line, whether or not the setting is set', async () => {
    await inTempDir(async (dir) => {
      writeFileSync(
        join(dir, '.env'),
        '# my server\nBASEURL=http://127.0.0.1:1\nACCESS_TOKEN=abc\nSECOND_ACESS_TOKEN=def\n',
      );
      const result = await runCli(['check'], { BASE_URL: 'http://127.0.0.1:1' }, dir);
      expect(stoppedWith(result)).toBe(
        'msgapi: .env line 2: BASEURL is not a setting; did you mean BASE_URL? .env line 4: SECOND_ACESS_TOKEN is not a setting; did you mean SECOND_ACCESS_TOKEN?\n',
      );
      writeFileSync(join(dir, 'other.env'), 'REPORT_DIR=out\n');
      expect(problemsOf({}, dir, ['--env-file', 'other.env'])).toEqual([
        'other.env line 1: REPORT_DIR is not a setting; did you mean REPORTS_DIR?',
      ]);
    });
  });

  it("in the environment, only a near-miss of a setting that is itself unset counts; unrelated names and other commands' settings do not", async () => {
    await inTempDir(async (dir) => {
      expect(problemsOf({ base_url: 'http://x', ACCESS_TOKNE: 't' }, dir)).toEqual([
        'In the environment, ACCESS_TOKNE is not a setting; did you mean ACCESS_TOKEN?',
        'In the environment, base_url is not a setting; did you mean BASE_URL?',
      ]);
      expect(problemsOf({ BASE_URL: 'http://x', ACCESS_TOKEN: 't', BASEURL: 'http://y' }, dir)).toEqual([]);
      const unrelated = {
        MSGAPI_BASE_URL: 'http://x',
        AB_ACCESS_TOKEN: 't',
        HOME: '/root',
        SHELL: '/bin/sh',
        PATH: '/bin',
        NODE_OPTIONS: '',
        DATABASE_URL: 'x',
        GITHUB_TOKEN: 't',
      };
      expect(problemsOf(unrelated, dir)).toEqual([]);
    });
  });
});

describe('a target that does not answer like the Messaging API', () => {
  it('200 text/html to everything: one sentence, exit 2, and no check run', async () => {
    const page = await answeringServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!DOCTYPE html>\n<html><head><title>Welcome</title></head><body>' + 'x'.repeat(200) + '</body></html>'),
    );
    try {
      const result = await runCli(['check'], { BASE_URL: page.url, ACCESS_TOKEN: token });
      expect(stoppedWith(result)).toBe(
        `msgapi: The target at ${page.url} does not answer like the Messaging API: GET /v1/conversations?limit=1 answered 200 text/html ` +
          `(<!DOCTYPE html> <html><head><title>Welcome</title></head><body>xxxxxxxxxxxxxxxxx...), not a list page (an object with an array data); check BASE_URL (without /v1).\n`,
      );
      expect(page.requests).toEqual(['GET /v1/conversations?limit=1']);
    } finally {
      await page.close();
    }
  });

  it('a 502 HTML page from a proxy: exit 2 saying so, for check and for load', async () => {
    const proxy = await answeringServer((_req, res) =>
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>'),
    );
    try {
      for (const command of ['check', 'load']) {
        const result = await runCli([command], { BASE_URL: proxy.url, ACCESS_TOKEN: token });
        expect(stoppedWith(result)).toContain(
          'GET /v1/conversations?limit=1 answered 502 text/html (<html><body><h1>502 Bad Gateway</h1></body></html>); check BASE_URL (without /v1).',
        );
      }
    } finally {
      await proxy.close();
    }
  });
});

describe('reaching the target before a run (reachTarget)', () => {
  const targetAt = (url: string): Target => ({
    url,
    users: { accessToken: token, secondAccessToken: undefined },
    choices: { bodyEncoding: 'form', pagination: { kind: 'starting_after' }, groupContacts: undefined, declared: {} },
    transport: directTransport,
    embedded: false,
    pid: undefined,
    close: async () => {},
  });
  /** A server answering `first` to the first `times` requests, then a list page. */
  const recovering = (times: number, status: number, headers: Record<string, string>) => {
    let seen = 0;
    return answeringServer((_req, res) => {
      if (seen++ < times) res.writeHead(status, headers).end('not yet');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(listPage);
    });
  };

  it('takes a 429 as "slow down", not as an error: it waits as Retry-After says and asks again', async () => {
    const limited = await recovering(1, 429, { 'retry-after': '0' });
    try {
      expect(await reachTarget(targetAt(limited.url), { timeoutMs: 2_000 })).toBe(2);
      expect(limited.requests).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('waits for a 503 with --wait-for-target, saying once that it waits, and fails at once without it', async () => {
    const starting = await recovering(2, 503, { 'content-type': 'text/plain' });
    try {
      const error = await reachTarget(targetAt(starting.url), { timeoutMs: 2_000 }).catch((caught: unknown) => caught);
      expect((error as HarnessError).code).toBe('MSGAPI_TARGET_NOT_THE_API');
      expect((error as HarnessError).message).toContain('answered 503 text/plain (not yet)');
      const told: string[] = [];
      expect(
        await reachTarget(targetAt(starting.url), {
          timeoutMs: 2_000,
          waitForTargetS: 30,
          onWaiting: (sentence) => told.push(sentence),
        }),
      ).toBe(2);
      expect(told).toEqual([
        `The target at ${starting.url} is not up yet (it answered 503); waiting up to 30 s for it (--wait-for-target).`,
      ]);
    } finally {
      await starting.close();
    }
  });

  it('refuses a JSON answer that is not a list page, and keeps its own sentence for a refused token', async () => {
    const object = await answeringServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"has_more":false,"items":[]}'),
    );
    const refusing = await answeringServer((_req, res) =>
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}'),
    );
    const faulty = await answeringServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"has_more":"false","data":[]}'),
    );
    try {
      await expect(reachTarget(targetAt(object.url), { timeoutMs: 2_000 })).rejects.toThrow(
        `The target at ${object.url} does not answer like the Messaging API: GET /v1/conversations?limit=1 answered 200 application/json ({"has_more":false,"items":[]}), not a list page (an object with an array data); check BASE_URL (without /v1).`,
      );
      await expect(reachTarget(targetAt(refusing.url), { timeoutMs: 2_000 })).rejects.toThrow(
        `The target at ${refusing.url} rejected ACCESS_TOKEN (GET /v1/conversations answered 401); check the token.`,
      );
      // The API with a defect is no wrong target: its checks report the defect.
      await expect(reachTarget(targetAt(faulty.url), { timeoutMs: 2_000 })).resolves.toBeGreaterThan(0);
    } finally {
      await faulty.close();
      await object.close();
      await refusing.close();
    }
  });
});

describe('--wait-for-target', () => {
  /** A port nothing listens on now: taken from the OS, then let go. */
  async function freePort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  it('waits for a server that starts listening only after its first connection was refused, then passes', async () => {
    await inTempDir(async (dir) => {
      const port = await freePort();
      const run = startCli(['check', '--wait-for-target', '60', ...oneCheck], {
        BASE_URL: `http://127.0.0.1:${port}`,
        ACCESS_TOKEN: token,
        REPORTS_DIR: dir,
      });
      let server: Awaited<ReturnType<typeof startReferenceServer>> | undefined;
      try {
        // The CLI says so once its first attempt was refused; only then does the server start.
        await run.reached('is not up yet (connection refused)');
        server = await startReferenceServer({ port, users: [{ token, name: 'first' }] });
        expect(await run.exited, run.stdout + run.stderr).toBe(0);
        expect(run.stdout).toContain(
          `The target at http://127.0.0.1:${port} is not up yet (connection refused); waiting up to 60 s for it (--wait-for-target).`,
        );
        expect(JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')).summary.failed).toBe(0);
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGTERM');
        await server?.close();
      }
    });
  });

  it('without it, a refused connection stops the run at once with the usual sentence', async () => {
    const port = await freePort();
    const result = await runCli(['check'], { BASE_URL: `http://127.0.0.1:${port}`, ACCESS_TOKEN: token });
    expect(stoppedWith(result)).toBe(
      `msgapi: Cannot reach the target at http://127.0.0.1:${port}: connection refused.\n`,
    );
  });
});

describe('examples/github-actions/conformance-gate.yml with its variables and secrets unset', () => {
  it('fails (exit 2) instead of testing the embedded server and passing', async () => {
    type Step = { uses?: string; with?: Record<string, string> };
    const workflow = parse(
      readFileSync(new URL('../../examples/github-actions/conformance-gate.yml', import.meta.url), 'utf8'),
    ) as { jobs: Record<string, { steps: Step[] }> };
    const steps = Object.values(workflow.jobs)
      .flatMap((job) => job.steps)
      .filter((step) => /\/msgapi-conformance@/.test(step.uses ?? '') && step.with?.command !== 'merge');
    expect(steps.length).toBe(2);
    await inTempDir(async (dir) => {
      for (const step of steps) {
        // What GitHub Actions gives an expression whose variable or secret is not set: ''; the action
        // hands its inputs over as these settings (action.yml).
        const unset = (value: string | undefined) => (value ?? '').replace(/\$\{\{[^}]*\}\}/g, '');
        const env = { BASE_URL: unset(step.with?.['base-url']), ACCESS_TOKEN: unset(step.with?.['access-token']) };
        const result = await runCli([step.with?.command ?? 'check'], { ...env, CI: 'true' }, dir);
        expect(stoppedWith(result)).toContain('BASE_URL is set but empty');
      }
    });
  });
});
