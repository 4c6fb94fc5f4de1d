// The load harness must not fail a server for a choice the spec leaves open: every valid variant of
// the reference server (ids, timestamps, order, page sizes, pagination styles, body encodings,
// HTTP/1.0) is seeded, measured and cleaned up with only the settings its user would declare.
// CI only (npm run test:ci): a load run for each of some forty variants. test/e2e/load.test.ts runs the
// harness itself against the reference server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import { variants, variantServerOptions } from '../../reference/variants/registry.ts';
import type { LoadReport } from '../../load/load-report.ts';
import { ownerClient } from '../../conformance/matrix/foreign-data.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const token = 'variant-load-token';
// The scenarios where the open choices show: page sizes, archiving timestamps, and page walks.
const scenarios = 'conversations.limit-max,conversations.archived,conversations.walk,groups.walk,groups.archived';
// A rate-limited server answers a load test with 429s, which the harness reports and fails the run
// on, as it must (a load figure past the limit measures the limit); a slow one is measured as slow.
// Neither is a choice the harness may be wrong about, so they are not run here.
const measuresTheLimit = (name: string) => name.startsWith('rate-limits:') || name === 'slow';
// The tests run at the same time, so their folders go after the last one.
const newDir = tempDirs('msgapi-load-variant-', 'all');
const servers = [...variants.values()].filter(
  (variant) => variant.setup === undefined && !measuresTheLimit(variant.name),
);

/**
 * The owner's conversations: read once, or, under LIST_CONSISTENCY=eventual:<ms>, read again until
 * the list is empty or the declared bound has passed since the run ended (a list may show a delete
 * that late, and no later).
 */
async function listOnceSettled(url: string, consistency: string | undefined): Promise<unknown[]> {
  const boundMs = consistency?.startsWith('eventual:') ? Number(consistency.slice('eventual:'.length)) : 0;
  const until = performance.now() + boundMs;
  for (;;) {
    const { data } = (await ownerClient(url, token).listConversations()).body as { data: unknown[] };
    if (data.length === 0 || performance.now() >= until) return data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.concurrent('msgapi load against every valid variant', () => {
  it.each(servers.map((variant) => [variant.name, variant] as const))('%s passes', async (_name, variant) => {
    const server = await startReferenceServer({ ...variantServerOptions(variant), users: [{ token, name: 'owner' }] });
    try {
      const dir = newDir();
      const args = [
        'load',
        '--scenarios',
        scenarios,
        '--model',
        'closed',
        '--duration',
        '0.5',
        '--warmup',
        '0',
        '--connections',
        '8',
        '--conversations',
        '40',
        '--groups',
        '4',
      ];
      const run = await runCli(args, {
        BASE_URL: server.url,
        ACCESS_TOKEN: token,
        REPORTS_DIR: dir,
        ...(variant.declares ?? {}),
      });
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      const report = JSON.parse(readFileSync(join(dir, 'load.json'), 'utf8')) as LoadReport;
      const measured = report.scenarios.filter((scenario) => scenario.closed !== null).map((scenario) => scenario.name);
      // Only a server that refuses limit=100 has that scenario skipped, and one with no next page its
      // page walks, each with the reason.
      const expectedSkipped = [
        ...(variant.choices?.overMaxLimit === 'reject' ? ['conversations.limit-max'] : []),
        ...(variant.declares?.PAGINATION === 'none' ? ['conversations.walk', 'groups.walk'] : []),
      ];
      expect(report.scenarios.filter((scenario) => scenario.skipped !== null).map((scenario) => scenario.name)).toEqual(
        expectedSkipped,
      );
      expect(measured).toHaveLength(5 - expectedSkipped.length);
      // The data set is gone again: at once, or, where lists lag writes, within the declared bound.
      expect(await listOnceSettled(server.url, variant.declares?.LIST_CONSISTENCY)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
