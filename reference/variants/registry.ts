// The valid variants, by name: each makes one choice the spec leaves open differently from the
// reference server's default (README.md, "Choices where the spec is silent"). The
// matrix runs the suite against each; the suite must pass them all. Most are generated from the
// register of open points (readings.ts: one variant per non-default reading, `<entry>:<reading>`),
// a few are written by hand (HTTP/1.0, slowness, and run conditions the matrix sets up), and a
// seed draws COMBINED_COUNT combined profiles (combined.ts) that the matrix runs as well.
import type { ReferenceChoices } from '../choices.ts';
import type { ServerModifier } from '../modifiers.ts';
import { combinedVariant, sentenceOf, type CombinedVariantName } from './combined.ts';
import { readingEntries, serverReadings, type EntryReadings, type ReadingVariantName } from './readings.ts';
import { slowAnswers } from './slow.ts';
import { defineVariants, type Variant } from './variant.ts';

const handWritten = defineVariants([
  {
    name: 'http10-close',
    description: 'The server speaks HTTP/1.0 and closes the connection after each response (Connection: close).',
    leavesOpen:
      'The spec names no HTTP version and no connection handling: addresses are "relative to {base_url}" and nothing more is said.',
    http10: true,
  },
  {
    name: 'idle-close-200ms',
    description:
      'The server closes a kept-alive connection 200 ms after its last answer, and says nothing of it (no Keep-Alive: timeout= hint), as servers with a short keep-alive timeout do.',
    leavesOpen:
      'The spec says nothing of connections; RFC 9112 §9.3 lets a server close an idle persistent connection at any time, and §9.3.1 lets a client retry an idempotent request sent as it closed.',
    idleCloseMs: 200,
  },
  {
    name: 'slow',
    description: 'Every answer, errors included, is sent 30 ms later than the clean server would send it.',
    leavesOpen: 'The spec states no response time: nothing in §4 or §8 bounds how long an answer takes.',
    modifiers: [slowAnswers],
  },
  {
    name: 'foreign-data',
    description:
      'Both users already hold conversations and groups the suite did not create (the matrix seeds them and checks that the run left them unchanged).',
    leavesOpen:
      'Nothing in the spec says the account is empty: the lists of §4.1 and §4.2 return whatever the user has.',
    setup: 'foreign-data',
  },
  {
    name: 'concurrent-run',
    description: 'A second run of the suite works on the same target, with the same tokens, at the same time.',
    leavesOpen:
      'Nothing in the spec gives a client the server to itself: another client of the same user may create, change and delete records at any time.',
    setup: 'concurrent-run',
  },
]);

/** One variant per non-default reading of each entry, named `<entry>:<reading>`. */
const readingVariants: Variant<ReadingVariantName>[] = readingEntries.flatMap((entry) =>
  Object.entries((serverReadings[entry] as EntryReadings).others).map(([reading, server]) => ({
    name: `${entry}:${reading}` as ReadingVariantName,
    description: server.description,
    leavesOpen: sentenceOf(entry),
    ...(server.choices ? { choices: server.choices } : {}),
    ...(server.modifiers ? { modifiers: server.modifiers } : {}),
    ...(server.declares ? { declares: server.declares } : {}),
  })),
);

/** Selects the combined profiles of the matrix's seed (entries.ts makes them): not a variant itself. */
export const COMBINED_DRAW = 'combined';

/** The names come from the definitions: a variant is named once, where it is written or generated. */
export type VariantName =
  (typeof handWritten)[number]['name'] | ReadingVariantName | CombinedVariantName | typeof COMBINED_DRAW;

const fixed: readonly Variant<VariantName>[] = [...readingVariants, ...handWritten];

/** Every variant that does not depend on a seed, in the order of the matrix. */
export const variantNames: readonly VariantName[] = fixed.map((variant) => variant.name);

/** The fixed variants by name; a combined profile's name (mix:<seed>:<n>) is made again on demand. */
class Variants extends Map<VariantName, Variant<VariantName>> {
  override get(name: VariantName): Variant<VariantName> | undefined {
    return super.get(name) ?? combinedVariant(name);
  }

  override has(name: VariantName): boolean {
    return this.get(name) !== undefined;
  }
}

export const variants: ReadonlyMap<VariantName, Variant<VariantName>> = new Variants(
  fixed.map((variant) => [variant.name, variant]),
);

/**
 * A fixed variant or a combined profile (mix:<seed>:<n>): a name a server can be made of. Not
 * COMBINED_DRAW, which only the matrix expands (msgapi serve --variant takes what this accepts).
 */
export function isVariantName(name: string): name is VariantName {
  return name !== COMBINED_DRAW && variants.has(name as VariantName);
}

export interface VariantServerOptions {
  choices: Partial<ReferenceChoices>;
  modifiers: readonly ServerModifier[];
  http10: boolean;
  idleCloseMs?: number;
}

/** What startReferenceServer needs for this variant (users, port and host aside). */
export function variantServerOptions(variant: Variant): VariantServerOptions {
  return {
    choices: variant.choices ?? {},
    modifiers: variant.modifiers ?? [],
    http10: variant.http10 ?? false,
    ...(variant.idleCloseMs === undefined ? {} : { idleCloseMs: variant.idleCloseMs }),
  };
}
