// One option table per command, read by one parser: --help is generated from the table, a flag that
// is not the command's own is refused in one sentence, bad values are one sentence and exit 2,
// .env.example and the exit-code table of docs/reference/commands.md are generated, the README's
// short table names every exit code, and no secret is ever printed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCode, exitCodesHelp, renderExitCodeTable } from '../../app/cli/exit-codes.ts';
import { optionTables, parseCommand, type CommandName } from '../../app/cli/options/index.ts';
import { renderEnvExample } from '../../tools/docs/env-example.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const commands = Object.keys(optionTables) as CommandName[];
const argvOf = (command: CommandName) => command.split(' ');
const emptyDir = tempDirs('msgapi-options-');
/** Help text with its wrapping undone, so that a phrase split over two lines is found. */
const unwrapped = (text: string) => text.replace(/\s+/g, ' ');

describe('each command --help', () => {
  it.each(commands)(
    "msgapi %s --help lists exactly its table's flags, with defaults and exit codes",
    async (command) => {
      const result = await runCli([...argvOf(command), '--help'], {}, emptyDir());
      expect(result.code, result.stderr).toBe(0);
      const table = Object.values(optionTables[command]);
      const listed = [...result.stdout.matchAll(/^ {2}(?:-\w, )?--([a-z][a-z-]*)/gm)].map((match) => match[1]);
      expect(listed.sort()).toEqual(table.map((option) => option.flag).sort());
      const text = unwrapped(result.stdout);
      for (const option of table) {
        if (option.defaultText !== undefined) expect(text, option.flag).toContain(`default: ${option.defaultText}`);
        if (option.env !== undefined) expect(text, option.flag).toContain(option.env);
      }
      expect(text).toContain(unwrapped(exitCodesHelp(command)));
    },
  );
});

describe('refusals', () => {
  it('msgapi load merge --strict is refused, naming the commands it belongs to', async () => {
    const result = await runCli(['load', 'merge', '--strict'], {}, emptyDir());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'msgapi: --strict is not an option of msgapi load merge (it belongs to msgapi check and msgapi load); see msgapi load merge --help.\n',
    );
  });

  it.each([['check'], ['load'], ['serve'], ['load merge'], ['openapi']] as Array<[CommandName]>)(
    'msgapi %s refuses a flag of no command',
    async (command) => {
      const result = await runCli([...argvOf(command), '--bogus'], {}, emptyDir());
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `msgapi: --bogus is not an option of msgapi ${command}; see msgapi ${command} --help.\n`,
      );
    },
  );

  it.each([
    [
      ['load', '--duration', 'soon'],
      'msgapi: --duration soon must be a duration from 0.5 s to 24h: seconds, or a number with s, m or h (90, 90s, 15m, 2h).\n',
    ],
    [['load', '--model', 'half'], 'msgapi: --model half must be closed, open or both.\n'],
    [
      ['load', '--scenarios', 'nothing'],
      /^msgapi: --scenarios names nothing, which is no scenario; the scenarios are [^\n]+\.\n$/,
    ],
    [
      ['load', '--threshold', 'groups.default:p99<50'],
      /^msgapi: --threshold 'groups.default:p99<50': [^\n]*needs a unit[^\n]*\n$/,
    ],
    [['load', '--ab', 'ftp://x'], 'msgapi: --ab ftp://x is not an http or https URL.\n'],
    [
      ['load', 'merge', 'a.json', 'b.json', '--as', 'sideways'],
      'msgapi: --as sideways must be concurrent (generators at the same time) or repeated (one run after another).\n',
    ],
    [['check', '--repeat', '0'], 'msgapi: --repeat 0 must be a whole number from 1 to 100.\n'],
    [['check', '--shard', '4/3'], 'msgapi: --shard 4/3 must read I/N with 1 ≤ I ≤ N, as in --shard 1/3.\n'],
    [
      ['check', '--pagination', 'links'],
      'msgapi: PAGINATION "links" is not a known style; use starting_after, cursor:<param>:<field>, page:<param>, offset:<param> or none.\n',
    ],
    [['matrix', '--seed', 'x'], 'msgapi: SEED "x" must be a whole number.\n'],
    [['serve', '--port', '99999'], 'msgapi: --port 99999 must be a whole number from 0 to 65535.\n'],
    [
      ['serve', '--fault', 'nope'],
      'msgapi: No fault is called nope; the names begin with conversations., groups., auth., isolation., ownership.\n',
    ],
    [['openapi', '--format', 'xml'], 'msgapi: --format xml is not one of json, yaml.\n'],
    [['check', '--seed'], 'msgapi: --seed needs a value (N); see msgapi check --help.\n'],
    [['check', '--strict=yes'], 'msgapi: --strict takes no value; see msgapi check --help.\n'],
  ] as Array<[string[], string | RegExp]>)('%j: one sentence, exit 2', async (argv, sentence) => {
    const result = await runCli(argv, {}, emptyDir());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    if (typeof sentence === 'string') expect(result.stderr).toBe(sentence);
    else expect(result.stderr).toMatch(sentence);
  });
});

