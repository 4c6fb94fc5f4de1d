// The whole suite against the variants of the reference server whose ways of talking are declared
// (PAGINATION, BODY_ENCODING, GROUP_CONTACTS), as a user who declares them: msgapi matrix on those
// variants. The full matrix runs every variant with them found out instead (--detect,
// full-matrix.test.ts): between the two, each variant runs once each way. CI only (npm run test:ci).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { variants } from '../../reference/variants/registry.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const newDir = tempDirs('msgapi-declared-variants-');

describe('the variants that declare how to talk to them', () => {
  it('passes the variants whose ways of talking are declared (PAGINATION, BODY_ENCODING, GROUP_CONTACTS), as a user who declares them; the matrix runs every variant with them found out (--detect)', async () => {
    const reports = newDir();
    const declaring = [...variants.keys()].filter((name) =>
      Object.keys(variants.get(name)!.declares ?? {}).some((setting) =>
        ['PAGINATION', 'BODY_ENCODING', 'GROUP_CONTACTS'].includes(setting),
      ),
    );
    expect(declaring.length).toBeGreaterThanOrEqual(6);
    const result = await runCli(
      ['matrix', '--only', declaring.join(','), '--seed', '1', '--reports-dir', reports],
      {},
      projectRoot,
    );
    const report = JSON.parse(readFileSync(join(reports, 'matrix.json'), 'utf8')) as {
      variants: Array<{ name: string; passed: boolean; problems: string[] }>;
    };
    expect(report.variants.map((variant) => variant.name).sort()).toEqual([...declaring].sort());
    expect(
      report.variants
        .filter((variant) => !variant.passed)
        .map((variant) => `${variant.name}: ${variant.problems.join('; ')}`),
    ).toEqual([]);
    expect(result.code, result.stdout.slice(-2_000)).toBe(0);
  });
});
