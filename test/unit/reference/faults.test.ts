// The registry of seeded faults (reference/faults/): enough of them, well named, and each tied to a
// sentence that the spec really has, under the heading it really stands in. Whether the suite
// catches each one is the matrix's job (msgapi matrix), not this file's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { faultModifiers, faultNames, faults, isFaultName, type FaultName } from '../../../reference/faults/registry.ts';
import { extractUnits, splitSentences } from '../../../conformance/requirements/extract.ts';

const specText = readFileSync(new URL('../../../spec/messaging-api-v1.md', import.meta.url), 'utf8');

/** The spec with each table row written as its cells joined by ' | ', as a fault quotes a row. */
const normalisedSpec = specText
  .split(/\r?\n/)
  .map((line) =>
    line.trim().startsWith('|')
      ? line
          .trim()
          .replace(/^\|/, '')
          .replace(/\|$/, '')
          .split('|')
          .map((cell) => cell.trim())
          .join(' | ')
      : line,
  )
  .join('\n');

// A unit's text, without the "[GET /v1/...] " and " (2)" that tell repeated units apart.
const plain = (text: string): string => text.replace(/^\[[^\]]+\] /, '').replace(/ \(\d+\)$/, '');

/** Sentences and table rows by section: a bullet of several sentences counts as each of them. */
function sentencesBySection(): Map<string, Set<string>> {
  const bySection = new Map<string, Set<string>>();
  for (const unit of extractUnits(specText)) {
    const text = plain(unit.text);
    const sentences = bySection.get(unit.section) ?? new Set<string>();
    for (const sentence of [text, ...splitSentences(text)]) sentences.add(sentence);
    bySection.set(unit.section, sentences);
  }
  return bySection;
}

describe('the fault registry', () => {
  const all = [...faults.values()];

  it('holds at least 40 faults, one per name, in the order of faultNames', () => {
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(new Set(faultNames).size).toBe(faultNames.length);
    expect([...faults.keys()]).toEqual([...faultNames]);
    for (const [name, fault] of faults) expect(fault.name).toBe(name);
  });

  it('names each fault <area>.<what is broken> in lower-case kebab words joined by dots', () => {
    for (const name of faultNames) expect(name).toMatch(/^[a-z]+(\.[a-z0-9]+(-[a-z0-9]+)*){1,2}$/);
  });

  it('quotes, for each fault, a sentence or table row of the spec verbatim', () => {
    const missing = all
      .filter((fault) => !normalisedSpec.includes(fault.sentence))
      .map((fault) => `${fault.name}: ${fault.sentence}`);
    expect(missing).toEqual([]);
  });

  it('places each sentence under the heading it stands in, and quotes it whole', () => {
    const bySection = sentencesBySection();
    const misplaced = all
      .filter((fault) => !bySection.get(fault.section)?.has(fault.sentence))
      .map((fault) => `${fault.name}: ${fault.section} ${JSON.stringify(fault.sentence)}`);
    expect(misplaced).toEqual([]);
  });

  it('says in one line what each faulty server does, and wraps at least one seam', () => {
    for (const fault of all) {
      expect(fault.breaks.trim(), fault.name).not.toBe('');
      expect(fault.breaks, fault.name).not.toMatch(/\n/);
      const { authenticate, handle, reply } = fault.modifier;
      expect(
        [authenticate, handle, reply].some((seam) => seam !== undefined),
        fault.name,
      ).toBe(true);
    }
  });

  it('turns names into modifiers, and refuses a name it does not know', () => {
    const names: FaultName[] = ['auth.any-token-accepted', 'groups.delete.no-cascade'];
    expect(faultModifiers(names)).toEqual(names.map((name) => faults.get(name)!.modifier));
    expect(isFaultName('groups.delete.no-cascade')).toBe(true);
    expect(isFaultName('groups.delete.nothing-wrong')).toBe(false);
    expect(() => faultModifiers(['groups.delete.nothing-wrong' as FaultName])).toThrow(
      /Unknown fault "groups\.delete\.nothing-wrong"/,
    );
  });
});

describe('the checks a fault names as the ones to catch it (detectedBy)', () => {
  it('are checks of the registry (the reference server names them as text: it cannot import the suite)', async () => {
    const { loadRegistry } = await import('../../../conformance/registry.ts');
    const registry = await loadRegistry();
    const unknown = [...faults.values()].flatMap((fault) =>
      (fault.detectedBy ?? []).filter((id) => !registry.has(id)).map((id) => `${fault.name}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('a fault that names its detecting checks', () => {
  const fault = 'conversations.list.has-more-when-page-full' as FaultName;
  const result = (id: string) =>
    ({
      id,
      title: id,
      spec: [],
      level: 'spec',
      status: 'failed',
      gating: true,
      message: 'Expected: …',
      reproduction: null,
      requests: 1,
      duration_ms: 1,
    }) as never;
  const conclude = async (failedIds: string[]) => {
    const { concludeMatrix } = await import('../../../conformance/matrix/outcome.ts');
    const entry = {
      kind: 'fault',
      name: fault,
      runs: [{ name: `fault:${fault}` }],
      afterRuns: async () => [],
      close: async () => {},
    } as never;
    const outcome = await concludeMatrix([entry], new Map([[`fault:${fault}`, failedIds.map(result)]]));
    return outcome.faults[0]!;
  };

  it('is caught when one of them fails, and not when only an unrelated check does', async () => {
    expect(faults.get(fault)!.detectedBy).toEqual(['conversations.list.has-more-false-at-limit']);
    expect(
      await conclude(['conversations.list.has-more-false-at-limit', 'groups.list.default-page-size']),
    ).toMatchObject({ caught: true, expected_not_caught: [] });
    const unrelated = await conclude(['groups.list.default-page-size']);
    expect(unrelated.caught).toBe(false);
    expect(unrelated.problems).toEqual([
      expect.stringMatching(
        /caught only by checks it does not name \(groups\.list\.default-page-size\), not by conversations\.list\.has-more-false-at-limit/,
      ),
    ]);
  });
});
