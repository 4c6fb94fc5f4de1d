import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../../conformance/registry.ts';
import { renderRequirementsList } from '../../../tools/docs/requirements-list.ts';
import { auditManifest, type ManifestAudit } from '../../../conformance/requirements/audit.ts';
import { extractUnits, sectionTitles, splitSentences } from '../../../conformance/requirements/extract.ts';
import { parseManifest, type RequirementEntry } from '../../../conformance/requirements/manifest.ts';
import { readManifest, readSpecText } from '../../../conformance/requirements/sources.ts';

describe('splitSentences', () => {
  it('splits at a full stop followed by a space, never at a colon', () => {
    expect(splitSentences('Parameters: a and b. At least one must be given. Response: the object.')).toEqual([
      'Parameters: a and b.',
      'At least one must be given.',
      'Response: the object.',
    ]);
  });

  it('does not split after an abbreviation or before a lower-case word', () => {
    expect(splitSentences('Some fields, e.g. Name, are strings. Values approx. ten are fine.')).toEqual([
      'Some fields, e.g. Name, are strings.',
      'Values approx. ten are fine.',
    ]);
  });

  it('joins wrapped lines with one space', () => {
    expect(splitSentences('One sentence\n  wrapped over lines. Two.')).toEqual([
      'One sentence wrapped over lines.',
      'Two.',
    ]);
  });
});

describe('extractUnits', () => {
  const sample = [
    '# Title is not a unit',
    '',
    'Before any section. Still before.',
    '',
    '## 1. First',
    '',
    'A sentence: with a colon. Another one.',
    '',
    '- A bullet. With two sentences.',
    '- Another bullet',
    '  continued on an indented line.',
    '',
    '### 1.2 Sub',
    '',
    '**GET /v1/things**: list things.',
    '',
    'Optional parameters:',
    '',
    '| Name | Type |',
    '|---|---|',
    '| limit | integer |',
    '|  muted  |boolean|',
    '',
    '**PUT /v1/things/:id**: update a thing.',
    '',
    'Optional parameters:',
    '',
    '## 2. Second',
    '',
    'Same. Same.',
  ].join('\n');

  it('yields sentences, bullets and table rows with their sections, and no headings', () => {
    expect(extractUnits(sample)).toEqual([
      { section: '§0', text: 'Before any section.' },
      { section: '§0', text: 'Still before.' },
      { section: '§1', text: 'A sentence: with a colon.' },
      { section: '§1', text: 'Another one.' },
      { section: '§1', text: 'A bullet. With two sentences.' },
      { section: '§1', text: 'Another bullet continued on an indented line.' },
      { section: '§1.2', text: '**GET /v1/things**: list things.' },
      { section: '§1.2', text: '[GET /v1/things] Optional parameters:' },
      { section: '§1.2', text: 'limit | integer' },
      { section: '§1.2', text: 'muted | boolean' },
      { section: '§1.2', text: '**PUT /v1/things/:id**: update a thing.' },
      { section: '§1.2', text: '[PUT /v1/things/:id] Optional parameters:' },
      { section: '§2', text: 'Same.' },
      { section: '§2', text: 'Same. (2)' },
    ]);
  });

  it('titles every section a check cites, §0 (the text before §1) included, for the reports and the docs', () => {
    const titles = sectionTitles(readSpecText());
    expect(titles.get('§0')).toBe('Introduction (before §1)');
    expect(titles.get('§4.1')).toBe('Conversations');
  });

  it('yields units whose texts are unique within their section, for the real spec', () => {
    const keys = extractUnits(readSpecText()).map((unit) => `${unit.section} ${unit.text}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});

const problemHeadings: Record<keyof ManifestAudit, string> = {
  unlistedUnits: 'Sentences of the spec with no entry in suites/requirements.json (add one with checks or excluded)',
  unknownTexts:
    'Entries whose text is no sentence of the spec (reworded or removed there? fix the text or drop the entry)',
  wrongSections: 'Entries filed under the wrong section',
  duplicateEntries: 'Sentences with more than one entry',
  neitherOrBoth: 'Entries that need exactly one of a non-empty "checks" or a non-empty "excluded" reason',
  unknownChecks: 'Entries citing check ids that no suite file defines',
  uncitedChecks: 'Checks that no entry cites (which sentence does each enforce? cite it in suites/requirements.json)',
};

describe('suites/requirements.json is in step with the spec and the checks', async () => {
  const audit = auditManifest(extractUnits(readSpecText()), readManifest(), (await loadRegistry()).ids);

  for (const kind of Object.keys(problemHeadings) as Array<keyof ManifestAudit>) {
    it(`has no ${kind}`, () => {
      const offenders = audit[kind];
      expect(offenders, `${problemHeadings[kind]}:\n  ${offenders.join('\n  ')}`).toEqual([]);
    });
  }
});

describe('auditManifest', () => {
  const units = [
    { section: '§1', text: 'Covered.' },
    { section: '§1', text: 'Uncovered.' },
    { section: '§2', text: 'Moved.' },
  ];
  const entries: RequirementEntry[] = [
    { section: '§1', text: 'Covered.', checks: ['a.b.c', 'no.such.check'] },
    { section: '§1', text: 'Covered.', excluded: 'informative' },
    { section: '§1', text: 'Moved.', checks: ['a.b.c'] },
    { section: '§1', text: 'Gone from the spec.', checks: [], excluded: '' },
    { section: '§2', text: 'Moved.', checks: ['a.b.c'], excluded: 'both' },
  ];

  it('names every kind of offender', () => {
    expect(auditManifest(units, entries, ['a.b.c', 'd.e.f'])).toEqual({
      unlistedUnits: ['§1 "Uncovered."'],
      unknownTexts: ['§1 "Gone from the spec."'],
      wrongSections: ['§1 "Moved." is a unit of §2'],
      duplicateEntries: ['§1 "Covered." has 2 entries'],
      neitherOrBoth: [
        '§1 "Gone from the spec." has neither checks nor an exclusion reason',
        '§2 "Moved." has both checks and an exclusion reason',
      ],
      unknownChecks: ['§1 "Covered." cites no.such.check'],
      uncitedChecks: ['d.e.f'],
    });
  });
});

describe('parseManifest', () => {
  it('names malformed entries by index', () => {
    const json = JSON.stringify([
      { section: '§1', text: 'A.', check: ['x'] },
      { section: 1, text: 'B.', checks: 'x' },
    ]);
    expect(() => parseManifest(json)).toThrow(
      [
        'suites/requirements.json is malformed:',
        'entry 0 ("A.") has an unknown key "check" (allowed: section, text, checks, excluded, note)',
        'entry 1 ("B.") needs "section" as a string',
        'entry 1 ("B.") has "checks" that is not an array of strings',
      ].join('\n'),
    );
  });
});

describe('renderRequirementsList', () => {
  it('lists every entry under its section, with its checks or its exclusion', () => {
    const page = renderRequirementsList();
    expect(page).toContain('Generated from suites/requirements.json by `npm run docs`; edit there, not here.');
    expect(page).toContain('### §4.1 Conversations');
    expect(page).toContain('  - checks: `conversations.update.others-unchanged`');
    expect(page).toContain('  - excluded: not shown: ');
    expect(page).toContain('Bearer &lt;ACCESS_TOKEN&gt;');
  });
});
