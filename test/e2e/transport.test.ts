// Real networks (issue 26): a gateway that wants a header, an HTTP proxy from the environment, a
// server with a certificate of its own authority, and one that asks for the client's. Each run is
// msgapi check as a user runs it, with a few checks (--only), against the reference server behind
// the front the test starts (test/helpers/front-servers.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import { parseExtraHeader } from '../../lib/core/config/transport-settings.ts';
import { renderCurl } from '../../lib/core/client/curl.ts';
import { startFront, startProxy, tlsFixture, type Front, type Proxy } from '../helpers/front-servers.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const token = 'transport-token';
const gatewayKey = 'gateway-key-4f1c9a';
const few = ['--only', 'groups.create.defaults,groups.retrieve.same-object', '--seed', '3'];
const newDir = tempDirs('msgapi-transport-');
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function api(): Promise<string> {
  const server = await startReferenceServer({ users: [{ token, name: 'first' }] });
  closers.push(() => server.close());
  return server.url;
}

async function front(options: Omit<Parameters<typeof startFront>[0], 'upstream'>): Promise<Front> {
  const started = await startFront({ upstream: await api(), ...options });
  closers.push(() => started.close());
  return started;
}

/** Every file a run wrote into its reports folder, as one text. */
const written = (dir: string) =>
  readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');

