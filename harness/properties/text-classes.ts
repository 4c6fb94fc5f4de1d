// The classes of text real clients send, each an arbitrary: the generated inputs draw from all of
// them (anyText), and the checks that must reach every class in every run take one value of each
// (oneOfEachClass). §2.2 leaves the limits of text open, so a server may refuse any of them with a
// 4xx; what it accepts it stores as sent, or as a normalisation of it (profile: input-rules,
// empty-text, text-storage).
import fc from 'fast-check';

/**
 * Strings of 1 to maxLength characters taken from `alphabet`. Built from a unit of constants rather
 * than fc.stringMatching: a character class's arbitrary costs fast-check about a second of CPU to
 * build in every worker, and this one draws the same strings.
 */
export const stringOf = (alphabet: string, maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength });
const digits = '0123456789';
const lower = 'abcdefghijklmnopqrstuvwxyz';
export const alphanumeric = `${lower.toUpperCase()}${lower}${digits}`;
export const lowerAlphanumeric = `${lower}${digits}`;

export interface TextClass {
  name: string;
  values: fc.Arbitrary<string>;
}

/** Lone surrogates are left out: no encoding carries them (UTF-8 and JSON alike). */
export const textClasses: readonly TextClass[] = [
  { name: 'plain', values: stringOf(alphanumeric, 16) },
  { name: 'empty', values: fc.constant('') },
  { name: 'spaces', values: fc.constantFrom(' leading', 'trailing ', 'two  spaces', 'a b c', 'tab\tseparated') },
  {
    name: 'form-metacharacters',
    values: fc.constantFrom(
      'a+b',
      '1 + 1 = 2',
      '100%',
      '%20',
      '%2B',
      'a&b=c',
      '=x',
      '&&',
      'q?x=1#frag',
      '[0]',
      'contacts[0][username]',
    ),
  },
  {
    name: 'html-and-url',
    values: fc.constantFrom(
      '<b>bold</b>',
      '<script>alert(1)</script>',
      '"double"',
      "it's",
      '`back`',
      'https://example.com/a?b=c&d=e',
      '../../etc',
      '\\backslash',
      '{"json":true}',
    ),
  },
  {
    name: 'number-or-boolean-like',
    values: fc.constantFrom(
      '007',
      '0',
      '-1',
      '1e3',
      '3.14',
      '1_000',
      'true',
      'false',
      'null',
      'undefined',
      'NaN',
      '0x1F',
    ),
  },
  { name: 'unicode', values: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }) },
  {
    name: 'other-planes',
    values: fc.constantFrom('😀 emoji', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '🏳️‍🌈 flag', '𠜎𠜱 CJK-B', '𓀀 hieroglyph', '\u{10FFFD} private use'),
  },
  {
    name: 'combining-and-normalisation',
    values: fc.constantFrom(
      'e\u0301 decomposed',
      '\u00e9 composed',
      'A\u030A',
      '\u212B angstrom sign',
      'n\u0303o',
      '\u0915\u094D\u0937',
      'ﬁ ligature',
      'ｆｕｌｌ width',
    ),
  },
  {
    name: 'direction-and-invisible',
    values: fc.constantFrom(
      '\u200Bzero width',
      '\u200Djoiner',
      '\u202Eright-to-left',
      'שלום עולם',
      'مرحبا',
      '\uFEFFbyte order mark',
      'soft\u00ADhyphen',
    ),
  },
  {
    name: 'control-characters',
    values: fc.constantFrom('line\nbreak', 'cr\r\nlf', 'bell\u0007', 'nul\u0000byte', 'escape\u001b[31m', 'del\u007f'),
  },
  {
    name: 'long',
    values: fc
      .integer({ min: 256, max: 5_000 })
      .chain((length) => fc.string({ unit: 'grapheme-ascii', minLength: length, maxLength: length })),
  },
];

/** Text of any class, each class as likely as another (a plain class alone would rarely reach the others). */
export const anyText = (): fc.Arbitrary<string> => fc.oneof(...textClasses.map((textClass) => textClass.values));

/** One value of each class, drawn from the seed: what a run sends whatever its number of property cases. */
export function oneOfEachClass(seed: number): Array<{ textClass: string; text: string }> {
  return textClasses.map((textClass, index) => ({
    textClass: textClass.name,
    text: fc.sample(textClass.values, { seed: seed + index, numRuns: 1 })[0]!,
  }));
}
