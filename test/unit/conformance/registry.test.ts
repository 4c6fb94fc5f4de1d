import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineCheck, type CheckDefinition } from '../../../harness/checks/define-check.ts';
import { conversations, groups } from '../../../harness/checks/resource-under-test.ts';
import { inFileOrder } from '../../../suites/both/shared-checks.ts';
import { buildRegistry, loadRegistry, suiteFiles } from '../../../conformance/registry.ts';
import { selectChecks } from '../../../conformance/selection.ts';
import { renderCheckIds } from '../../../tools/docs/check-ids.ts';
import { renderChecksList } from '../../../tools/docs/checks-list.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const registry = await loadRegistry();

describe('the check registry, built from the suite files', () => {
  it('holds every check that a suite file defines, each in a file its id names (<operation>.check.ts, or <operation>-<topic>.check.ts)', () => {
    expect(registry.checks.length).toBeGreaterThanOrEqual(86);
    for (const check of registry.checks) {
      const [resource, operation] = check.id.split('.');
      expect(check.file, check.id).toMatch(new RegExp(`^suites/${resource}/${operation}(-[a-z]+)*\\.check\\.ts$`));
      expect(check.id).toMatch(/^[a-z]+\.[a-z-]+\.[a-z0-9-]+$/);
      expect(check.title.length, check.id).toBeGreaterThan(10);
    }
  });

  it('registers every suite file with vitest, so that no defined check is left out of a run', () => {
    for (const file of suiteFiles()) {
      expect(readFileSync(file, 'utf8'), file).toMatch(/\nregisterWhenRunByVitest\(import\.meta, checks\);\n$/);
    }
  });

  it("derives every check's spec sections from suites/requirements.json, and each exists in the spec", () => {
    const spec = readFileSync(join(root, 'spec/messaging-api-v1.md'), 'utf8');
    const headings = new Set(['§0', ...[...spec.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => `§${m[1]}`)]);
    for (const check of registry.checks) {
      expect(check.sections.length, `${check.id} is cited by no sentence`).toBeGreaterThan(0);
      for (const section of check.sections) expect(headings, `${check.id}: ${section}`).toContain(section);
    }
  });

  it('refuses an id defined twice, naming both files', () => {
    const check = defineCheck(
      { id: 'groups.create.twice', title: 'a check defined twice', level: 'spec', assumes: [] },
      async () => {},
    );
    expect(() =>
      buildRegistry(
        [
          { file: join(root, 'suites/a.check.ts'), check },
          { file: join(root, 'suites/b.check.ts'), check },
        ],
        [],
      ),
    ).toThrow('The check id groups.create.twice is defined twice: in suites/a.check.ts and suites/b.check.ts.');
  });
});

describe('a check both resources have is defined once, in suites/both/, and registered for each', async () => {
  const bothDir = join(root, 'suites/both');
  const factories = (
    await Promise.all(
      readdirSync(bothDir)
        .filter((file) => file !== 'shared-checks.ts')
        .map(async (file) => Object.entries((await import(join(bothDir, file))) as Record<string, unknown>)),
    )
  )
    .flat()
    .filter(
      (entry): entry is [string, (...args: unknown[]) => Record<string, CheckDefinition>] =>
        typeof entry[1] === 'function',
    );
  // What each resource's suite file gives (its fields, and the titles that name them) does not
  // matter here, and nothing runs: any value serves.
  const fromTheFile = Object.assign(() => [], { title: "(the suite file's)" });
  const given = new Proxy({}, { get: () => fromTheFile });

  it('every behaviour module defines its checks for both resources, and each is in the registry with the same level, and title unless the file gives it', () => {
    expect(factories.length).toBeGreaterThanOrEqual(14);
    for (const [name, factory] of factories) {
      for (const resource of [conversations, groups]) {
        const shared = Object.values(factory(resource, given));
        expect(shared.length, name).toBeGreaterThan(0);
        for (const check of shared) {
          expect(check.id.startsWith(`${resource.plural}.`), `${name}: ${check.id}`).toBe(true);
          expect(
            registry.has(check.id),
            `${name}(${resource.plural}) defines ${check.id}, which no suite file registers`,
          ).toBe(true);
          const registered = registry.get(check.id);
          expect({ level: registered.level, readOnly: registered.readOnly }, check.id).toEqual({
            level: check.level,
            readOnly: check.readOnly === true,
          });
          if (check.title !== fromTheFile.title) expect(registered.title, check.id).toBe(check.title);
        }
      }
    }
  });

  it('a suite file lists every shared check, in its own order, among its own; one left out stops the file loading, naming it', () => {
    const own = defineCheck(
      { id: 'groups.delete.own-check', title: 'a check only groups have', level: 'spec', assumes: [] },
      async () => {},
    );
    const shared = {
      first: defineCheck(
        { id: 'groups.delete.first', title: 'a first shared check', level: 'spec', assumes: [] },
        async () => {},
      ),
      second: defineCheck(
        { id: 'groups.delete.second', title: 'a second shared check', level: 'spec', assumes: [] },
        async () => {},
      ),
    };
    expect(inFileOrder(shared).map((check) => check.id)).toEqual(['groups.delete.first', 'groups.delete.second']);
    expect(inFileOrder(shared, (s) => [s.second, own, s.first]).map((check) => check.id)).toEqual([
      'groups.delete.second',
      'groups.delete.own-check',
      'groups.delete.first',
    ]);
    expect(() => inFileOrder(shared, (s) => [own, s.first])).toThrow('A suite file leaves out groups.delete.second');
  });
});