describe('a gateway that wants a header', () => {
  it('refuses a run without --header (exit 2, its 403 named); with --header X-Api-Key: $VAR the run passes, and the key is nowhere in what it printed or wrote', async () => {
    const gateway = await front({ requireHeader: { name: 'X-Api-Key', value: gatewayKey } });
    const env = { BASE_URL: gateway.url, ACCESS_TOKEN: token, GATEWAY_KEY: gatewayKey };

    const without = await runCli(['check', ...few], { ...env, REPORTS_DIR: newDir() });
    expect(without.code, without.stderr).toBe(2);
    expect(without.stderr).toContain('403');
    expect(without.stderr).toContain('--header');
    expect(gateway.passed).toBe(0);

    const reports = newDir();
    const run = await runCli(['check', ...few, '--header', 'X-Api-Key: $GATEWAY_KEY'], {
      ...env,
      REPORTS_DIR: reports,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(gateway.passed).toBeGreaterThan(2);
    expect(`${run.stdout}${run.stderr}${written(reports)}`).not.toContain(gatewayKey);
  });

  it('takes the same header from EXTRA_HEADERS, one a line', async () => {
    const gateway = await front({ requireHeader: { name: 'X-Api-Key', value: gatewayKey } });
    const run = await runCli(['check', ...few], {
      BASE_URL: gateway.url,
      ACCESS_TOKEN: token,
      GATEWAY_KEY: gatewayKey,
      EXTRA_HEADERS: 'X-Tenant: acme\nX-Api-Key: $GATEWAY_KEY',
      REPORTS_DIR: newDir(),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(gateway.refused).toBe(0);
  });
});

describe('an HTTP proxy from the environment', () => {
  it('carries the run: HTTP_PROXY names it, and the proxy opened the tunnels to the server', async () => {
    const url = await api();
    const proxy: Proxy = await startProxy();
    closers.push(() => proxy.close());
    const run = await runCli(['check', ...few], {
      BASE_URL: url,
      ACCESS_TOKEN: token,
      HTTP_PROXY: proxy.url,
      REPORTS_DIR: newDir(),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    expect(new Set(proxy.tunnels)).toEqual(new Set([new URL(url).host]));
  });

  it('is passed by for a host NO_PROXY names', async () => {
    const url = await api();
    const proxy: Proxy = await startProxy();
    closers.push(() => proxy.close());
    const run = await runCli(['check', ...few], {
      BASE_URL: url,
      ACCESS_TOKEN: token,
      HTTP_PROXY: proxy.url,
      NO_PROXY: '127.0.0.1',
      REPORTS_DIR: newDir(),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proxy.tunnels).toEqual([]);
  });
});

describe('a server with a certificate of its own authority', () => {
  it('is refused without --ca (exit 2, one sentence naming the certificate), and passes with --ca', async () => {
    const server = await front({ https: true });
    const env = { BASE_URL: server.url, ACCESS_TOKEN: token };
    const without = await runCli(['check', ...few], { ...env, REPORTS_DIR: newDir() });
    expect(without.code, without.stderr).toBe(2);
    expect(without.stderr).toContain('CA_FILE (--ca)');
    const run = await runCli(['check', ...few, '--ca', tlsFixture('ca.pem')], { ...env, REPORTS_DIR: newDir() });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(server.passed).toBeGreaterThan(2);
  });

  it('passes with --insecure, which says in one warning line that nothing was verified', async () => {
    const server = await front({ https: true });
    const run = await runCli(['check', ...few, '--insecure'], {
      BASE_URL: server.url,
      ACCESS_TOKEN: token,
      REPORTS_DIR: newDir(),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(
      run.stderr.split('\n').filter((line) => line.includes('warning') && line.includes('not verified')),
    ).toHaveLength(1);
  });

  it('that asks for a client certificate: refused without one (exit 2), passes with --cert and --key', async () => {
    const server = await front({ https: true, requireClientCertificate: true });
    const env = { BASE_URL: server.url, ACCESS_TOKEN: token, CA_FILE: tlsFixture('ca.pem') };
    const without = await runCli(['check', ...few], { ...env, REPORTS_DIR: newDir() });
    expect(without.code, without.stderr).toBe(2);
    expect(without.stderr).toContain('CLIENT_CERT_FILE and CLIENT_KEY_FILE (--cert, --key)');
    expect(server.passed).toBe(0);
    const run = await runCli(
      ['check', ...few, '--cert', tlsFixture('client.pem'), '--key', tlsFixture('client-key.pem')],
      { ...env, REPORTS_DIR: newDir() },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(server.passed).toBeGreaterThan(2);
  });
});

describe('a token from ACCESS_TOKEN_COMMAND', () => {
  /** A command that prints a new token each time it runs (short-1, short-2, ...), counting its runs in a file. */
  function tokenCommand(dir: string, exitCode = 0): string {
    const script = join(dir, 'issue-token.mjs');
    writeFileSync(
      script,
      `import { existsSync, readFileSync, writeFileSync } from 'node:fs';
const file = ${JSON.stringify(join(dir, 'issued'))};
const issued = (existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0) + 1;
writeFileSync(file, String(issued));
if (${exitCode} !== 0) { console.log('short-oops'); process.exit(${exitCode}); }
console.log('short-' + issued);
`,
    );
    return `${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`;
  }

  it('is run at the start and again whenever the token expires: the run passes, and no token it printed is shown', async () => {
    const server = await front({ expiringTokens: { prefix: 'short-', uses: 4, upstreamToken: token } });
    const dir = newDir();
    const reports = newDir();
    const run = await runCli(
      ['check', ...few, '--only', 'groups.create.defaults,groups.retrieve.same-object,groups.create.echoes-fields'],
      { BASE_URL: server.url, ACCESS_TOKEN_COMMAND: tokenCommand(dir), REPORTS_DIR: reports },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const issued = Number(readFileSync(join(dir, 'issued'), 'utf8'));
    // Each token served four requests: the run's requests took several of them.
    expect(issued).toBeGreaterThan(2);
    expect(server.refused).toBeGreaterThan(0);
    expect(`${run.stdout}${run.stderr}${written(reports)}`).not.toMatch(/short-\d/);
  });

  it('that fails stops the run with one sentence (exit 2), never showing what it printed', async () => {
    const server = await front({ expiringTokens: { prefix: 'short-', uses: 4, upstreamToken: token } });
    const run = await runCli(['check', ...few], {
      BASE_URL: server.url,
      ACCESS_TOKEN_COMMAND: tokenCommand(newDir(), 3),
      REPORTS_DIR: newDir(),
    });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('ACCESS_TOKEN_COMMAND failed (exit code 3); run it yourself to see why.');
    expect(run.stderr).not.toContain('short-oops');
  });
});

describe('transport settings that cannot work', () => {
  it.each([
    [['--cert', 'test/fixtures/tls/client.pem'], 'without CLIENT_KEY_FILE'],
    [['--ca', 'no-such-file.pem'], 'is not a file'],
    [['--header', 'Authorization: Bearer x'], 'which the suite sends itself'],
    [['--header', 'X-Api-Key $KEY'], 'takes NAME:VALUE'],
    [['--header', 'X-Api-Key: $NOT_SET_ANYWHERE'], '$NOT_SET_ANYWHERE, which is not set'],
    [['--access-token-command', 'echo x'], 'ACCESS_TOKEN and ACCESS_TOKEN_COMMAND are both given'],
  ])('%j: exit 2 with one sentence', async (args, sentence) => {
    const run = await runCli(
      ['check', ...args],
      { BASE_URL: 'http://127.0.0.1:9', ACCESS_TOKEN: token, REPORTS_DIR: newDir() },
      new URL('../..', import.meta.url).pathname,
    );
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(sentence);
  });

  it('msgapi load --generator autocannon refuses --ca in one sentence: autocannon never verifies a certificate', async () => {
    const run = await runCli(['load', '--generator', 'autocannon', '--ca', tlsFixture('ca.pem')], {
      REPORTS_DIR: newDir(),
    });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("--generator autocannon never verifies the target's certificate");
  });
});

describe('a header from the environment', () => {
  it('is read from $VAR, shown as $VAR, and a curl reproduction expands the variable', () => {
    const parsed = parseExtraHeader('X-Api-Key: $GATEWAY_KEY', 'EXTRA_HEADERS', { GATEWAY_KEY: gatewayKey });
    expect(parsed).toEqual({
      ok: true,
      value: { name: 'X-Api-Key', value: gatewayKey, shown: '$GATEWAY_KEY', secretName: 'GATEWAY_KEY' },
    });
    const curl = renderCurl({
      operation: 'listGroups',
      method: 'GET',
      url: 'https://api.example.com/v1/groups',
      requestHeaders: { 'x-api-key': '$GATEWAY_KEY' },
      transportFlags: ['--cacert', '/ca.pem'],
      durationMs: 1,
    });
    expect(curl).toBe(
      `curl -sS -i '--cacert' '/ca.pem' -X GET 'https://api.example.com/v1/groups' -H "x-api-key: $GATEWAY_KEY"`,
    );
  });
});
