// The package as users get it: `npm pack`, the tarball installed into an empty folder that is not
// the repository, then the commands and the entry for code run from there, compiled ahead of time
// (dist/), with neither tsx nor TypeScript installed. CI only (npm run test:ci): packing builds and
// installing takes minutes; npm test runs its own build of the same code (test/helpers/cli-build.ts).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { inheritedTmpdir } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const newDir = tempDirs('msgapi-package-');

/** Only PATH, the npm cache and the temp folder: nothing of a developer's settings or of the repository. */
const childEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...inheritedTmpdir(),
  NO_COLOR: '1',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
});

function run(command: string, args: readonly string[], cwd: string, timeoutS: number): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, {
    cwd,
    env: childEnv(),
    encoding: 'utf8',
    timeout: timeoutS * 1_000,
    killSignal: 'SIGINT',
  });
  if (result.error) throw result.error;
  return result;
}

const shown = (result: SpawnSyncReturns<string>) =>
  `exit ${result.status}\n${result.stdout}\n${result.stderr}`.slice(-4_000);

describe('the package, packed and installed into an empty folder', () => {
  let tarball = '';
  let app = '';
  let files: string[] = [];

  beforeAll(() => {
    const packed = newDir();
    // npm pack runs prepack: npm run build compiles into dist/.
    const pack = run('npm', ['pack', '--json', '--pack-destination', packed], projectRoot, 240);
    expect(pack.status, shown(pack)).toBe(0);
    const [entry] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    tarball = join(packed, entry!.filename);
    files = entry!.files.map((file) => file.path);
    app = newDir();
    writeFileSync(
      join(app, 'package.json'),
      `${JSON.stringify({ name: 'a-user-project', private: true, type: 'module' }, null, 2)}\n`,
    );
    const install = run('npm', ['install', '--no-save', '--prefer-offline', tarball], app, 300);
    expect(install.status, shown(install)).toBe(0);
  }, 600_000);

  it('ships what users run: the entry point, the compiled harness and what it reads, and the docs; no sources, tests or tooling', () => {
    expect(files).toContain('bin/msgapi.mjs');
    expect(files).toContain('dist/app/cli/main.js');
    expect(files).toContain('dist/app/sdk/index.d.ts');
    expect(files).toContain('dist/suites/requirements.json');
    expect(files).toContain('dist/spec/messaging-api-v1.md');
    expect(files.some((file) => file.startsWith('dist/schemas/') && file.endsWith('.schema.json'))).toBe(true);
    expect(files.some((file) => file.startsWith('dist/suites/') && file.endsWith('.check.js'))).toBe(true);
    // The docs the README links (test/project/doc-links.test.ts checks each link against what ships).
    expect(files).toContain('docs/guides/production-targets.md');
    expect(files).toContain('docs/reference/commands.md');
    const unwanted = files.filter(
      (file) =>
        /^(test|\.ci|tools|lib|reference|harness|suites|conformance|load|reporting|app)\//.test(file) ||
        (file.endsWith('.ts') && !file.endsWith('.d.ts')),
    );
    expect(unwanted).toEqual([]);
    const installed = join(app, 'node_modules');
    expect(existsSync(join(installed, 'msgapi-conformance', 'dist', 'app', 'cli', 'main.js'))).toBe(true);
    // Run-time dependencies only: no TypeScript and no tsx to compile anything at run time.
    expect(readdirSync(installed)).not.toContain('typescript');
    expect(readdirSync(installed)).not.toContain('tsx');
  });

  it('npx msgapi check passes against the embedded server, and --help answers', () => {
    const check = run('npx', ['msgapi', 'check', '--embedded', '--seed', '1'], app, 240);
    expect(check.status, shown(check)).toBe(0);
    expect(check.stdout).toMatch(
      /^PASSED Conformance of http:\/\/127\.0\.0\.1:\d+ \(embedded reference server\), (\d+) of \1 checks/m,
    );
    expect(JSON.parse(readFileSync(join(app, 'reports', 'conformance.json'), 'utf8')).verdict.outcome).toBe('PASSED');
    const help = run('npx', ['msgapi', 'check', '--help'], app, 60);
    expect(help.status, shown(help)).toBe(0);
    expect(help.stdout).toContain('Usage: msgapi check [options]');
  });

  it('npx msgapi openapi writes the document, and a short npx msgapi load measures the embedded server', () => {
    const openapi = run('npx', ['msgapi', 'openapi', '--out', 'openapi.json'], app, 60);
    expect(openapi.status, shown(openapi)).toBe(0);
    expect(JSON.parse(readFileSync(join(app, 'openapi.json'), 'utf8')).openapi).toMatch(/^3\.1\./);
    const load = run(
      'npx',
      [
        'msgapi',
        'load',
        '--embedded',
        '--scenarios',
        'conversations.default',
        '--conversations',
        '30',
        '--groups',
        '3',
        '--duration',
        '1',
        '--warmup',
        '0',
        '--model',
        'closed',
        '--connections',
        '2',
      ],
      app,
      120,
    );
    expect(load.status, shown(load)).toBe(0);
    expect(JSON.parse(readFileSync(join(app, 'reports', 'load.json'), 'utf8')).verdict.outcome).toBe('PASSED');
  });

  it('from code, check() and load() return the verdict and the report the commands write', () => {
    const script = [
      "import { check, load } from 'msgapi-conformance';",
      "const conformance = await check({ args: ['--embedded', '--seed', '2', '--only', 'groups.create.', '--reports-dir', 'from-code'] });",
      "const measured = await load({ args: ['--embedded', '--scenarios', 'groups.', '--conversations', '10', '--groups', '3', '--duration', '1', '--warmup', '0', '--model', 'closed', '--connections', '1', '--reports-dir', 'from-code'] });",
      'console.log(JSON.stringify({ outcome: conformance.verdict.outcome, exitCode: conformance.exitCode, checks: conformance.report.checks.length, load: measured.report.verdict.outcome }));',
    ].join('\n');
    writeFileSync(join(app, 'from-code.mjs'), script);
    const result = run(process.execPath, ['from-code.mjs'], app, 240);
    expect(result.status, shown(result)).toBe(0);
    const printed = JSON.parse(result.stdout.trim().split('\n').at(-1)!);
    expect(printed).toMatchObject({ outcome: 'PASSED', exitCode: 0, load: 'PASSED' });
    expect(printed.checks).toBeGreaterThan(3);
  });
});
