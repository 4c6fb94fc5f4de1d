import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogue, checkFile, type CheckId } from '../src/conformance/checks/catalogue.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const specText = readFileSync(join(root, 'spec/messaging-api-v1.md'), 'utf8');

function checkFiles(dir = join(root, 'suites')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? checkFiles(join(dir, entry.name)) : entry.name.endsWith('.check.ts') ? [join(dir, entry.name)] : [],
  );
}

/** check('id', ...) calls, by the file they stand in. */
function implementedChecks(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of checkFiles()) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bcheck\(\s*'([^']+)'/g)) {
      found.set(match[1]!, [...(found.get(match[1]!) ?? []), relative(root, file)]);
    }
  }
  return found;
}

describe('the check catalogue', () => {
  const ids = Object.keys(catalogue) as CheckId[];

  it('has every check implemented exactly once, in the file its id names', () => {
    const implemented = implementedChecks();
    for (const id of ids) expect(implemented.get(id), id).toEqual([checkFile(id)]);
    expect([...implemented.keys()].filter((id) => !ids.includes(id as CheckId))).toEqual([]);
    for (const id of ids) expect(existsSync(join(root, checkFile(id))), checkFile(id)).toBe(true);
  });

  it('reads every id as <resource>.<operation>.<behaviour>', () => {
    for (const id of ids) expect(id).toMatch(/^[a-z]+\.[a-z-]+\.[a-z0-9-]+$/);
  });

  it('cites only sections that exist in the spec', () => {
    const headings = new Set([...specText.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => `§${m[1]}`));
    for (const id of ids) {
      expect(catalogue[id].spec.length, id).toBeGreaterThan(0);
      for (const section of catalogue[id].spec) expect(headings, `${id} cites ${section}`).toContain(section);
    }
  });
});
