// The spec's section titles (§4.1 → Conversations), so the matrix says what a section is about.
// They come from the spec this suite ships, which is the one its checks cite.
import { sectionTitles } from '../../conformance/requirements/extract.ts';
import { readSpecText } from '../../conformance/requirements/sources.ts';

let titles: Map<string, string> | undefined;

export function sectionTitle(section: string): string | undefined {
  titles ??= sectionTitles(readSpecText());
  return titles.get(section);
}

export const bySectionNumber = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });
