// The spec's requirement units: every sentence, bullet and table row, with the section it stands
// in. suites/requirements.json maps each unit to the checks that enforce it, so the extraction must
// be deterministic and plain enough that a person can predict a unit's text from the Markdown.

export interface RequirementUnit {
  /** `§N` or `§N.M` as the heading numbers it; `§0` for the text before the first numbered heading. */
  section: string;
  /** The unit as written in the spec, wrapped lines joined by one space. */
  text: string;
}

/** Text before the first numbered heading (the document's introduction). */
export const preambleSection = '§0';

/** The title of `§0`, which the spec does not number: its introduction, under the document's own title. */
export const preambleTitle = 'Introduction (before §1)';

// Abbreviations whose full stop does not end a sentence, written in lower case.
const abbreviations = new Set(['e.g.', 'i.e.', 'etc.', 'cf.', 'vs.']);

/**
 * Splits prose into sentences at '.', '!' or '?' followed by a space. A colon never splits
 * ("Response: the conversation object." is one sentence), nor does a known abbreviation or a
 * full stop followed by a lower-case letter ("e.g. the").
 */
export function splitSentences(paragraph: string): string[] {
  const words = paragraph.trim().split(/\s+/).filter(Boolean);
  const sentences: string[] = [];
  let current: string[] = [];
  words.forEach((word, index) => {
    current.push(word);
    const next = words[index + 1];
    const endsSentence =
      /[.!?]$/.test(word) && !abbreviations.has(word.toLowerCase()) && (next === undefined || !/^[a-z]/.test(next));
    if (endsSentence) {
      sentences.push(current.join(' '));
      current = [];
    }
  });
  if (current.length > 0) sentences.push(current.join(' '));
  return sentences;
}

// `## 4. Endpoints` and `### 4.1 Conversations`: the number names the section, the rest is its title.
const numberedHeading = /^#{2,3}\s+(\d+(?:\.\d+)?)\.?\s+(.*)$/;
const anyHeading = /^#{1,6}\s/;
const bullet = /^[-*]\s+/;
const tableSeparator = /^\|[\s:|-]+\|?\s*$/;
// An endpoint's paragraph opens with its name in bold: **GET /v1/conversations**: ...
const boldLead = /^\*\*([^*]+)\*\*/;

/** The title of every section, by its `§N` name: `§4.1` → `Conversations`, and `§0` its introduction. */
export function sectionTitles(specText: string): Map<string, string> {
  const titles = new Map<string, string>([[preambleSection, preambleTitle]]);
  for (const line of specText.split(/\r?\n/)) {
    const match = numberedHeading.exec(line.trim());
    if (match) titles.set(`§${match[1]}`, match[2]!.trim());
  }
  return titles;
}

function tableCells(line: string): string {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim())
    .join(' | ');
}

interface RawUnit extends RequirementUnit {
  /** The last bold lead seen in the section, to tell apart repeated sentences such as "Optional parameters:". */
  context: string | undefined;
}

function readRawUnits(specText: string): RawUnit[] {
  const units: RawUnit[] = [];
  let section = preambleSection;
  let context: string | undefined;
  let paragraph: string[] = [];
  let tableRow = 0; // rows seen in the current table: row 1 is the header, row 2 the separator
  let inBullet = false; // the previous line was a bullet or its continuation
  const add = (text: string) => units.push({ section, text, context });
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    const text = paragraph.join(' ');
    context = boldLead.exec(text)?.[1]?.trim() ?? context;
    splitSentences(text).forEach(add);
    paragraph = [];
  };

  for (const rawLine of specText.split(/\r?\n/)) {
    const line = rawLine.trim();
    const isTableLine = line.startsWith('|');
    if (!isTableLine) tableRow = 0;
    const continuesBullet = inBullet && line !== '' && /^\s/.test(rawLine);
    inBullet = false;
    if (continuesBullet) {
      // An indented line straight after a bullet belongs to that bullet.
      const last = units.at(-1)!;
      last.text = `${last.text} ${line}`;
      inBullet = true;
    } else if (line === '') {
      flushParagraph();
    } else if (anyHeading.test(line)) {
      flushParagraph();
      const number = numberedHeading.exec(line)?.[1];
      if (number !== undefined) {
        section = `§${number}`;
        context = undefined;
      }
    } else if (isTableLine) {
      flushParagraph();
      tableRow += 1;
      if (tableRow > 1 && !tableSeparator.test(line)) add(tableCells(line));
    } else if (bullet.test(line)) {
      flushParagraph();
      add(line.replace(bullet, '').trim());
      inBullet = true;
    } else {
      paragraph.push(line);
    }
  }
  flushParagraph();
  return units;
}

/**
 * Every unit of the spec, in document order. A text that occurs more than once in a section is
 * prefixed, in each place, with the endpoint it belongs to (`[PUT /v1/conversations/:id] ...`),
 * and numbered (` (2)`) if that is still not enough, so that (section, text) names one unit.
 */
export function extractUnits(specText: string): RequirementUnit[] {
  const raw = readRawUnits(specText);
  const key = (unit: RequirementUnit) => `${unit.section}\n${unit.text}`;
  const counts = new Map<string, number>();
  for (const unit of raw) counts.set(key(unit), (counts.get(key(unit)) ?? 0) + 1);

  const withContext = raw.map((unit) =>
    (counts.get(key(unit)) ?? 0) > 1 && unit.context !== undefined
      ? { section: unit.section, text: `[${unit.context}] ${unit.text}` }
      : { section: unit.section, text: unit.text },
  );
  const seen = new Map<string, number>();
  return withContext.map((unit) => {
    const occurrence = (seen.get(key(unit)) ?? 0) + 1;
    seen.set(key(unit), occurrence);
    return occurrence === 1 ? unit : { section: unit.section, text: `${unit.text} (${occurrence})` };
  });
}