describe('a new check is one definition in one suite file (plus its sentence in suites/requirements.json)', () => {
  // What loadRegistry() reads from suites/, with one check added to a suite file, and the sentence
  // of the spec that cites it: the docs, the id union and the selection all see it.
  const added = defineCheck(
    {
      id: 'conversations.update.added-check',
      title: 'a check added by one edit of one suite file',
      level: 'spec',
      assumes: ['success-status'],
      readOnly: true,
    },
    async () => {},
  );
  const definitions = [
    ...registry.checks.map((check) => ({
      file: join(root, check.file),
      check: defineCheck(
        { id: check.id, title: check.title, level: check.level, assumes: check.assumes },
        async () => {},
      ),
    })),
    { file: join(root, 'suites/conversations/update.check.ts'), check: added },
  ];
  const manifest = [
    { section: '§4.1', text: 'Fields not given are unchanged.', checks: ['conversations.update.added-check'] },
  ];
  const grown = buildRegistry(definitions, manifest);

  it('is in the registry with the sections its sentence gives and the entries it assumes', () => {
    expect(grown.get('conversations.update.added-check')).toMatchObject({
      sections: ['§4.1'],
      tags: ['conversations'],
      readOnly: true,
      assumes: ['success-status'],
    });
  });

  it('is listed in docs/checks.md and in the generated CheckId union', () => {
    expect(renderChecksList(grown)).toContain(
      '| `conversations.update.added-check` | spec | §4.1 | a check added by one edit of one suite file | `suites/conversations/update.check.ts` |',
    );
    expect(renderCheckIds(grown)).toContain("  'conversations.update.added-check',");
  });

  it('is chosen by its id, its prefix, its tag and --read-only', () => {
    expect(selectChecks(grown, { only: ['conversations.update.added-check'] })).toEqual([
      'conversations.update.added-check',
    ]);
    expect(selectChecks(grown, { only: ['conversations.update.'] })).toContain('conversations.update.added-check');
    expect(selectChecks(grown, { only: ['conversations'] })).toContain('conversations.update.added-check');
    expect(selectChecks(grown, { readOnly: true })).toContain('conversations.update.added-check');
  });
});

describe('selecting checks', () => {
  it('by a resource tag also finds the isolation, read-only, auth, property and model checks that exercise it', () => {
    const chosen = selectChecks(registry, { only: ['conversations'] });
    for (const prefix of ['conversations.', 'isolation.', 'readonly.', 'auth.', 'properties.', 'model.']) {
      expect(
        chosen.some((id) => id.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(chosen.some((id) => id.startsWith('groups.'))).toBe(false);
  });

  it('by a prefix ending in a dot takes exactly the ids that start with it', () => {
    expect(selectChecks(registry, { only: ['groups.delete.'] })).toEqual(
      registry.ids.filter((id) => id.startsWith('groups.delete.')),
    );
  });

  it('refuses a selector that names no check, listing the tags', () => {
    expect(() => selectChecks(registry, { only: ['conversations.create'] })).toThrow(
      /--only names conversations\.create, which is no check id, id prefix ending in a dot, or tag \(tags: auth, conversations, groups/,
    );
  });

  it('with --read-only keeps only checks that send nothing but GETs, and refuses a choice with none', () => {
    const readOnly = selectChecks(registry, { readOnly: true });
    expect(readOnly.length).toBeGreaterThan(0);
    for (const id of readOnly) expect(registry.get(id).readOnly, id).toBe(true);
    expect(() => selectChecks(registry, { only: ['conversations.create.'], readOnly: true })).toThrow(
      /--only chose no read-only check/,
    );
  });
});
