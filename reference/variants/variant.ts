// A valid variant: a profile of the reference server that makes one of the choices the spec leaves
// open differently from the default. The suite must pass every one (spec-conformant servers differ
// in exactly these ways), with at most the settings a user would declare for such a server.
import type { ReferenceChoices } from '../choices.ts';
import type { ServerModifier } from '../modifiers.ts';

export interface Variant<Name extends string = string> {
  name: Name;
  description: string;
  /** The sentence(s)/section of the spec that leaves this open. */
  leavesOpen: string;
  /** Choices made in the clean handlers (choices.ts); the others keep their defaults. */
  choices?: Partial<ReferenceChoices>;
  /** Choices made at the reply seam (modifiers.ts), innermost first. */
  modifiers?: ServerModifier[];
  /** Serve HTTP/1.0 and close the connection after each response (http10.ts). */
  http10?: boolean;
  /** Settings the user would declare for the suite, by env name, e.g. { PAGINATION: 'cursor:cursor:next_cursor' }. */
  declares?: Record<string, string>;
  /** Run conditions the matrix sets up itself. */
  setup?: 'foreign-data' | 'concurrent-run';
}

/** The variants, their names kept as literal types: the registry's VariantName is the union of them. */
export function defineVariants<const Name extends string>(variants: readonly Variant<Name>[]): readonly Variant<Name>[] {
  return variants;
}
