// A valid variant: a profile of the reference server that makes one of the choices the spec leaves
// open differently from the default. The suite must pass every one (spec-conformant servers differ
// in exactly these ways), with at most the settings a user would declare for such a server.
import type { WrittenSettings } from '../../lib/api/open-points.ts';
import type { ReferenceChoices } from '../choices.ts';
import type { ServerModifier } from '../modifiers.ts';

/**
 * The settings a user would declare for such a server, by env name, in the form the user writes
 * them ("404,410", EMPTY_TEXT: 'null'): the register's settings (lib/api/open-points.ts), so a new
 * entry's setting can be declared here with nothing written in this file.
 */
export type Declares = WrittenSettings;

/** What a variant changes in the server, and what the suite is told about it. */
export interface Profile {
  /** Choices made in the clean handlers (choices.ts); the others keep their defaults. */
  choices?: Partial<ReferenceChoices>;
  /** Choices made at the seams (modifiers.ts), innermost first. */
  modifiers?: readonly ServerModifier[];
  /** Settings the user would declare for the suite, e.g. { PAGINATION: 'cursor:cursor:next_cursor' }. */
  declares?: Declares;
}

export interface Variant<Name extends string = string> extends Profile {
  name: Name;
  description: string;
  /** The sentence(s)/section of the spec that leaves this open. */
  leavesOpen: string;
  /** Serve HTTP/1.0 and close the connection after each response (http10.ts). */
  http10?: boolean;
  /** Close a kept-alive connection this long after its last answer, without a Keep-Alive hint (listen.ts). */
  idleCloseMs?: number;
  /** Run conditions the matrix sets up itself. */
  setup?: 'foreign-data' | 'concurrent-run';
}

/** The variants, their names kept as literal types: the registry's VariantName is the union of them. */
export function defineVariants<const Name extends string>(
  variants: readonly Variant<Name>[],
): readonly Variant<Name>[] {
  return variants;
}
