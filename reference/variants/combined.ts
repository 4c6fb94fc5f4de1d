// Combined profiles: for a seed, COMBINED_COUNT variants, each taking one reading of every entry
// (readings.ts), drawn independently and uniformly among the entry's default and its other
// readings. Pure and deterministic: the same seed gives the same profiles, and a profile's name
// (mix:<seed>:<n>) is enough to make it again, so `msgapi matrix --only mix:7:3` replays one.
//
// Two readings that decide the same answer are never skipped: the order of the entries in
// readings.ts is the rule (delete-answer decides DELETE over success-status, unknown-id-status
// decides an unknown id over refusal-status, foreign-id-status another user's ids, error-body
// every refusal's body), and each profile's description names the rules that applied to it.
import { profileEntries } from '../../lib/api/open-points.ts';
import type { ServerModifier } from '../modifiers.ts';
import { readingEntries, readingsOf, type Pick, type ReadingEntry, type ServerReading } from './readings.ts';
import { narrowingsOf } from './narrowings.ts';
import type { Declares, Variant } from './variant.ts';

export const COMBINED_COUNT = 20;

export type CombinedVariantName = `mix:${number}:${number}`;

/** mulberry32: a small seeded generator of floats in [0, 1). */
function generator(seed: number): () => number {
  // Both halves of a seed beyond 32 bits count (SEED may be any safe integer).
  let state = ((Math.trunc(seed) % 4_294_967_296) ^ Math.floor(Math.trunc(seed) / 4_294_967_296) ^ 0x9e3779b9) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type { Pick };

/** Where two drawn readings decide one answer, the rule that settles it (readings.ts order). */
const rules: ReadonlyArray<{ when: [ReadingEntry, ReadingEntry]; rule: string }> = [
  { when: ['success-status', 'delete-answer'], rule: 'delete-answer decides what DELETE answers' },
  { when: ['refusal-status', 'unknown-id-status'], rule: 'unknown-id-status decides the status of an unknown id' },
  {
    when: ['unknown-id-status', 'foreign-id-status'],
    rule: "foreign-id-status decides the status of another user's id",
  },
  {
    when: ['unknown-id-status', 'delete-of-nothing'],
    rule: 'delete-of-nothing decides what a DELETE of an unknown id answers',
  },
  {
    when: ['extra-fields', 'error-body'],
    rule: 'error-body decides the body of a refusal (no extra fields on one that is not JSON)',
  },
  {
    when: ['refusal-status', 'group-conversation-create'],
    rule: 'group-conversation-create decides the status of its own refusal',
  },
  {
    when: ['refusal-status', 'group-conversation-delete'],
    rule: 'group-conversation-delete decides the status of its own refusal',
  },
];

/** The rules that applied to these picks: both entries took a reading other than their default. */
export function rulesApplied(picks: readonly Pick[]): string[] {
  const drawn = new Set(picks.filter((pick) => pick.reading !== undefined).map((pick) => pick.entry));
  return rules.filter(({ when }) => when.every((entry) => drawn.has(entry))).map(({ rule }) => rule);
}

/** The spec's sentence an entry rests on, as the register quotes it. */
export function sentenceOf(entry: ReadingEntry): string {
  const registered = profileEntries.find((candidate) => candidate.key === entry);
  if (registered === undefined) throw new Error(`${entry} is not in the register (lib/api/open-points.ts).`);
  return `${registered.section}: "${registered.sentence}"`;
}

/** The variant of one profile: the choices, modifiers (in readings.ts order) and declarations of its readings. */
export function profileVariant<Name extends string>(
  name: Name,
  picks: readonly Pick[],
  narrowed: readonly string[] = [],
): Variant<Name> {
  const drawn = picks.filter((pick): pick is Pick & { reading: ServerReading } => pick.reading !== undefined);
  const choices = Object.assign({}, ...drawn.map((pick) => pick.reading.choices ?? {}));
  const modifiers: ServerModifier[] = drawn.flatMap((pick) => pick.reading.modifiers ?? []);
  const narrowings = narrowingsOf(picks) as Readonly<Record<string, string>>;
  const declares: Declares = Object.assign(
    {},
    ...drawn.map((pick) => pick.reading.declares ?? {}),
    Object.fromEntries(
      narrowed.filter((setting) => narrowings[setting] !== undefined).map((setting) => [setting, narrowings[setting]]),
    ),
  );
  const declaredNarrowings = narrowed
    .filter((setting) => narrowings[setting] !== undefined)
    .map((setting) => `${setting}=${narrowings[setting]}`);
  const applied = rulesApplied(picks);
  const readings = drawn.map((pick) => `${pick.entry}:${pick.name}`).join(', ') || 'every entry at its default';
  return {
    name,
    description: `Combined profile: ${readings}${applied.length > 0 ? `; rules: ${applied.join('; ')}` : ''}${declaredNarrowings.length > 0 ? `; declared: ${declaredNarrowings.join(' ')}` : ''}.`,
    leavesOpen:
      [...new Set(drawn.map((pick) => sentenceOf(pick.entry)))].join(' ') ||
      "Nothing: the reference server's defaults.",
    choices,
    modifiers,
    declares,
  };
}

/** For each of COMBINED_COUNT profiles, one reading of every entry, drawn from the seed alone. */
export function drawPicks(seed: number, count = COMBINED_COUNT): Pick[][] {
  const random = generator(seed);
  return Array.from({ length: count }, () =>
    readingEntries.map((entry) => {
      const options = readingsOf(entry);
      const chosen = options[Math.floor(random() * options.length)]!;
      return { entry, name: chosen.name, reading: chosen.reading };
    }),
  );
}

export function combinedVariantNames(seed: number, count = COMBINED_COUNT): CombinedVariantName[] {
  return Array.from({ length: count }, (_, index) => `mix:${seed}:${index + 1}` as const);
}

/**
 * Which narrowing settings each profile declares: each one with even odds, drawn from a generator
 * of its own (so that adding settings never changes which readings a seed draws). A profile then
 * tests both that every reading is accepted undeclared and that a declared one is held to.
 */
export function drawNarrowed(seed: number, count = COMBINED_COUNT): string[][] {
  const random = generator(seed + 0x5bd1e995);
  // Every narrowing setting: those of the defaults (ERROR_BODY among them, the default body being JSON).
  const settings = Object.keys(narrowingsOf([])).sort();
  return Array.from({ length: count }, () => settings.filter(() => random() < 0.5));
}

/** The combined profiles of a seed. */
export function drawProfiles(seed: number, count = COMBINED_COUNT): Variant<CombinedVariantName>[] {
  const names = combinedVariantNames(seed, count);
  const narrowed = drawNarrowed(seed, count);
  return drawPicks(seed, count).map((picks, index) => profileVariant(names[index]!, picks, narrowed[index]));
}

const COMBINED_NAME = /^mix:(0|[1-9]\d*):([1-9]\d*)$/;

/** The profile a name like mix:7:3 stands for, made again from its seed; undefined for any other name. */
export function combinedVariant(name: string): Variant<CombinedVariantName> | undefined {
  const match = COMBINED_NAME.exec(name);
  if (match === null) return undefined;
  const [seed, index] = [Number(match[1]), Number(match[2])];
  if (!Number.isSafeInteger(seed) || index > COMBINED_COUNT) return undefined;
  return drawProfiles(seed)[index - 1];
}
