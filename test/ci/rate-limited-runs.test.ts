// Rate limits and slow servers (spec §8: "any rate limits: not shown"): whole runs of `msgapi check`
// with default settings against the rate-limited and slow variants of the reference server, which
// must pass. CI only (npm run test:ci): at 20 requests a second a whole run takes minutes. The
// run's shared bucket and the variants themselves are tested in test/unit/lib/rate-limits.test.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { startReferenceServer } from '../../reference/listen.ts';
import { rateLimited } from '../../reference/variants/rate-limited.ts';
import { variants, variantServerOptions } from '../../reference/variants/registry.ts';
import { slowAnswers } from '../../reference/variants/slow.ts';
import type { ServerModifier } from '../../reference/modifiers.ts';
import { runCli } from '../helpers/run-cli.ts';

/** The registered variant that makes this change (found by its modifier, whatever its name). */
function variantWith(modifier: ServerModifier) {
  const variant = [...variants.values()].find((candidate) => candidate.modifiers?.includes(modifier));
  if (!variant) throw new Error('no registered variant has this modifier');
  return variant;
}

/** `msgapi check` with default settings against an in-process server of the variant. */
async function checkAgainst(
  modifier: ServerModifier,
): Promise<{ code: number | null; stdout: string; report: ConformanceReport; seconds: number }> {
  const variant = variantWith(modifier);
  const { name } = variant;
  expect(variant.declares ?? {}, `${name} must pass with default settings`).toEqual({});
  const users = [
    { token: 'tok-first-user', name: 'a' },
    { token: 'tok-second-user', name: 'b' },
  ];
  const server = await startReferenceServer({ users, ...variantServerOptions(variant) });
  const reportsDir = mkdtempSync(join(tmpdir(), `msgapi-${name}-`));
  try {
    const started = performance.now();
    const result = await runCli(['check'], {
      BASE_URL: server.url,
      ACCESS_TOKEN: users[0]!.token,
      SECOND_ACCESS_TOKEN: users[1]!.token,
      REPORTS_DIR: reportsDir,
    });
    const seconds = (performance.now() - started) / 1_000;
    const report = JSON.parse(readFileSync(join(reportsDir, 'conformance.json'), 'utf8')) as ConformanceReport;
    // The durations are for people reading the test log, not asserted: they are the server's pace.
    console.log(
      `msgapi check against the ${name} variant: exit ${result.code}, ${report.requests} requests in ${seconds.toFixed(1)} s; rate_limit ${JSON.stringify(report.rate_limit)}`,
    );
    return { code: result.code, stdout: result.stdout + result.stderr, report, seconds };
  } finally {
    rmSync(reportsDir, { recursive: true, force: true });
    await server.close();
  }
}

describe('msgapi check with default settings', () => {
  it.concurrent(
    'rate-limits.check-rate-limited — passes a server limited to 20 requests a second, and reports the rate it settled at',
    async () => {
      const { code, stdout, report } = await checkAgainst(rateLimited);
      expect(code, stdout).toBe(0);
      expect(report.summary.failed).toBe(0);
      expect(report.rate_limit!.throttled).toBeGreaterThan(0);
      expect(report.rate_limit!.retry_after_seen).toBe(true);
      // A rate, so no bound on it here: after its last cut the pace climbs for as long as no 429
      // comes, which on a busy machine (a client too slow to reach 20/s) is longer (CI saw 30.1).
      expect(report.rate_limit!.settled_rps).toBeGreaterThan(0);
      expect(stdout).toMatch(
        /Rate limited: the target answered 429 \d+ time\(s\) \(with Retry-After\); the run slowed down and settled at [\d.]+ requests\/s/,
      );
    },
  );

  it.concurrent(
    'rate-limits.check-slow — passes a server that answers 30 ms late, and was never throttled',
    async () => {
      const { code, stdout, report } = await checkAgainst(slowAnswers);
      expect(code, stdout).toBe(0);
      expect(report.rate_limit).toEqual({ throttled: 0, settled_rps: null, retry_after_seen: false });
      expect(stdout).not.toContain('Rate limited');
    },
  );
});
