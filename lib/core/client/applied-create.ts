// Whether a create that got no answer was applied all the same. A POST is not idempotent (RFC 9110,
// section 9.2.2): sent again blindly, it may make a second object. What it sent tells its object
// apart: a group by its name, a one-to-one conversation by its contact_id, each a text of the run's
// own, carrying its marker (run-names.ts), as sent or normalised. The user's list is read for it, page by page, in the
// declared pagination; the caller sends the create again only once the list, read to its end,
// shows it was not applied, or shows the object it made (which the ledger then takes, to delete).
import { normalisationsOf } from '../profile/server-profile.ts';
import type { PaginationStyle } from '../config/settings.ts';
import type { QueryValue } from '../../api/operations.ts';
import { nextPageQuery } from './pagination.ts';

/** The field whose value tells a create's object apart, by operation. */
export const markedField = { createGroup: 'name', createConversation: 'contact_id' } as const;

/**
 * The run's marked texts in a body sent as written (a JSON array, a key given twice, a form sent
 * as JSON): `msgapi`, the run id, a letter past f, and the rest of the name (run-names.ts), which
 * no encoding of the body changes. Any of them may be what the object was made with.
 */
export const markedTextsIn = (text: string): string[] => [
  ...new Set(text.match(/msgapi[0-9a-f]{8}[g-z][0-9a-z]*/g) ?? []),
];

export type CreateOperation = keyof typeof markedField;

export type Applied =
  /** The list holds an object with the sent value: the create was applied. */
  | { applied: true; id: string; conversationId?: string | undefined }
  /**
   * The create sent nothing of the run's to find its object by: a body a correct server refuses
   * (no name, no contact_id), or a conversation of a group, which the run's sweep finds by its
   * group whatever a second create makes. Sent again, it can lose no object of the run's.
   */
  | { unmarked: true }
  /** The list, read to its end, holds none. */
  | { applied: false }
  /** It cannot be told: nothing marked was sent, or the list could not be read to its end. */
  | { unknown: string };

export interface AnsweredPage {
  status: number;
  body: unknown;
}

/** At most this many pages of 100: a user with more records is not searched (the create is not sent again). */
const maxPages = 20;

/**
 * Reads the list of the create's kind (`list`, one page per call) for the object a create that
 * sent `sent` (the texts its object would hold in the marked field) would have made. `isSuccess`
 * judges a page's status (any reading of the profile).
 */
export async function appliedCreate(
  operation: CreateOperation,
  sent: readonly string[],
  pagination: PaginationStyle,
  list: (query: Record<string, QueryValue>) => Promise<AnsweredPage>,
  isSuccess: (status: number) => boolean,
): Promise<Applied> {
  const field = markedField[operation];
  const texts = sent.filter((text) => text !== '');
  if (texts.length === 0) return { unmarked: true };
  // As sent, or as a server that normalises text stores it (profile: text-storage): the text is the run's own either way.
  const stored = new Set(texts.flatMap((text) => [...normalisationsOf(text)]));
  let query: Record<string, QueryValue> = { limit: 100 };
  let itemsSoFar = 0;
  for (let index = 0; index < maxPages; index++) {
    const page = await list(query);
    const envelope = page.body as { has_more?: unknown; data?: unknown } | undefined;
    if (!isSuccess(page.status) || !Array.isArray(envelope?.data))
      return { unknown: `the list answered ${page.status} without a page of items` };
    const items = envelope.data as Array<Record<string, unknown>>;
    const found = items.find(
      (item) => typeof item[field] === 'string' && stored.has(item[field]) && typeof item.id === 'string',
    );
    if (found !== undefined)
      return {
        applied: true,
        id: found.id as string,
        conversationId: typeof found.conversation_id === 'string' ? found.conversation_id : undefined,
      };
    if (envelope.has_more !== true) return { applied: false };
    itemsSoFar += items.length;
    const last = items.at(-1)?.id;
    const next = nextPageQuery(pagination, {
      index,
      itemsSoFar,
      lastId: typeof last === 'string' ? last : undefined,
      envelope: envelope as Record<string, unknown>,
    });
    if (!('query' in next)) return { unknown: 'the list has more pages than can be asked for' };
    query = { limit: 100, ...next.query };
  }
  return { unknown: `the list has more than ${maxPages} pages of 100` };
}
