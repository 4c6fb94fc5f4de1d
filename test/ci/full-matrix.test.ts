// The suite is worth the faults it catches and the correct servers it passes: this runs the whole
// matrix (msgapi matrix) with a fixed seed, and fails when a fault goes uncaught or a variant fails.
// CI only (npm run test:ci): it takes about ten minutes on two cores, npm test's whole budget.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { faults } from '../../reference/faults/registry.ts';
import { variants } from '../../reference/variants/registry.ts';
import type { MatrixReport } from '../../reporting/matrix-report.ts';
import { runCli } from '../helpers/run-cli.ts';
import { testOutput, testOutputDir } from '../helpers/test-output.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the full matrix', () => {
  // A guard against a hang, longer than the config's 600 s: the whole matrix takes about ten
  // minutes on two quiet cores, so 600 s cut it short (CI's rehearsal of cff8979).
  it(
    "catches every seeded fault and passes every valid variant with its ways of talking found out (--detect), and writes matrix.{json,md} (into .test-output/, not the user's reports/)",
    { timeout: 1_800_000 },
    async () => {
      const reportFile = testOutput('matrix.json');
      rmSync(reportFile, { force: true });
      // A fixed seed: the project's tests are deterministic (msgapi matrix alone draws a new one each run).
      // --detect: the valid variants declare nothing of how to talk to them, as a user who declares
      // nothing; msgapi check's probe finds it out on each (test/e2e/probe.test.ts runs the declared way).
      const result = await runCli(['matrix', '--detect'], { SEED: '1', REPORTS_DIR: testOutputDir }, projectRoot);
      expect(existsSync(reportFile), `${result.stdout}\n${result.stderr}`.slice(-3_000)).toBe(true);
      const report: MatrixReport = JSON.parse(readFileSync(reportFile, 'utf8'));

      expect(report.faults.map((fault) => fault.name).sort()).toEqual([...faults.keys()].sort());
      expect(report.faults.length).toBeGreaterThanOrEqual(40);
      expect(report.faults.filter((fault) => !fault.caught).map((fault) => fault.name)).toEqual([]);

      // The fixed variants, and the seed's 20 combined profiles (mix:<seed>:<n>).
      const combined = report.variants
        .filter((variant) => variant.name.startsWith('mix:1:'))
        .map((variant) => variant.name);
      expect(combined).toHaveLength(20);
      expect(
        report.variants
          .map((variant) => variant.name)
          .filter((name) => !combined.includes(name))
          .sort(),
      ).toEqual([...variants.keys()].sort());
      expect(
        report.variants
          .filter((variant) => !variant.passed)
          .map((variant) => `${variant.name}: ${variant.problems.join('; ')}`),
      ).toEqual([]);

      expect(report.matrix_score).toEqual({ caught: report.faults.length, faults: report.faults.length, score: 1 });
      expect(readFileSync(testOutput('matrix.md'), 'utf8')).toContain(
        `Matrix score: ${report.faults.length}/${report.faults.length}`,
      );
      expect(result.code, result.stdout + result.stderr).toBe(0);
    },
  );
});
