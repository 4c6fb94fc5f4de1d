// The typed values of the settings whose parsers (parse-values.ts) read more than a number or a word.

export type PaginationStyle =
  | { kind: 'starting_after' }
  | { kind: 'cursor'; param: string; field: string }
  | { kind: 'page'; param: string }
  | { kind: 'offset'; param: string }
  | { kind: 'none' };

export type BodyEncoding = 'form' | 'json';

/** §4.2: "Whether contacts replaces the membership list or merges into it: not shown." */
export type GroupContactsSemantics = 'replace' | 'merge';
