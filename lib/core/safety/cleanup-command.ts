// The msgapi cleanup command that tries again to remove what a run left on a target, written out
// whole (the target, how to talk to it, the ledger or the marker), so that a person can paste it.
// The tokens are never in it: cleanup reads ACCESS_TOKEN (and SECOND_ACCESS_TOKEN) as the run did.
import { formatPagination } from '../config/parse-values.ts';
import type { BodyEncoding, PaginationStyle } from '../config/settings.ts';

export interface CleanupTarget {
  url: string;
  encoding: BodyEncoding;
  /** The run's, declared or found out: cleanup's marker listing walks pages in it. */
  pagination: PaginationStyle;
}

/** A word the shell passes through unchanged, or the word in single quotes. */
const shellWord = (text: string): string =>
  /^[\w.,:/@=+%-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;

/** `msgapi cleanup --ledger FILE …` (the ledger, and the run's marker in its name) or `--marker RUN_ID …`. */
export function cleanupCommand(target: CleanupTarget, what: { ledger: string } | { marker: string }): string {
  return [
    'msgapi',
    'cleanup',
    ...('ledger' in what ? ['--ledger', shellWord(what.ledger)] : ['--marker', shellWord(what.marker)]),
    '--base-url',
    shellWord(target.url),
    '--body-encoding',
    target.encoding,
    '--pagination',
    shellWord(formatPagination(target.pagination)),
  ].join(' ');
}

/** What the command needs beside itself, said once where it is printed. */
export const cleanupTokensNote = 'with ACCESS_TOKEN (and SECOND_ACCESS_TOKEN, when the run had one) set as for the run';