describe('settings', () => {
  it('.env.example is generated from the settings', () => {
    expect(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8')).toBe(renderEnvExample());
  });

  it("docs/reference/commands.md's exit-code table is the one in app/cli/exit-codes.ts", () => {
    expect(readFileSync(new URL('../../docs/reference/commands.md', import.meta.url), 'utf8')).toContain(
      `${renderExitCodeTable()}\n`,
    );
  });

  it("the README's short exit-code table has a row for every code a command exits with, and no other", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = /^## Exit codes\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
    const codes = [...section.matchAll(/^\| ([\d, ]+) \|/gm)].flatMap((match) => match[1]!.split(',').map(Number));
    expect(codes.sort((a, b) => a - b)).toEqual(Object.values(exitCode).sort((a, b) => a - b));
  });

  it('load reads AB_ACCESS_TOKEN from .env, under the usual precedence', () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, '.env'), 'AB_ACCESS_TOKEN=from-the-env-file\n');
    const read = (env: Record<string, string>, argv: string[] = []) => {
      const parsed = parseCommand('load', argv, {}, { env, cwd });
      if (parsed.help) throw new Error('unexpected --help');
      return parsed.values.abAccessToken;
    };
    expect(read({})).toBe('from-the-env-file');
    expect(read({ AB_ACCESS_TOKEN: 'from-the-environment' })).toBe('from-the-environment');
    expect(read({ AB_ACCESS_TOKEN: 'from-the-environment' }, ['--ab-access-token', 'from-the-flag'])).toBe(
      'from-the-flag',
    );
  });

  it('msgapi load --ab takes AB_ACCESS_TOKEN from .env against the embedded server', async () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, '.env'), 'AB_ACCESS_TOKEN=ab-token-from-env-file\n');
    // Without it, --ab against the embedded server is refused before anything starts; with it the
    // run goes on to the baseline server, which is unreachable here.
    const without = await runCli(['load', '--ab', 'http://127.0.0.1:1', '--no-seed'], {}, emptyDir());
    expect(without.stderr).toBe(
      'msgapi: --ab needs AB_ACCESS_TOKEN when the target is the embedded reference server (its token is made up for the run).\n',
    );
    const result = await runCli(
      ['load', '--ab', 'http://127.0.0.1:1', '--no-seed', '--reports-dir', join(cwd, 'reports')],
      {},
      cwd,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cannot reach the target at http://127.0.0.1:1');
    expect(`${result.stdout}${result.stderr}`).not.toContain('ab-token-from-env-file');
  });

  it('never prints a secret: not in a refusal, not in an error about its own value, not in --help', async () => {
    const secret = 'zq7-secret-xk';
    const spaced = 'zq7 secret xk';
    const runs = await Promise.all([
      runCli(['check', '--access-token', spaced], {}, emptyDir()),
      runCli(['check'], { BASE_URL: 'http://127.0.0.1:1', ACCESS_TOKEN: spaced }, emptyDir()),
      runCli(['check'], { ACCESS_TOKEN: secret, SECOND_ACCESS_TOKEN: secret }, emptyDir()),
      runCli(['load'], { AB_ACCESS_TOKEN: `Bearer ${secret}` }, emptyDir()),
      runCli(['load', `--acces-token=${secret}`], {}, emptyDir()),
      runCli(['check', '--read-only', secret], {}, emptyDir()),
      runCli(['serve', '--token', spaced], {}, emptyDir()),
      runCli(['cleanup', '--ledger', 'x.jsonl'], { BASE_URL: 'http://127.0.0.1:1', ACCESS_TOKEN: spaced }, emptyDir()),
      runCli(['check', '--help'], { ACCESS_TOKEN: secret, SECOND_ACCESS_TOKEN: `${secret}-2` }, emptyDir()),
      runCli(['load', '--help'], { ACCESS_TOKEN: secret, AB_ACCESS_TOKEN: `${secret}-ab` }, emptyDir()),
    ]);
    for (const run of runs) {
      const printed = `${run.stdout}${run.stderr}`;
      expect(printed).not.toContain(secret);
      expect(printed).not.toContain(spaced);
      expect(printed).not.toContain('zq7');
    }
    // Every refusal above is one sentence and exit 2 (the help runs exit 0).
    for (const run of runs.slice(0, 8)) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
    }
  });
});
