// A valid variant: a profile of the reference server that makes one of the choices the spec leaves
// open differently from the default. The suite must pass every one (spec-conformant servers differ
// in exactly these ways), with at most the settings a user would declare for such a server.
import type { Declaration } from '../../lib/api/open-points.ts';
import type { ReadingOf, ReferenceChoices } from '../choices.ts';
import type { ServerModifier } from '../modifiers.ts';

/** The settings a user would declare for such a server, by env name, in the form the user writes them. */
export type Declares = {
  PAGINATION?: 'starting_after' | `cursor:${string}:${string}` | `page:${string}` | `offset:${string}` | 'none';
  BODY_ENCODING?: ReadingOf<'body-encoding'>;
  GROUP_CONTACTS?: ReadingOf<'group-contacts'>;
  // The settings that narrow the server profile (lib/api/open-points.ts): statuses as "404,410".
  SUCCESS_STATUS?: string;
  REFUSAL_STATUS?: string;
  AUTH_REFUSAL_STATUS?: string;
  UNKNOWN_ID_STATUS?: string;
  FOREIGN_ID_STATUS?: string;
  DELETE_STATUS?: string;
  DELETE_OF_NOTHING?: ReadingOf<'delete-of-nothing'>;
  ERROR_BODY?: ReadingOf<'error-body'>;
  EMPTY_TEXT?: ReadingOf<'empty-text'>;
  GROUP_CONVERSATION_CREATE?: ReadingOf<'group-conversation-create'>;
  CONTACT_CONVERSATION_CREATE?: ReadingOf<'contact-conversation-create'>;
  LARGEST_LIMIT?: ReadingOf<'largest-limit'>;
  LIST_CONSISTENCY?: Declaration<ReadingOf<'list-consistency'>>;
  DEFAULT_LIST_SCOPE?: ReadingOf<'default-list-scope'>;
  GROUP_DELETE_CONVERSATION?: ReadingOf<'group-delete-conversation'>;
  GROUP_CONVERSATION_DELETE?: ReadingOf<'group-conversation-delete'>;
  CREATE_WITH_BOTH?: ReadingOf<'create-with-both'>;
  ARCHIVE_ARCHIVED?: ReadingOf<'archive-archived'>;
  MALFORMED_BOOLEAN?: ReadingOf<'malformed-boolean'>;
  TEXT_STORAGE?: ReadingOf<'text-storage'>;
  INVALID_LIMIT?: ReadingOf<'invalid-limit'>;
};

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
  /** Run conditions the matrix sets up itself. */
  setup?: 'foreign-data' | 'concurrent-run';
}

/** The variants, their names kept as literal types: the registry's VariantName is the union of them. */
export function defineVariants<const Name extends string>(variants: readonly Variant<Name>[]): readonly Variant<Name>[] {
  return variants;
}
