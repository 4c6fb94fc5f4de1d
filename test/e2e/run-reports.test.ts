// What a CI job reads after msgapi check, whatever became of the run (issue 26): the reports are
// replaced as the run starts by ones that say it is in progress; a run that stops with exit 2,
// before its first check or because its target went away, leaves ERROR in every format, never the
// previous run's PASSED; --json FILE, --junit FILE and --html FILE put each format where CI wants it.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/listen.ts';
import { runCli, startCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { withBody } from '../helpers/test-server.ts';
import { request } from 'undici';

const newDir = tempDirs('msgapi-run-reports-');
const token = 'reports-token-first';
const secondToken = 'reports-token-second';
const declared = { BODY_ENCODING: 'form', PAGINATION: 'starting_after', GROUP_CONTACTS: 'replace' };

/** One quick check against the embedded server. */
const oneCheck = ['check', '--embedded', '--only', 'conversations.create.defaults'];
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
const stopping: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stopping.splice(0)) await stop();
});

async function reference(): Promise<RunningReferenceServer> {
  const server = await startReferenceServer({
    users: [
      { token, name: 'first' },
      { token: secondToken, name: 'second' },
    ],
  });
  stopping.push(() => server.close());
  return server;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stopping.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A passing run's reports in `dir`: what the next run must not leave in place. */
async function passedRunIn(dir: string): Promise<void> {
  const passed = await runCli([...oneCheck, '--reports-dir', dir]);
  expect(passed.code, passed.stderr).toBe(0);
  expect(readJson(join(dir, 'conformance.json')).verdict?.outcome).toBe('PASSED');
}

function expectErrorEverywhere(dir: string, sentence: RegExp): void {
  const report = readJson(join(dir, 'conformance.json'));
  expect(report.verdict?.outcome).toBe('ERROR');
  expect(report.verdict?.reasons[0]).toMatch(sentence);
  const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
  expect(junit).toMatch(/<testsuite [^>]*errors="1"/);
  expect(junit).toContain('<property name="outcome" value="ERROR"/>');
  expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('ERROR');
}

describe('msgapi check leaves reports that say what became of this run', () => {
  it('a run refused before its first check (exit 2) writes ERROR with its sentence over the last PASSED', async () => {
    const dir = newDir();
    await passedRunIn(dir);
    const server = await reference();
    const refused = await runCli(['check', '--reports-dir', dir], { BASE_URL: server.url, ACCESS_TOKEN: 'wrong' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^msgapi: The target at .* rejected ACCESS_TOKEN/);
    expectErrorEverywhere(dir, /rejected ACCESS_TOKEN/);
  });

  it('while the run goes on, the reports say it is in progress, and ERROR to anyone who reads them', async () => {
    const dir = newDir();
    await passedRunIn(dir);
    // A target that holds the first request until the test has read the reports, then answers 503.
    let release: () => void = () => {};
    let firstRequest: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (firstRequest = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const url = await listen(
      createServer((_req, res) => {
        firstRequest();
        void held.then(() => res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance'));
      }),
    );
    const run = startCli(['check', '--reports-dir', dir], { BASE_URL: url, ACCESS_TOKEN: token, ...declared });
    await arrived;
    const placeholder = readJson(join(dir, 'conformance.json'));
    expect(placeholder.in_progress).toBe(true);
    expect(placeholder.verdict?.outcome).toBe('ERROR');
    expect(placeholder.verdict?.reasons[0]).toMatch(/has not written its report yet/);
    expect(placeholder.checks).toEqual([]);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(/<error type="ERROR"/);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('has not written its report yet');
    release();
    expect(await run.exited).toBe(2);
    const ended = readJson(join(dir, 'conformance.json'));
    expect(ended.in_progress).toBeUndefined();
    expect(ended.verdict?.reasons[0]).toMatch(/does not answer like the Messaging API: .*503/);
  });

  it('--json FILE, --junit FILE and --html FILE write each format where they say, and nothing to REPORTS_DIR but the ledger', async () => {
    const dir = newDir();
    const reportsDir = join(dir, 'reports');
    const files = {
      json: join(dir, 'a', 'run.json'),
      junit: join(dir, 'b', 'run.xml'),
      html: join(dir, 'c', 'run.html'),
    };
    const result = await runCli([
      ...oneCheck,
      '--reports-dir',
      reportsDir,
      '--json',
      files.json,
      '--junit',
      files.junit,
      '--html',
      files.html,
    ]);
    expect(result.code, result.stderr).toBe(0);
    // With a FILE, --json no longer takes stdout: the summary for people is there.
    expect(result.stdout).toMatch(/PASSED Conformance/);
    expect(readJson(files.json).verdict?.outcome).toBe('PASSED');
    expect(readFileSync(files.junit, 'utf8')).toContain('conversations.create.defaults');
    expect(readFileSync(files.html, 'utf8')).toContain('PASSED');
    for (const name of ['conformance.json', 'junit.xml', 'index.html'])
      expect(existsSync(join(reportsDir, name)), name).toBe(false);
    expect(result.stdout).toContain(files.json.slice(-10));
  });

  it('--json alone still prints the report on stdout', async () => {
    const dir = newDir();
    const result = await runCli([...oneCheck, '--reports-dir', dir, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as ConformanceReport).verdict?.outcome).toBe('PASSED');
    expect(readJson(join(dir, 'conformance.json')).verdict?.outcome).toBe('PASSED');
  });
});

/**
 * The reference server behind a front that answers the first `answered` requests and then goes
 * away for good: it stops listening and drops its connections, as a killed server does. Or, with
 * `then: 'refuses'`, it answers every later request 429 with Retry-After: 1, as a gateway does once
 * a client has spent its quota for the day.
 */
async function dyingFront(
  upstream: string,
  answered: number,
  then: 'goes away' | 'refuses' = 'goes away',
): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  let down = false;
  const server: Server = createServer(
    withBody((req, res, body) => {
      seen += 1;
      if (then === 'refuses' && seen > answered) {
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' }).end('quota spent');
        return;
      }
      if (down || seen > answered) {
        if (!down) {
          down = true;
          server.close();
        }
        server.closeAllConnections();
        return;
      }
      // Every header of the answer passed on (Allow on a 405 among them): the front changes nothing but when it goes away.
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      void request(upstream + req.url!, {
        method: req.method as 'GET',
        headers,
        body: body.length > 0 ? body : undefined,
      }).then(
        async (answer) => {
          const text = await answer.body.text();
          const passed = Object.entries(answer.headers).filter(
            ([name]) => !['connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name),
          );
          res.writeHead(answer.statusCode, Object.fromEntries(passed) as Record<string, string>).end(text);
        },
        () => res.destroy(),
      );
    }),
  );
  const url = await listen(server);
  return { url, seen: () => seen };
}

describe('a target that goes away during the run', () => {
  it('stops the run with one sentence and exit 2, ERROR in every report, no failure blamed on the server, and the ledger kept', async () => {
    const dir = newDir();
    await passedRunIn(dir);
    const server = await reference();
    const front = await dyingFront(server.url, 150);
    const result = await runCli(['check', '--only', 'conversations.', '--seed', '7', '--reports-dir', dir], {
      BASE_URL: front.url,
      ACCESS_TOKEN: token,
      SECOND_ACCESS_TOKEN: secondToken,
      ...declared,
    });
    const output = result.stdout + result.stderr;
    expect(result.code, output).toBe(2);
    const lastLine = result.stderr.trim().split('\n').at(-1)!;
    expect(lastLine).toMatch(
      /^msgapi: The target at http:\/\/127\.0\.0\.1:\d+ stopped answering during the run: from [\d:.]+ UTC the checks' requests got no connection \(connection (refused|reset)\), nor did one of the run's own on a fresh connection at [\d:.]+ UTC; it last answered at [\d:.]+ UTC, [\d.]+ s into the run\. The run stopped with \d+ of \d+ checks reported; what failed from then on is not judged\.$/,
    );
    // Not a hundred failures each with its "connection refused".
    expect(output.match(/connection refused|connection reset/g)?.length ?? 0).toBeLessThanOrEqual(2);
    expectErrorEverywhere(dir, /stopped answering during the run/);
    const report = readJson(join(dir, 'conformance.json'));
    const failed = report.checks.filter((check) => check.status === 'failed');
    expect(failed.map((check) => `${check.id}: ${check.message}`)).toEqual([]);
    expect(report.summary.passed).toBeGreaterThan(0);
    // The target never came back: what the run made is named, with the command that removes it later.
    expect(report.ledger_file).not.toBeNull();
    expect(existsSync(report.ledger_file!)).toBe(true);
    for (const leftover of report.leftovers) {
      expect(leftover.reason).toMatch(/did not answer again within 15 s/);
      expect(leftover.cleanup).toMatch(/^msgapi cleanup /);
    }
    expect(output).not.toContain(token);
  });

  it('once a property has started: exit 2, one sentence, the property not judged, and no counterexample', async () => {
    const dir = newDir();
    const server = await reference();
    // Everything declared, so no probe: past reaching the target and the snapshot of what the users
    // hold, the requests are the property's, and the 30th is among its first cases.
    const front = await dyingFront(server.url, 30);
    const result = await runCli(
      ['check', '--only', 'properties.update.matches-retrieve', '--seed', '7', '--reports-dir', dir],
      { BASE_URL: front.url, ACCESS_TOKEN: token, SECOND_ACCESS_TOKEN: secondToken, ...declared },
    );
    const output = result.stdout + result.stderr;
    expect(result.code, output).toBe(2);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^msgapi: The target at \S+ stopped answering during the run: /,
    );
    const report = readJson(join(dir, 'conformance.json'));
    // The premise: the front answered its 30 requests, more than reaching the target and the
    // snapshot take, so the property was under way when the target went.
    expect(front.seen()).toBeGreaterThanOrEqual(30);
    // It is reported not judged, or not at all (still under way when the run stopped): never failed.
    expect(report.checks.length).toBeLessThanOrEqual(1);
    for (const check of report.checks)
      expect([check.id, check.status, check.message?.split(' (')[0]]).toEqual([
        'properties.update.matches-retrieve',
        'skipped',
        'not judged: the target stopped answering while it ran',
      ]);
    const failed = report.checks.filter((check) => check.status === 'failed');
    expect(failed.map((check) => `${check.id}: ${check.message}`)).toEqual([]);
    // A counterexample is never built from unanswered requests.
    expect(output).not.toMatch(/Counterexample/);
    expect(output).not.toContain(token);
  });
});

describe('a target that refuses everything for good', () => {
  it('answering 429 to every request after its 8th, ends the run at the throttle limit: exit 2, one sentence, no failure', async () => {
    const dir = newDir();
    const server = await reference();
    const front = await dyingFront(server.url, 8, 'refuses');
    const result = await runCli(
      ['check', '--only', 'conversations.', '--seed', '7', '--throttle-limit', '3', '--reports-dir', dir],
      { BASE_URL: front.url, ACCESS_TOKEN: token, SECOND_ACCESS_TOKEN: secondToken, ...declared },
    );
    const output = result.stdout + result.stderr;
    expect(result.code, output).toBe(2);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^msgapi: The target at \S+ answered every request with 429 from [\d:.]+ UTC for [\d.]+ s, longer than the run waits on a target that asks it to slow down \(THROTTLE_LIMIT_SECONDS, --throttle-limit\)\. The run stopped with \d+ of \d+ checks reported; what failed from then on is not judged\. A target that limits its rate takes --max-rps N\.$/,
    );
    const report = readJson(join(dir, 'conformance.json'));
    expect(report.verdict?.outcome).toBe('ERROR');
    const failed = report.checks.filter((check) => check.status === 'failed');
    expect(failed.map((check) => `${check.id}: ${check.message}`)).toEqual([]);
    // Once refused, the run sends nothing more, the sweep included: what it made waits in the ledger.
    expect(
      report.leftovers.every((leftover) => /^not deleted: the target refused every request/.test(leftover.reason)),
    ).toBe(true);
    expect(report.leftovers.length, output).toBeGreaterThan(0);
    expect(output).not.toContain(token);
  });
});
