// msgapi check --har FILE (issue 26, part 6): every exchange of the run as a HAR 1.2 log, which
// validates against the format's schema (test/fixtures/har/har-1.2.schema.json, written from the
// spec), holds as many entries as conformance.json counts requests, names the check or step that
// sent each, and holds no secret: the token ACCESS_TOKEN_COMMAND printed, the second user's, and a
// --header value given as $VAR, even where the server echoes them back in its response headers.
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import { launchChromium, skipBrowserTests } from '../helpers/browser.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { listenLocally, withBody } from '../helpers/test-server.ts';

const token = 'har-command-token-9d2e41';
const secondToken = 'har-second-token-77b0c3';
const apiKey = 'har-gateway-key-5a19f0';
const checks = ['groups.create.defaults', 'groups.retrieve.same-object', 'isolation.list.other-user'];
const newDir = tempDirs('msgapi-records-');
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const schema = JSON.parse(readFileSync(new URL('../fixtures/har/har-1.2.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

interface Har {
  log: {
    version: string;
    creator: { name: string; version: string };
    entries: Array<{
      request: { method: string; url: string; headers: Array<{ name: string; value: string }> };
      response: { status: number; headers: Array<{ name: string; value: string }> };
      startedDateTime: string;
      _check?: string;
      _step?: string;
      _error?: string;
    }>;
  };
}

const readHar = (file: string): Har => JSON.parse(readFileSync(file, 'utf8')) as Har;

/** The reference server behind a front that echoes the request's Authorization and X-Api-Key in response headers, as a careless gateway might. */
async function echoingTarget(): Promise<string> {
  const server = await startReferenceServer({
    users: [
      { token, name: 'first' },
      { token: secondToken, name: 'second' },
    ],
  });
  closers.push(() => server.close());
  const front = await listenLocally(
    withBody(async (req, res, body) => {
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      const answer = await request(server.url + req.url!, {
        method: req.method as 'GET',
        headers,
        body: body.length > 0 ? body : undefined,
      });
      const text = await answer.body.text();
      res
        .writeHead(answer.statusCode, {
          'content-type': String(answer.headers['content-type'] ?? 'application/json'),
          'x-seen-authorization': req.headers.authorization ?? '',
          'x-seen-key': String(req.headers['x-api-key'] ?? ''),
        })
        .end(text);
    }),
  );
  closers.push(() => front.close());
  return front.url;
}

describe('msgapi check --har', () => {
  it('writes every exchange of the run as HAR 1.2: valid, one entry per request the report counts, each naming its check or step, no secret anywhere', async () => {
    const url = await echoingTarget();
    const reports = newDir();
    const har = join(newDir(), 'records', 'run.har');
    const run = await runCli(
      ['check', '--only', checks.join(','), '--seed', '5', '--header', 'X-Api-Key: $GATEWAY_KEY', '--har', har],
      {
        BASE_URL: url,
        ACCESS_TOKEN_COMMAND: `printf %s ${token}`,
        SECOND_ACCESS_TOKEN: secondToken,
        GATEWAY_KEY: apiKey,
        REPORTS_DIR: reports,
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('run.har');

    const text = readFileSync(har, 'utf8');
    const parsed = readHar(har);
    expect(validate(parsed), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(parsed.log.version).toBe('1.2');
    expect(parsed.log.creator.name).toBe('msgapi');

    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as { requests: number };
    expect(report.requests).toBeGreaterThan(checks.length);
    expect(parsed.log.entries).toHaveLength(report.requests);

    // Every check of the run sent some of them, under its id; the rest are the run's own steps.
    const sources = new Set(parsed.log.entries.map((entry) => entry._check ?? `step ${entry._step}`));
    expect([...sources].sort()).toEqual([...checks, 'step probe', 'step reach', 'step snapshot', 'step sweep'].sort());
    // Oldest first, as the format prefers.
    const starts = parsed.log.entries.map((entry) => entry.startedDateTime);
    expect(starts).toEqual([...starts].sort());

    for (const secret of [token, secondToken, apiKey]) expect(text).not.toContain(secret);
    const headerValues = (name: string, where: 'request' | 'response') =>
      new Set(
        parsed.log.entries.flatMap((entry) => entry[where].headers.filter((h) => h.name === name).map((h) => h.value)),
      );
    expect(headerValues('authorization', 'request')).toEqual(
      new Set(['Bearer $ACCESS_TOKEN', 'Bearer $SECOND_ACCESS_TOKEN']),
    );
    expect(headerValues('x-api-key', 'request')).toEqual(new Set(['$GATEWAY_KEY']));
    // What the server echoed back is redacted too.
    expect(headerValues('x-seen-authorization', 'response')).toEqual(
      new Set(['Bearer $ACCESS_TOKEN', 'Bearer $SECOND_ACCESS_TOKEN']),
    );
    expect(headerValues('x-seen-key', 'response')).toEqual(new Set(['$GATEWAY_KEY']));
    // Nothing of the parts it was gathered from is left in the temp folder.
    expect(readdirSync(process.env.TMPDIR ?? '/tmp').filter((name) => name.startsWith('msgapi-har-'))).toEqual([]);
  });

  it('from HAR_FILE, a run stopped because the target never answered leaves the record of its attempts', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: taken } = server.address() as AddressInfo;
        server.close(() => resolve(taken));
      });
    });
    const har = join(newDir(), 'unreachable.har');
    const run = await runCli(['check', '--only', checks[0]!], {
      BASE_URL: `http://127.0.0.1:${port}`,
      ACCESS_TOKEN: token,
      HAR_FILE: har,
      REPORTS_DIR: newDir(),
    });
    expect(run.code, run.stdout + run.stderr).toBe(2);
    const parsed = readHar(har);
    expect(validate(parsed), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(parsed.log.entries.length).toBeGreaterThan(0);
    for (const entry of parsed.log.entries) {
      expect(entry._step).toBe('reach');
      expect(entry.response.status).toBe(0);
      expect(entry._error).toBe('connection refused');
    }
    expect(readFileSync(har, 'utf8')).not.toContain(token);
  });

  it('refuses a folder in one sentence (exit 2), before any request', async () => {
    const dir = newDir();
    const run = await runCli(['check', '--embedded', '--har', dir], { REPORTS_DIR: newDir() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${dir} is a folder; name the file to write, as in --har reports/run.har.`);
  });
});

describe.skipIf(skipBrowserTests)('a HAR opened in chromium', () => {
  it('serves the recorded answers: once the run and its embedded server are gone, chromium routed from the HAR gets the answer its run got to a GET', async () => {
    const har = join(newDir(), 'embedded.har');
    const run = await runCli(
      ['check', '--embedded', '--only', 'groups.retrieve.same-object', '--seed', '5', '--har', har],
      {
        REPORTS_DIR: newDir(),
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const retrieve = readHar(har).log.entries.find(
      (entry) =>
        entry._check === 'groups.retrieve.same-object' &&
        entry.request.method === 'GET' &&
        entry.response.status === 200,
    );
    expect(retrieve, 'a GET of the check answered 200 in the HAR').toBeDefined();
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      // Playwright's HAR router: anything the HAR does not hold is aborted, never sent to the network.
      await context.routeFromHAR(har, { notFound: 'abort' });
      const page = await context.newPage();
      const answer = await page.goto(retrieve!.request.url);
      expect(answer?.status()).toBe(200);
      expect(await answer?.text()).toBe(
        (retrieve as unknown as { response: { content: { text: string } } }).response.content.text,
      );
    } finally {
      await browser.close();
    }
  });
});

describe('msgapi load --har', () => {
  it('is refused in one sentence (exit 2): the generators send far more than a HAR can hold', async () => {
    const run = await runCli(['load', '--embedded', '--har', 'load.har'], { REPORTS_DIR: newDir() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'msgapi load does not write a HAR (--har): its generators send thousands of requests a second on connections of their own; record a conformance run with msgapi check --har instead.',
    );
  });
});
