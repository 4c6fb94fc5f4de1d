// docs/requirements.md, generated from suites/requirements.json: every sentence, bullet and table
// row of the spec, by section, with the checks that enforce it or the reason none does.
import { sectionTitles } from '../../conformance/requirements/extract.ts';
import type { RequirementEntry } from '../../conformance/requirements/manifest.ts';
import { readManifest, readSpecText } from '../../conformance/requirements/sources.ts';

// Spec text may hold <ACCESS_TOKEN>, which Markdown would swallow as an HTML tag.
const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function renderEntry(entry: RequirementEntry): string[] {
  const lines = [`- ${escapeHtml(entry.text)}`];
  if (entry.checks?.length) lines.push(`  - checks: ${entry.checks.map((id) => `\`${id}\``).join(', ')}`);
  if (entry.excluded) lines.push(`  - excluded: ${escapeHtml(entry.excluded)}`);
  if (entry.note) lines.push(`  - note: ${escapeHtml(entry.note)}`);
  return lines;
}

/** Entries grouped by section, sections in the order the manifest first names them (the spec's). */
function bySection(entries: readonly RequirementEntry[]): Map<string, RequirementEntry[]> {
  const groups = new Map<string, RequirementEntry[]>();
  for (const entry of entries) groups.set(entry.section, [...(groups.get(entry.section) ?? []), entry]);
  return groups;
}

export function renderRequirementsList(): string {
  const entries = readManifest();
  const titles = sectionTitles(readSpecText());
  const excluded = entries.filter((entry) => !entry.checks?.length).length;
  const sections = [...bySection(entries)].flatMap(([section, sectionEntries]) => {
    const title = titles.get(section) ?? '';
    const level = section.includes('.') ? '###' : '##';
    return [`${level} ${section} ${title}`.trimEnd(), '', ...sectionEntries.flatMap(renderEntry), ''];
  });
  return [
    '# The spec, sentence by sentence',
    '',
    'Generated from suites/requirements.json by `npm run docs`; edit there, not here.',
    'Every sentence, bullet and table row of `spec/messaging-api-v1.md`, with the checks that enforce it',
    'or the reason none does. `npm test` fails when a sentence has neither, or when an entry names a',
    'sentence the spec no longer has.',
    '',
    `${entries.length} units: ${entries.length - excluded} enforced by checks, ${excluded} excluded.`,
    '',
    ...sections,
  ].join('\n');
}
