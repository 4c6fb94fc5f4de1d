// Text written for a terminal (a setting's help, a default), made safe to show in Markdown: outside
// code spans, the characters Markdown would read as emphasis, HTML or links (* < [ ] \ |) are escaped,
// so that "cursor:<param>:<field>" or "properties.*/model.*" read as they do in --help.
export function markdownText(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\*<[\]|]/g, '\\$&')))
    .join('');
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}
