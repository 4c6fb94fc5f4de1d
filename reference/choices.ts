// The choices the spec leaves open ("not shown"), which the reference server can make either way.
// The defaults are the ones documented in reference/README.md; the valid variants (variants/)
// make the others, and the suite must pass them all.

export interface ReferenceChoices {
  /** Identifier format (§2: "not shown"). */
  ids: 'prefixed' | 'uuid';
  /** Unit of the timestamps (§2: "not shown"). */
  timestampUnit: 'seconds' | 'milliseconds';
  /** List order (not shown). */
  order: 'newest-first' | 'oldest-first';
  /** How the next page is asked for (§4.3: not shown). */
  pagination: 'starting_after' | 'cursor' | 'page';
  /** Largest page (§8: "Its maximum value ... not shown"), and what a larger limit gets. */
  maxLimit: number;
  overMaxLimit: 'clamp' | 'reject';
  /** PUT /v1/groups/:id contacts (§4.2: "replaces ... or merges ...: not shown"). */
  groupContacts: 'replace' | 'merge';
  /** Body encodings (§4: "other body encodings: not shown"). */
  bodies: 'form-and-json' | 'json-only';
}

export const defaultChoices: ReferenceChoices = {
  ids: 'prefixed',
  timestampUnit: 'seconds',
  order: 'newest-first',
  pagination: 'starting_after',
  maxLimit: 100,
  overMaxLimit: 'clamp',
  groupContacts: 'replace',
  bodies: 'form-and-json',
};
