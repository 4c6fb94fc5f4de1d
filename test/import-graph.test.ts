// Layers import downward only (STYLE.md, habit 16). This table is the layout, and README.md's
// "Layout" section is checked against it below. There is no list of exceptions.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layerViolations, readSourceTree, tierName, type TierTable } from './helpers/import-graph.ts';

const tiers: TierTable = {
  rows: [
    { unit: 'api', tier: 1, folders: ['src/api/', 'schemas/'] },
    { unit: 'reference', tier: 1.5, folders: ['reference/'] },
    { unit: 'core', tier: 2, folders: ['src/core/'] },
    { unit: 'conformance', tier: 3, folders: ['src/conformance/', 'suites/'] },
    { unit: 'load', tier: 3, folders: ['load/'] },
    { unit: 'openapi', tier: 3, folders: ['src/openapi/'] },
    { unit: 'report', tier: 4, folders: ['src/report/'] },
    { unit: 'cli', tier: 5, folders: ['src/cli/'] },
    { unit: 'sdk', tier: 5.5, folders: ['src/sdk/'] },
    { unit: 'docs', tier: 6, folders: ['src/docs/'] },
  ],
  outside: ['load/bench/', 'scripts/', 'test/', 'bin/'],
};

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the import graph', () => {
  it('goes only downward, never sideways between units, and has no cycle', () => {
    const violations = layerViolations(readSourceTree(root, ['src/', 'reference/', 'suites/', 'load/']), tiers);
    expect(violations.map((violation) => violation.text).join('\n')).toBe('');
  });

  it('reports an upward import, a sideways one, one out of the tiers and a type-only cycle', () => {
    const files = new Map([
      ['src/core/x.ts', "import { main } from '../cli/main.ts';\nexport const x = main;"],
      ['src/cli/main.ts', 'export const main = 1;'],
      ['load/scenario.ts', "export { gate } from '../src/openapi/gate.ts';"],
      ['src/openapi/gate.ts', "const bench = await import('../../load/bench/wrk.ts');\nexport const gate = bench;"],
      ['load/bench/wrk.ts', "import '../../src/cli/main.ts';"],
      ['reference/a.ts', "import type { B } from './b.ts';\nexport type A = { b?: B };"],
      ['reference/b.ts', "import { type A } from './a.ts';\nexport type B = { a?: A };"],
      ['src/stray.ts', '// import { nothing } from "./cli/main.ts" is a comment, not an import'],
    ]);
    expect(layerViolations(files, tiers).map((violation) => violation.text)).toEqual([
      'src/stray.ts is in no unit of the tiers table',
      'src/core/x.ts → src/cli/main.ts (tier 2 core → tier 5 cli)',
      'load/scenario.ts → src/openapi/gate.ts (tier 3 load → tier 3 openapi)',
      'src/openapi/gate.ts → load/bench/wrk.ts (tier 3 openapi → outside the tiers, load/bench/)',
      'reference/a.ts → reference/b.ts → reference/a.ts (cycle)',
    ]);
  });

  it("README.md's Layout section is this table: every unit, its tier, its folders and what it may import", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = /^## Layout\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
    const rows = section.split('\n').filter((line) => /^\| [^-]/.test(line) && !line.startsWith('| tier '));
    const cells = rows.map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
    const folders = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const described = cells.map(([tier, unit, where, , imports]) => `${tier} ${unit}: ${folders(where ?? '').join(' ')} → ${imports}`);
    const expected = [
      ...tiers.rows.map((row) => {
        const below = tiers.rows.filter((other) => other.tier < row.tier).map((other) => other.unit);
        return `${tierName(row.tier)} ${row.unit}: ${row.folders.join(' ')} → ${below.length === 0 ? '—' : below.join(', ')}`;
      }),
      `— outside: ${tiers.outside.join(' ')} → anything`,
    ];
    expect(described, 'README.md, "## Layout": one row per unit, as `tier | unit | folders | what is there | may import`').toEqual(expected);
  });
});
