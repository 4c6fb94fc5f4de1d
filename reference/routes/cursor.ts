// The opaque cursor of choices.pagination = 'cursor': base64url of the sequence number of the last
// item of a page. A sequence number, not an id, so the cursor stays valid when that item is
// deleted before the next page is asked for (another client cleaning up).
import { badRequest } from '../respond.ts';

export const CURSOR_PARAM = 'cursor';

export function encodeCursor(seq: number): string {
  return Buffer.from(String(seq), 'utf8').toString('base64url');
}

/** The sequence number a cursor names; a 400 naming `cursor` for anything this server did not hand out. */
export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const seq = /^[1-9]\d*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(seq) || encodeCursor(seq) !== cursor) {
    throw badRequest(`${CURSOR_PARAM} is not a cursor from this list: ${JSON.stringify(cursor)}.`, CURSOR_PARAM);
  }
  return seq;
}
