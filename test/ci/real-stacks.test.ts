// The suite against the API as other stacks serve it (issue 39): a server nobody on this project
// wrote, with its stack's defaults left alone, passes `msgapi check` as the README runs it; the
// same server with a bug put into it fails, and the failure names the bug. CI only (npm run
// test:ci): each is a whole run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { stackNames, stackTokens, startGateway, startStack, type Stack, type StackBug } from '../helpers/stacks.ts';
import { startReferenceServer } from '../../reference/listen.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-stack-');

/** `msgapi check` against `url` as the README runs it, with nothing declared; a fixed seed, so that a failure replays. */
async function checkAt(url: string) {
  const dir = newDir();
  const result = await runCli(['check', '--seed', '1'], {
    BASE_URL: url,
    ACCESS_TOKEN: stackTokens.first,
    SECOND_ACCESS_TOKEN: stackTokens.second,
    REPORTS_DIR: dir,
  });
  const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
  return { result, report };
}

async function checkStack(name: Stack, bugs: readonly StackBug[] = []) {
  const stack = await startStack(name, bugs);
  try {
    return await checkAt(stack.url);
  } finally {
    await stack.close();
  }
}

// What each stack does by itself, that a suite in our own image would have failed.
const defaults: Record<Stack, string> = {
  'python-stdlib': '501 to HEAD, OPTIONS and PATCH, HTTP/1.0, HTML error pages and a listen backlog of 5',
  express5:
    'its HTML 404 page for unknown routes and methods, HEAD answered by GET routes, OPTIONS answered with Allow, 413 past 1000 form parameters',
  fastify5:
    'its JSON 404 for unknown routes and for methods without a route, HEAD answered by GET routes, its 400 for a body that is not JSON',
  koa3: 'its text 404, allowedMethods 405 with Allow, OPTIONS answered with Allow, HEAD answered by GET routes',
};

describe.each(stackNames)('the API on %s, its defaults left alone', (name) => {
  it(`passes: ${defaults[name]} are no failures`, async () => {
    const { result, report } = await checkStack(name);
    const gating = report.checks.filter(
      (check) => check.gating && check.status !== 'passed' && check.status !== 'skipped',
    );
    expect(gating.map((check) => `${check.id}: ${check.message}`)).toEqual([]);
    expect(result.code, result.stdout.slice(-3000)).toBe(0);
    // The premise of the 501 reading: the checks that send those methods ran, and passed.
    const otherMethods = report.checks.filter((check) => check.id.endsWith('.other-methods.change-nothing'));
    expect(otherMethods.map((check) => check.status)).toEqual(['passed', 'passed']);
  });

  const bugs: Array<[StackBug, RegExp]> = [
    // A field dropped on update: is_muted forgotten when other fields come with it.
    [
      'drops-muted-on-update',
      /^(properties\.update\.matches-retrieve|model\.sequence\.agrees-with-model|conversations\.update\.)/,
    ],
    // A 5xx on a long name.
    [
      'long-name-500',
      /^(groups\.create\.unusual-text|properties\.create\.accepted-returned-exactly|model\.sequence\.agrees-with-model)$/,
    ],
    // A filter ignored: pinned=true lists every conversation.
    ['ignores-pinned-filter', /^conversations\.list\.pinned-filter$/],
  ];
  it.each(bugs)('with the bug %s, fails and names it', async (bug, names) => {
    const { result, report } = await checkStack(name, [bug]);
    expect(result.code).toBe(1);
    const failed = report.checks.filter((check) => check.status === 'failed' && check.gating).map((check) => check.id);
    expect(failed.filter((id) => names.test(id)).length, failed.join(', ')).toBeGreaterThan(0);
  });
});

describe('a modest gateway (four threads, a listen backlog of five) in front of the reference server', () => {
  it('passes with default settings: no check fails on a timeout, and backing off is said in one line', async () => {
    const users = [
      { token: stackTokens.first, name: 'first' },
      { token: stackTokens.second, name: 'second' },
    ];
    const server = await startReferenceServer({ users });
    const gateway = await startGateway(server.url);
    try {
      const { result, report } = await checkAt(gateway.url);
      const unanswered = report.checks.filter((check) => /no complete response within/.test(check.message ?? ''));
      expect(unanswered.map((check) => `${check.id}: ${check.message}`)).toEqual([]);
      expect(result.code, result.stdout.slice(-3000)).toBe(0);
      // The window backed off when a request went unanswered; then, and only then, the run says so.
      expect(/^Congested: /m.test(result.stdout)).toBe((report.rate_limit?.congested ?? 0) > 0);
    } finally {
      await gateway.close();
      await server.close();
    }
  });
});
