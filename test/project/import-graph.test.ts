// Folders are the floors (STYLE.md, habits 16 and 19). These tables are the layout, and CONTRIBUTING.md's
// "Layout" section is checked against them below. There is no list of exceptions.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layerViolations, readSourceTree, tierName, type TierTable } from '../helpers/import-graph.ts';

/** The top-level folders, top floor first: a folder imports only folders on lower floors. */
const floors: TierTable = {
  rows: [
    { unit: 'app', tier: 6, folders: ['app/'] },
    { unit: 'reporting', tier: 5, folders: ['reporting/'] },
    { unit: 'conformance', tier: 4, folders: ['conformance/'] },
    { unit: 'load', tier: 4, folders: ['load/'] },
    { unit: 'suites', tier: 3, folders: ['suites/'] },
    { unit: 'reference', tier: 2, folders: ['reference/'] },
    { unit: 'harness', tier: 2, folders: ['harness/'] },
    { unit: 'lib', tier: 1, folders: ['lib/', 'schemas/'] },
  ],
  outside: ['tools/', 'test/', 'bin/'],
};

/** Floors inside a floor, with the same rule: every file of `lib/` and `app/` is on one of them. */
const inside: Readonly<Record<string, TierTable>> = {
  app: {
    rows: [
      { unit: 'sdk', tier: 2, folders: ['app/sdk/'] },
      { unit: 'cli', tier: 1, folders: ['app/cli/'] },
    ],
    outside: [],
  },
  lib: {
    rows: [
      { unit: 'openapi', tier: 3, folders: ['lib/openapi/'] },
      { unit: 'core', tier: 2, folders: ['lib/core/'] },
      { unit: 'api', tier: 1, folders: ['lib/api/'] },
    ],
    outside: [],
  },
};

const root = fileURLToPath(new URL('../..', import.meta.url));
const codeFolders = floors.rows.flatMap((row) => row.folders);

/** Violations of the floors, then of the floors inside lib/ and app/ (imports out of the folder and cycles: the floors' own). */
function violations(files: ReadonlyMap<string, string>): string[] {
  const within = Object.entries(inside).flatMap(([folder, table]) => {
    const own = new Map([...files].filter(([file]) => file.startsWith(`${folder}/`)));
    return layerViolations(own, table).filter(
      (violation) => violation.kind !== 'cycle' && violation.kind !== 'outside',
    );
  });
  return [...layerViolations(files, floors), ...within].map((violation) => violation.text);
}

describe('the import graph', () => {
  it('goes only down the floors, never to a folder beside or above, and has no cycle', () => {
    expect(violations(readSourceTree(root, codeFolders)).join('\n')).toBe('');
  });

  it('every top-level folder with code is a floor or outside them', () => {
    const placed = new Set([...codeFolders, ...floors.outside]);
    const withCode = readdirSync(root, { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && !entry.name.startsWith('.') && !['node_modules', 'dist'].includes(entry.name),
      )
      .map((entry) => `${entry.name}/`)
      .filter((folder) => readSourceTree(root, [folder]).size > 0);
    expect(withCode.filter((folder) => !placed.has(folder))).toEqual([]);
  });

  it('reports an upward import, a sideways one, one out of the floors, one up a floor inside lib/, and a type-only cycle', () => {
    const files = new Map([
      ['lib/core/x.ts', "import { main } from '../../app/cli/main.ts';\nexport const x = main;"],
      ['app/cli/main.ts', 'export const main = 1;'],
      ['load/scenario.ts', "export { gate } from '../conformance/gate.ts';"],
      ['conformance/gate.ts', "const bench = await import('../tools/bench/wrk.ts');\nexport const gate = bench;"],
      ['tools/bench/wrk.ts', "import '../../app/cli/main.ts';"],
      ['lib/api/y.ts', "import type { X } from '../openapi/z.ts';\nexport type Y = X;"],
      ['lib/openapi/z.ts', 'export type X = 1;'],
      ['reference/a.ts', "import type { B } from './b.ts';\nexport type A = { b?: B };"],
      ['reference/b.ts', "import { type A } from './a.ts';\nexport type B = { a?: A };"],
      ['stray/c.ts', '// import { nothing } from "../app/cli/main.ts" is a comment, not an import'],
      ['lib/stray.ts', 'export const stray = 1;'],
    ]);
    expect(violations(files)).toEqual([
      'stray/c.ts is in no unit of the tiers table',
      'lib/core/x.ts → app/cli/main.ts (tier 1 lib → tier 6 app)',
      'load/scenario.ts → conformance/gate.ts (tier 4 load → tier 4 conformance)',
      'conformance/gate.ts → tools/bench/wrk.ts (tier 4 conformance → outside the tiers, tools/)',
      'reference/a.ts → reference/b.ts → reference/a.ts (cycle)',
      'lib/stray.ts is in no unit of the tiers table',
      'lib/api/y.ts → lib/openapi/z.ts (tier 1 api → tier 3 openapi) [type-only]',
    ]);
  });

  it("CONTRIBUTING.md's Layout section is these tables: every floor, its folders and what it may import", () => {
    const readme = readFileSync(new URL('../../CONTRIBUTING.md', import.meta.url), 'utf8');
    const section = /^## Layout\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
    const rows = section.split('\n').filter((line) => /^\| [^-]/.test(line) && !line.startsWith('| floor'));
    const cells = rows.map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
    const folders = (cell: string) => [...cell.matchAll(/`([^`]+\/)`/g)].map((match) => match[1]!);
    const described = cells.map(
      ([floor, where, , imports]) => `${floor}: ${folders(where ?? '').join(' ')} → ${imports}`,
    );
    const rowsOf = (table: TierTable) =>
      table.rows.map((row) => {
        const below = table.rows.filter((other) => other.tier < row.tier).map((other) => other.unit);
        return `${tierName(row.tier)}: ${row.folders.join(' ')} → ${below.length === 0 ? '—' : below.join(', ')}`;
      });
    const expected = [
      ...rowsOf(floors),
      `—: ${floors.outside.join(' ')} → anything`,
      ...Object.values(inside).flatMap(rowsOf),
    ];
    expect(
      described,
      'CONTRIBUTING.md, "## Layout": one row per floor, as `floor | folders | what is there | may import`',
    ).toEqual(expected);
  });
});
