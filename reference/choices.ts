// The choices the spec leaves open ("not shown"), which the reference server can make either way.
// The defaults are the ones documented in reference/README.md; the valid variants (variants/)
// make the others, and the suite must pass them all. Where the register of open points
// (lib/api/open-points.ts) names the readings, the choice is typed from it.
import type { ReadingOf } from '../lib/api/open-points.ts';

export type { ReadingOf };

/** Longest texts accepted (input-rules); longer ones get a 400 naming the parameter. */
export interface TextLimits {
  /** names, descriptions, ids sent as values (contact_id, group_id, pinned_message_id), usernames */
  text: number;
  /** avatar_url */
  url: number;
}

export interface ReferenceChoices {
  /** Identifier format (§2: "not shown"). */
  ids: 'prefixed' | 'uuid';
  /** Unit of the timestamps (§2: "not shown"). */
  timestampUnit: 'seconds' | 'milliseconds';
  /** List order (not shown). */
  order: 'newest-first' | 'oldest-first';
  /** How the next page is asked for (§4.3: not shown); 'none': only the first page can be had. */
  pagination: 'starting_after' | 'cursor' | 'page' | 'offset' | 'none';
  /** Largest page (§8: "Its maximum value ... not shown"), and what a larger limit gets. */
  maxLimit: number;
  overMaxLimit: 'clamp' | 'reject';
  /** PUT /v1/groups/:id contacts (§4.2: "replaces ... or merges ...: not shown"). */
  groupContacts: ReadingOf<'group-contacts'>;
  /** Body encodings (§4: "other body encodings: not shown"). */
  bodies: 'form-and-json' | 'json-only';
  /** An empty text sent (description=, pinned_message_id=) is stored as sent, or as "a field without a value" (§2). */
  emptyText: ReadingOf<'empty-text'>;
  /** POST /v1/conversations with the group_id of a group whose conversation exists (§1: "Each group has one conversation"). */
  groupConversationCreate: ReadingOf<'group-conversation-create'>;
  /** The status of that refusal, under 'refused'. */
  groupConversationRefusal: 409 | 422;
  /** POST /v1/conversations with the contact_id of a one-to-one conversation that exists: a new one, or that one. */
  contactConversationCreate: 'new' | 'existing';
  /** §2.2: "length and character limits ... not shown": null accepts any length. */
  textLimits: TextLimits | null;
  /** Texts with C0 control characters (U+0000–U+001F) accepted, or refused with a 400. */
  controlCharacters: 'accepted' | 'refused';
  /** What moves last_active_at (§2.1): nothing (this API has no messages), or every PUT. */
  lastActiveAt: 'never' | 'on-update';
  /** What moves last_opened_at (§2.1): nothing, or every retrieve (GET /v1/conversations/:id). */
  lastOpenedAt: 'never' | 'on-retrieve';
  /** §2.2 "Other fields of the contact object: not shown": kept and echoed, or only username kept. */
  contactFields: 'kept' | 'username-only';
  /** Members in the order given, or sorted by username. */
  memberOrder: 'given' | 'by-username';
  /** §4.1 "Behaviour of a filter set to false: not shown": items without the flag, or no filter at all. */
  filterFalse: 'without' | 'ignored';
  /** §3 "Restoring ...: not shown": archived_at=null restores, or is refused with a 400. */
  restore: 'allowed' | 'refused';
  /** §2.2 "length ... limits ...: not shown": the largest body read, in bytes (413 past it); null reads any. */
  bodyLimit: number | null;
  /** Raw bytes of a body that are not UTF-8: refused with a 400, or read as U+FFFD (TextDecoder without fatal). */
  textBytes: 'utf-8-only' | 'replaced';
  /** A list without archived (§4.1, §4.2): every record, or the active ones only (an inbox). */
  defaultListScope: ReadingOf<'default-list-scope'>;
  /** §3 "the group, including its messages, is removed permanently": its conversation removed with it, or kept. */
  groupDeleteConversation: ReadingOf<'group-delete-conversation'>;
  /** §1 "Each group has one conversation": DELETE of a group's own conversation allowed, or refused with a 409. */
  groupConversationDelete: ReadingOf<'group-conversation-delete'>;
  /** §4.1 "At least one of them must be given": a create with both keeps both, only the group_id, or is refused. */
  createWithBoth: 'both' | 'group-only' | 'refused';
  /** §3 "all other transitions: not shown": archived_at on an archived record restamps it, keeps the first, or is refused. */
  archiveArchived: ReadingOf<'archive-archived'>;
  /** §2.2: a username given twice in contacts is kept twice, merged into one member, or refused. */
  repeatedMembers: ReadingOf<'unique-members'>;
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
  emptyText: 'kept',
  groupConversationCreate: 'existing',
  groupConversationRefusal: 409,
  contactConversationCreate: 'new',
  textLimits: null,
  controlCharacters: 'accepted',
  lastActiveAt: 'never',
  lastOpenedAt: 'never',
  contactFields: 'kept',
  memberOrder: 'given',
  filterFalse: 'without',
  restore: 'allowed',
  bodyLimit: 1024 * 1024,
  textBytes: 'utf-8-only',
  defaultListScope: 'all',
  groupDeleteConversation: 'removed',
  groupConversationDelete: 'allowed',
  createWithBoth: 'both',
  archiveArchived: 'restamped',
  repeatedMembers: 'kept',
};
