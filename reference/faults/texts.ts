// Text changed on its way into the store (§2.2 leaves limits open, so a server may refuse a text;
// it may not keep another one): what a column's character set or a sanitiser does, found by the
// classes of text the suite sends (harness/properties/text-classes.ts), which no issue had listed.
import { defineFaults } from './fault.ts';
import { mapParams } from './helpers.ts';
import { spec } from './spec.ts';

/** The string values of these parameters, changed; other values as they are. */
const changeText = (names: readonly string[], change: (text: string) => string) => (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      names.includes(name) && typeof value === 'string' ? change(value) : value,
    ]),
  );

export const textFaults = defineFaults([
  {
    name: 'conversations.create.astral-dropped',
    ...spec.contactIdField,
    breaks:
      'characters outside the Basic Multilingual Plane (emoji, CJK extension B) are dropped from contact_id, as a three-byte UTF-8 column stores them',
    detectedBy: ['conversations.create.unusual-text', 'properties.create.accepted-returned-exactly'],
    modifier: mapParams(
      'conversations.create',
      changeText(['contact_id'], (text) => text.replace(/[\u{10000}-\u{10FFFF}]/gu, '')),
    ),
  },
  {
    name: 'groups.create.control-characters-stripped',
    ...spec.nameParam,
    breaks:
      "control characters (line breaks, tabs, NUL, DEL) are stripped from a new group's name and description, as a sanitiser would",
    detectedBy: ['groups.create.unusual-text', 'properties.create.accepted-returned-exactly'],
    modifier: mapParams(
      'groups.create',
      // eslint-disable-next-line no-control-regex -- control characters are what this fault strips
      changeText(['name', 'description'], (text) => text.replace(/[\u0000-\u001f\u007f]/g, '')),
    ),
  },
]);
