import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../app/cli/options/index.ts';
import { ConfigError } from '../../../lib/core/errors.ts';
import { skippedEnvLines, skippedLinesWarning } from '../../../lib/core/config/env-file-lines.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

interface ConfigSources {
  /** Command-line arguments of msgapi check. */
  argv?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** msgapi check's settings, read through its option table by the one parser. */
function loadConfig({ argv = [], env = {}, cwd }: ConfigSources) {
  const parsed = parseCommand('check', argv, {}, { env, ...(cwd ? { cwd } : {}) });
  if (parsed.help) throw new Error('unexpected --help');
  return parsed.values;
}

// An empty folder as cwd, so that no .env of the developer's leaks into these tests.
const emptyDir = tempDirs('msgapi-config-');
const load = (sources: ConfigSources) => loadConfig({ cwd: emptyDir(), env: {}, ...sources });

function problemsOf(sources: ConfigSources): string[] {
  try {
    load(sources);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('configuration', () => {
  it('defaults to the embedded server, form bodies and starting_after pagination', () => {
    const config = load({});
    expect(config.baseUrl).toBeUndefined();
    expect(config.bodyEncoding).toBe('form');
    expect(config.pagination).toEqual({ kind: 'starting_after' });
    expect(config.requestTimeoutMs).toBe(10_000);
    expect(Number.isInteger(config.seed)).toBe(true);
  });

  it('takes .env, then the environment, then flags', () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, '.env'), 'BODY_ENCODING=json\nSEED=1\nREQUEST_TIMEOUT_MS=500\n');
    const fromFile = loadConfig({ cwd, env: {} });
    expect([fromFile.bodyEncoding, fromFile.seed, fromFile.requestTimeoutMs]).toEqual(['json', 1, 500]);
    const fromEnv = loadConfig({ cwd, env: { SEED: '2', REQUEST_TIMEOUT_MS: '600' } });
    expect([fromEnv.bodyEncoding, fromEnv.seed, fromEnv.requestTimeoutMs]).toEqual(['json', 2, 600]);
    const fromFlags = loadConfig({ cwd, env: { SEED: '2' }, argv: ['--seed', '3', '--body-encoding', 'form'] });
    expect([fromFlags.bodyEncoding, fromFlags.seed, fromFlags.requestTimeoutMs]).toEqual(['form', 3, 500]);
  });

  it('normalises BASE_URL and keeps a path prefix', () => {
    expect(load({ env: { BASE_URL: 'https://api.example.com/', ACCESS_TOKEN: 't' } }).baseUrl).toBe(
      'https://api.example.com',
    );
    expect(load({ env: { BASE_URL: 'http://127.0.0.1:8080/api/', ACCESS_TOKEN: 't' } }).baseUrl).toBe(
      'http://127.0.0.1:8080/api',
    );
  });

  it.each([
    [{ BASE_URL: 'htp:/nowhere', ACCESS_TOKEN: 't' }, 'BASE_URL "htp:/nowhere" must start with http:// or https://.'],
    [
      { BASE_URL: 'not a url', ACCESS_TOKEN: 't' },
      'BASE_URL "not a url" is not a valid URL; give one such as https://api.example.com.',
    ],
    [
      { BASE_URL: 'https://api.example.com/v1', ACCESS_TOKEN: 't' },
      'BASE_URL "https://api.example.com/v1" ends with /v1; give the address without it, the suite adds /v1 (spec §9).',
    ],
    [
      { BASE_URL: 'https://u:p@api.example.com', ACCESS_TOKEN: 't' },
      'BASE_URL must not carry a user name or password; the token belongs in ACCESS_TOKEN.',
    ],
    [
      { BASE_URL: 'https://api.example.com' },
      'ACCESS_TOKEN (or ACCESS_TOKEN_COMMAND) is required when BASE_URL is set (spec §5: every request carries a Bearer token).',
    ],
    [{ BODY_ENCODING: 'xml' }, 'BODY_ENCODING "xml" is not known; use form or json.'],
    [
      { PAGINATION: 'links' },
      'PAGINATION "links" is not a known style; use starting_after, cursor:<param>:<field>, page:<param>, offset:<param> or none.',
    ],
    [
      { PAGINATION: 'cursor:cursor' },
      'PAGINATION "cursor:cursor" needs a parameter and an envelope field, as in cursor:cursor:next_cursor.',
    ],
    [{ PAGINATION: 'page' }, 'PAGINATION "page" needs the name of the query parameter, as in page:page.'],
    [{ REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS 0 must be between 1 and 600000.'],
    [{ REQUEST_TIMEOUT_MS: 'soon' }, 'REQUEST_TIMEOUT_MS "soon" must be a whole number.'],
    [{ SEED: '99999999999' }, 'SEED 99999999999 must be between -2147483648 and 2147483647.'],
    [
      { BASE_URL: 'https://api.example.com', ACCESS_TOKEN: 'a', SECOND_ACCESS_TOKEN: 'a' },
      'SECOND_ACCESS_TOKEN is the same as ACCESS_TOKEN; it must belong to a different user.',
    ],
    [
      { BASE_URL: '', ACCESS_TOKEN: 't' },
      'BASE_URL is set but empty; give the address of the server to test, or unset it and pass --embedded to test the embedded reference server.',
    ],
  ])('rejects %o with one sentence', (env, problem) => {
    expect(problemsOf({ env })).toEqual([problem]);
  });

  it('never echoes a malformed token, which is still a secret', () => {
    const problems = problemsOf({ env: { BASE_URL: 'https://api.example.com', ACCESS_TOKEN: 'secret with spaces' } });
    expect(problems).toEqual([
      'ACCESS_TOKEN contains a space or another character a Bearer token cannot hold (allowed: letters, digits and - . _ ~ + /, then = padding).',
    ]);
    expect(problems.join(' ')).not.toContain('secret');
    expect(problemsOf({ argv: ['--embedded'], env: { SECOND_ACCESS_TOKEN: 'Bearer abc' } })).toEqual([
      'SECOND_ACCESS_TOKEN starts with "Bearer "; give the token alone, the suite adds the scheme.',
    ]);
  });

  it('reports every problem at once', () => {
    expect(problemsOf({ env: { BODY_ENCODING: 'xml', PAGINATION: 'x', BASE_URL: 'https://x.test' } })).toHaveLength(3);
  });

  it('parses every pagination style', () => {
    expect(load({ env: { PAGINATION: 'cursor:cursor:next_cursor' } }).pagination).toEqual({
      kind: 'cursor',
      param: 'cursor',
      field: 'next_cursor',
    });
    expect(load({ env: { PAGINATION: 'page:page' } }).pagination).toEqual({ kind: 'page', param: 'page' });
    expect(load({ env: { PAGINATION: 'offset:skip' } }).pagination).toEqual({ kind: 'offset', param: 'skip' });
    expect(load({ env: { PAGINATION: 'none' } }).pagination).toEqual({ kind: 'none' });
  });

  it('reads CONVENTIONS as a list of ids, which the check command validates against the checks', () => {
    expect(load({ env: { CONVENTIONS: 'a.b.c, d.e.f,' } }).conventions).toEqual(['a.b.c', 'd.e.f']);
    expect(load({}).conventions).toEqual([]);
  });

  it('reads every setting also as a flag, and resolves REPORTS_DIR', () => {
    const config = load({ argv: ['--pagination', 'page:p', '--strict', '--max-rps', '5', '--reports-dir', 'out'] });
    expect([config.pagination, config.strict, config.maxRps]).toEqual([{ kind: 'page', param: 'p' }, true, 5]);
    expect(config.reportsDir).toBe(join(process.cwd(), 'out'));
  });

  it('treats an empty value as unset, as a copied .env.example line should, except BASE_URL (see the cases above)', () => {
    const config = load({ env: { BODY_ENCODING: '', SEED: '' } });
    expect([config.baseUrl, config.bodyEncoding]).toEqual([undefined, 'form']);
  });

  it('says so when a named settings file is missing', () => {
    expect(problemsOf({ argv: ['--settings-file', 'nope.env'] })[0]).toMatch(
      /^The settings file .*nope\.env does not exist\.$/,
    );
  });
});

describe('lines of a settings file that dotenv ignores', () => {
  it('are named by number, never quoted, and a quoted value of several lines is no such line', () => {
    const text = [
      '# a comment',
      'BASE_URL=http://127.0.0.1:1',
      '',
      'ghp_pastedsecret0123456789', // 4: a value pasted without its name
      'export SEED=3',
      'ACCESS_TOKEN="first',
      'second line of a quoted value"',
      'PAGINATION: starting_after',
      'curl -H "Authorization: Bearer x" http://127.0.0.1:1', // 9
    ].join('\n');
    expect(skippedEnvLines(text)).toEqual([4, 9]);
    const warning = skippedLinesWarning('.env', skippedEnvLines(text))!;
    expect(warning).toBe('msgapi: warning: .env lines 4, 9 are not NAME=value, a comment or blank, and were ignored.');
    expect(warning).not.toContain('ghp_');
  });

  it('are warned of once, in one line, when a command reads its options', () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, '.env'), 'SEED=1\nnot a setting\n');
    const warnings: string[] = [];
    const parsed = parseCommand('check', [], {}, { env: {}, cwd, warn: (line) => warnings.push(line) });
    expect(parsed.help === false && parsed.values.seed).toBe(1);
    expect(warnings).toEqual(['msgapi: warning: .env line 2 is not NAME=value, a comment or blank, and was ignored.']);
  });

  it('say nothing of a file of settings, comments and blank lines', () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, '.env'), '# settings\n\nSEED=1\n');
    const warnings: string[] = [];
    parseCommand('check', [], {}, { env: {}, cwd, warn: (line) => warnings.push(line) });
    expect(warnings).toEqual([]);
  });
});
