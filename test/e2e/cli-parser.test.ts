// The command line (issue 17, observations 8 and 9): argv read by commander through the option
// tables, every bad input one sentence and exit 2 (a near miss suggested), `help <command>`, a
// settings file Node does not intercept, --list, --exclude and --bail, the progress line, colour,
// GitHub Actions annotations and step summary, a fast --help, and npm test's own files kept out of
// the user's reports/.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import { optionTables, type CommandName } from '../../app/cli/options/index.ts';
import { loadRegistry } from '../../conformance/registry.ts';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { colourEnabled } from '../../reporting/colour.ts';
import {
  githubAnnotations,
  reportToGithub,
  stepSummaryMarkdown,
  workspaceFile,
} from '../../reporting/github-actions.ts';
import { ProgressReporter } from '../../reporting/progress-reporter.ts';
import { startCaptureServer } from '../helpers/capture-server.ts';
import { startMutatingProxy } from '../helpers/mutating-proxy.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { runCli } from '../helpers/run-cli.ts';

const tempDir = tempDirs('msgapi-cli-');

const oneSentence = async (argv: string[], env: Record<string, string> = {}) => {
  const result = await runCli(argv, env, tempDir());
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  return result.stderr;
};

describe('bad input: one sentence, exit 2, with a suggestion when one is close', () => {
  it('an unknown command, a misspelt flag and a selector without its dot are suggested', async () => {
    expect(await oneSentence(['chek'])).toBe(
      'msgapi: unknown command "chek" (did you mean msgapi check?); run msgapi --help.\n',
    );
    expect(await oneSentence(['help', 'lod'])).toBe(
      'msgapi: unknown command "lod" (did you mean msgapi load?); run msgapi --help.\n',
    );
    expect(await oneSentence(['check', '--strcit'])).toBe(
      'msgapi: --strcit is not an option of msgapi check (did you mean --strict?); see msgapi check --help.\n',
    );
    expect(await oneSentence(['check', '--list', '--only', 'conversations.create'])).toMatch(
      /^msgapi: --only names conversations\.create, which is no check id[^\n]*; did you mean conversations\.create\.\?\n$/,
    );
    expect(await oneSentence(['check', '--list', '--exclude', 'convrsations'])).toMatch(
      /^msgapi: --exclude names convrsations, [^\n]*; did you mean conversations\?\n$/,
    );
  });

  it('check --seed without a value says what value it needs', async () => {
    expect(await oneSentence(['check', '--seed'])).toBe('msgapi: --seed needs a value (N); see msgapi check --help.\n');
  });

  it('a value after = is never echoed, not even of an unknown flag', async () => {
    const sentence = await oneSentence(['check', '--access-tokn=secret-token-value-123']);
    expect(sentence).not.toContain('secret-token-value-123');
    expect(sentence).toContain('--access-tokn is not an option of msgapi check (did you mean --access-token?)');
  });

  it('--reports-dir naming a file is refused before any request', async () => {
    const server = await startCaptureServer(() => ({ status: 200, body: '{"data":[]}' }));
    try {
      const dir = tempDir();
      writeFileSync(join(dir, 'not-a-folder'), '');
      const sentence = await oneSentence(
        ['check', '--base-url', server.url, '--reports-dir', join(dir, 'not-a-folder')],
        { ACCESS_TOKEN: 'a-token-of-the-first-user' },
      );
      expect(sentence).toMatch(
        /^msgapi: REPORTS_DIR .*not-a-folder is a file, not a folder; name a folder for the reports/,
      );
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('--settings-file names the settings file; a missing one is one sentence (Node intercepts --env-file, see settings.ts)', async () => {
    expect(await oneSentence(['check', '--settings-file', 'missing.env'])).toMatch(
      /^msgapi: The settings file .*missing\.env does not exist\.\n$/,
    );
    const dir = tempDir();
    writeFileSync(join(dir, 'ci.env'), 'REPORT_DIR=x\n');
    for (const flag of ['--settings-file', '--env-file']) {
      const result = await runCli(['check', flag, 'ci.env'], {}, dir);
      expect(result.stderr, flag).toBe(
        'msgapi: ci.env line 1: REPORT_DIR is not a setting; did you mean REPORTS_DIR?\n',
      );
      expect(result.code).toBe(2);
    }
  });
});

describe('help', () => {
  it('msgapi help <command> is msgapi <command> --help', async () => {
    for (const argv of [['check'], ['load', 'merge']]) {
      const [viaHelp, viaFlag] = await Promise.all([runCli(['help', ...argv]), runCli([...argv, '--help'])]);
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
      expect(viaHelp.stdout).toMatch(new RegExp(`^Usage: msgapi ${argv.join(' ')} `));
    }
  });

  it.each(Object.keys(optionTables) as CommandName[])(
    'every option of msgapi %s --help says its default',
    async (command) => {
      const result = await runCli([...command.split(' '), '--help']);
      const options = result.stdout.split('\nOptions:\n')[1]!.split('\n\nExit codes')[0]!;
      const entries = options.split(/\n(?= {2}-)/).filter((entry) => !/^ {2}-h, --help/.test(entry));
      expect(entries.length).toBe(Object.keys(optionTables[command]).length - 1);
      for (const entry of entries) expect(entry.replace(/\s+/g, ' '), entry).toMatch(/default: .+\)$/);
    },
  );

  it('msgapi --help and msgapi check --help answer with their usage and exit 0', async () => {
    // How fast (the commands are imported lazily, so --help loads none of the harness) is measured,
    // not asserted: `time node bin/msgapi.mjs check --help` (README); a busy machine would fail a bound.
    for (const argv of [['--help'], ['check', '--help']]) {
      const result = await runCli(argv);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.stdout, argv.join(' ')).toMatch(/^Usage: msgapi /m);
    }
  });
});

describe('msgapi check --list and --exclude', () => {
  it('--list prints the selected checks (id, level, title) and sends nothing, even in CI without a target', async () => {
    const registry = await loadRegistry();
    const result = await runCli(['check', '--list', '--only', 'groups.', '--exclude', 'groups.delete.'], {
      CI: 'true',
    });
    expect(result.code, result.stderr).toBe(0);
    const expected = registry.checks.filter(
      (check) => check.id.startsWith('groups.') && !check.id.startsWith('groups.delete.'),
    );
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(expected.map((check) => check.id));
    expect(lines[0]).toMatch(
      new RegExp(
        `^${expected[0]!.id.replaceAll('.', '\\.')}\\s+${expected[0]!.level}\\s+${expected[0]!.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
    expect(result.stderr).toBe(`${expected.length} of ${registry.checks.length} checks selected.\n`);
  });
});

describe('against a server that breaks §2.1 (new conversations come back pinned)', () => {
  const token = 'first-user-token-for-cli-tests';

  async function brokenServer() {
    const upstream = await startReferenceServer({ users: [{ token, name: 'a' }] });
    const proxy = await startMutatingProxy(upstream.url, (method, path, body) =>
      method === 'POST' && path === '/v1/conversations' ? { ...(body as object), is_pinned: true } : body,
    );
    return {
      url: proxy.url,
      close: async () => {
        await proxy.close();
        await upstream.close();
      },
    };
  }

  it('--bail stops at the first gating failure: FAILED, and the scope says it stopped', async () => {
    const server = await brokenServer();
    try {
      const dir = tempDir();
      // One check at a time: the first gating failure stops the run in its own worker before the
      // next check could take the place (register-checks.ts), so that some check is sure not to have
      // started, whatever the machine's speed (side by side, a fast server lets all 66 start first).
      const result = await runCli(['check', '--bail', '--only', 'conversations.', '--seed', '3', '--workers', '1'], {
        BASE_URL: server.url,
        ACCESS_TOKEN: token,
        REPORTS_DIR: dir,
      });
      expect(result.code, result.stderr).toBe(1);
      const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
      expect(report.verdict!.outcome).toBe('FAILED');
      expect(report.verdict!.scope.description).toMatch(/stopped at the first gating failure \(--bail\) after \d+$/);
      expect(report.verdict!.reasons.join('\n')).toMatch(
        /stopped at the first gating failure \(--bail\): \d+ of the \d+ selected checks ran/,
      );
      expect(new Set(report.checks.map((check) => check.id)).size).toBeLessThan(report.verdict!.scope.selected);
      expect(result.stdout).toContain('stopped at the first gating failure');
    } finally {
      await server.close();
    }
  });

  it('in GitHub Actions: one ::error annotation per gating failure, and the verdict appended to $GITHUB_STEP_SUMMARY', async () => {
    const server = await brokenServer();
    try {
      const dir = tempDir();
      const summary = join(dir, 'step-summary.md');
      writeFileSync(summary, '# earlier step\n');
      const result = await runCli(
        ['check', '--only', 'conversations.create.', '--seed', '3', '--reports-dir', join(dir, 'reports')],
        {
          BASE_URL: server.url,
          ACCESS_TOKEN: token,
          GITHUB_ACTIONS: 'true',
          GITHUB_STEP_SUMMARY: summary,
          // The user's repository: msgapi's own suite files are not in it, so no annotation names one.
          GITHUB_WORKSPACE: dir,
        },
      );
      expect(result.code, result.stderr).toBe(1);
      const annotations = result.stdout.split('\n').filter((line) => line.startsWith('::error '));
      expect(
        annotations.some((line) => line.startsWith('::error title=conversations.create.defaults failed [spec]::')),
      ).toBe(true);
      expect(annotations.filter((line) => line.includes('file='))).toEqual([]);
      expect(annotations.find((line) => line.includes('conversations.create.defaults'))).toMatch(
        /Expected: is_pinned[^\n]*%0AReceived: is_pinned true/,
      );
      const written = readFileSync(summary, 'utf8');
      expect(written.startsWith('# earlier step\n## msgapi check: FAILED\n')).toBe(true);
      expect(written).toContain('| `conversations.create.defaults` | spec | failed |');
      expect(`${result.stdout}${written}`).not.toContain(token);
    } finally {
      await server.close();
    }
  });

  it('outside GitHub Actions, no annotation', async () => {
    const server = await brokenServer();
    try {
      const result = await runCli(
        ['check', '--only', 'conversations.create.defaults', '--reports-dir', join(tempDir(), 'r')],
        { BASE_URL: server.url, ACCESS_TOKEN: token },
      );
      expect(result.code).toBe(1);
      expect(result.stdout).not.toContain('::error');
    } finally {
      await server.close();
    }
  });
});

describe('annotations and summary, from a report', () => {
  const check = (id: string, status: 'failed' | 'passed', gating: boolean) => ({
    id,
    title: `${id} title`,
    spec: ['§2.1'],
    level: 'spec' as const,
    status,
    gating,
    message: status === 'failed' ? 'Expected: a, 100%\nReceived: b' : null,
    reproduction: null,
    requests: 1,
    duration_ms: 1,
  });
  const report = {
    seed: 9,
    checks: [check('a.b.c', 'failed', true), check('a.b.d', 'failed', false), check('a.b.e', 'passed', true)],
  } as unknown as ConformanceReport;

  it('escapes the message and properties as workflow commands need, and skips what does not gate', () => {
    expect(githubAnnotations(report, () => 'suites/a/b,c.check.ts')).toEqual([
      '::error file=suites/a/b%2Cc.check.ts,title=a.b.c failed [spec]::a.b.c title%0AExpected: a, 100%25%0AReceived: b',
    ]);
  });

  it("names a check's file only when it is the user's own, in the workspace: never one of an installed msgapi", () => {
    const workspace = '/home/runner/work/server/server';
    expect(workspaceFile(`${workspace}/conformance/suites/a.check.ts`, workspace)).toBe(
      'conformance/suites/a.check.ts',
    );
    expect(
      workspaceFile(`${workspace}/node_modules/msgapi-conformance/dist/suites/a.check.js`, workspace),
    ).toBeUndefined();
    expect(workspaceFile('/opt/hostedtoolcache/msgapi/dist/suites/a.check.js', workspace)).toBeUndefined();
    expect(workspaceFile(`${workspace}/a.check.ts`, undefined)).toBeUndefined();
    const lines: string[] = [];
    reportToGithub(
      report,
      () => `${workspace}/node_modules/msgapi-conformance/dist/suites/a/b.check.js`,
      (line) => lines.push(line),
      {
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: workspace,
      },
    );
    expect(lines).toEqual(['::error title=a.b.c failed [spec]::a.b.c title%0AExpected: a, 100%25%0AReceived: b']);
  });

  it('the step summary has the verdict and a row per failing gating check', () => {
    const markdown = stepSummaryMarkdown({
      ...report,
      verdict: {
        outcome: 'FAILED',
        passed: false,
        scope: { kind: 'full', selected: 3, total: 3, options: [], description: '3 of 3 checks' },
        reasons: ['1 gating check failed: a.b.c'],
        notices: [],
      },
    });
    expect(markdown).toContain('## msgapi check: FAILED');
    expect(markdown).toContain('| `a.b.c` | spec | failed | Expected: a, 100%<br>Received: b |');
    expect(markdown).not.toContain('a.b.d');
  });
});

describe('progress and colour', () => {
  const testCase = (state: 'passed' | 'failed') =>
    ({ meta: () => ({ check: {} }), result: () => ({ state }) }) as never;

  it('in a log: a line at each tenth of the run (or every 10 s), with done/total and the time left, never one per check', () => {
    const lines: string[] = [];
    let now = 0;
    const reporter = new ProgressReporter({ isTTY: false, write: (text: string) => lines.push(text) > 0 } as never, {
      total: 100,
      now: () => now,
    });
    for (let done = 1; done <= 100; done++) {
      now += 50;
      reporter.onTestCaseResult(testCase(done === 7 ? 'failed' : 'passed'));
    }
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('Checks: 10/100 done — 9 passed, 1 failed (0.5 s, about 5 s left)\n');
    expect(lines[9]).toBe('Checks: 100/100 done — 99 passed, 1 failed (5.0 s)\n');
    // A slow run still says something every 10 s.
    const slow: string[] = [];
    let clock = 0;
    const patient = new ProgressReporter({ isTTY: false, write: (text: string) => slow.push(text) > 0 } as never, {
      total: 1000,
      now: () => clock,
      label: 'Matrix',
    });
    clock = 11_000;
    patient.onTestCaseResult(testCase('passed'));
    expect(slow).toEqual(['Matrix: 1/1000 done — 1 passed (11.0 s, about 183 min 9 s left)\n']);
  });

  it('at a terminal: one line redrawn in place', () => {
    const written: string[] = [];
    const reporter = new ProgressReporter({ isTTY: true, write: (text: string) => written.push(text) > 0 } as never, {
      total: 2,
      now: () => 0,
    });
    reporter.onTestCaseResult(testCase('passed'));
    expect(written).toHaveLength(1);
    expect(written[0]!.startsWith('\r\x1b[2KChecks: 1/2 done')).toBe(true);
  });

  it('at a terminal: the line is cleared when the run ends, so the summary is not printed below a stale one', () => {
    const written: string[] = [];
    const reporter = new ProgressReporter({ isTTY: true, write: (text: string) => written.push(text) > 0 } as never, {
      total: 2,
      now: () => 0,
    });
    reporter.onTestCaseResult(testCase('passed'));
    reporter.onTestCaseResult(testCase('passed'));
    reporter.onTestRunEnd();
    // What a terminal shows: the text after the last carriage return, and every line ended before it.
    const screen = written.join('');
    expect(screen).not.toContain('\n');
    expect(screen.slice(screen.lastIndexOf('\r'))).toBe('\r\x1b[2K');
  });

  it('colour: FORCE_COLOR forces it into a pipe, NO_COLOR always wins, a terminal has it by default', () => {
    expect(colourEnabled({ isTTY: false }, {})).toBe(false);
    expect(colourEnabled({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colourEnabled({ isTTY: false }, { FORCE_COLOR: '0' })).toBe(false);
    expect(colourEnabled({ isTTY: true }, {})).toBe(true);
    expect(colourEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled({ isTTY: false }, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false);
  });
});

describe("npm test keeps out of the user's reports/", () => {
  it('vitest and .ci/run use .test-output/ (gitignored) for the JSON results, and no test names reports/ as its output', () => {
    const root = new URL('../../', import.meta.url);
    expect(readFileSync(new URL('vitest.config.ts', root), 'utf8')).toContain(
      "outputFile: { json: '.test-output/project-tests.json' }",
    );
    expect(readFileSync(new URL('package.json', root), 'utf8')).toContain(
      '--outputFile.json=.test-output/ci-tests.json',
    );
    expect(readFileSync(new URL('.ci/run', root), 'utf8')).toContain(
      '".test-output/project-tests.json", ".test-output/ci-tests.json"',
    );
    expect(readFileSync(new URL('.gitignore', root), 'utf8')).toMatch(/^\.test-output\/$/m);
    for (const file of [
      'unit/reporting/index-html',
      'unit/reporting/load-html',
      'e2e/load',
      'e2e/matrix',
      'ci/full-matrix',
    ]) {
      const text = readFileSync(new URL(`test/${file}.test.ts`, root), 'utf8');
      expect(text, file).not.toMatch(/['"`](?:\.\.\/)?reports\/(?:index|load-run|load-report|matrix|sensitivity)/);
      expect(text, file).toContain('testOutput');
    }
  });
});
