// The spec's section titles (§4.1 → Conversations), so the matrix says what a section is about.
// They come from the spec this suite ships, which is the one its checks cite.
import { sectionTitles } from '../../conformance/requirements/extract.ts';
import { readSpecText } from '../../conformance/requirements/sources.ts';

let titles: Map<string, string> | undefined;

export function sectionTitle(section: string): string | undefined {
  titles ??= sectionTitles(readSpecText());
  return titles.get(section);
}

/** The sections a check cites: its spec field is written "§2.1, §4.1". */
export const sectionsOf = (spec: string): string[] => spec.split(',').map((section) => section.trim()).filter(Boolean);

export const bySectionNumber = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });
