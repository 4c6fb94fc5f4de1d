// The readings the reference server can take of each entry of the register of open points
// (lib/api/open-points.ts): per entry, its default and every other reading, each as choices
// (choices.ts), seam modifiers and what a user would declare for it. The registry makes one variant
// of each non-default reading (`<entry>:<reading>`), and combined.ts draws profiles from them.
//
// The order of the entries is the order in which their modifiers wrap the server (the first is
// the innermost), and it is also the rule where two readings decide one answer:
// - success-status never touches DELETE: delete-answer decides what a DELETE answers;
// - unknown-id-status comes after refusal-status: it decides the status of an unknown id;
// - foreign-id-status decides another user's ids over unknown-id-status (it sees them first);
// - delete-of-nothing decides a DELETE of an unknown id over unknown-id-status, after
//   foreign-id-status has answered another user's ids its own way;
// - error-body comes after every status reading and after extra-fields: it decides every
//   refusal's body (a refusal without a JSON body carries no extra fields).
import type { ProfileKey } from '../../lib/api/open-points.ts';
import type { ReadingOf } from '../choices.ts';
import { delete200Empty, delete200Object } from './delete-answers.ts';
import { delete204NoBody } from './delete-204.ts';
import { deleteOfNothingSucceeds } from './delete-of-nothing.ts';
import { errorBodies } from './error-bodies.ts';
import { unsupportedBodiesAs } from './unsupported-bodies.ts';
import { extraFieldsEverywhere } from './extra-fields.ts';
import { foreignId403 } from './foreign-ids.ts';
import { rateLimited, throttledWith503 } from './rate-limited.ts';
import { noLabel, ownJsonLabel } from './response-labels.ts';
import { microsecondClock } from './clock-units.ts';
import { emptyTextsAccepted } from './empty-texts.ts';
import { emptyFormListRefused } from './form-lists.ts';
import { laxValues } from './lax-values.ts';
import { STRICT_LIMITS, strictInput } from './strict-input.ts';
import { laggingLists, listLagMs } from './lagging-lists.ts';
import {
  authRefused400,
  authRefused401Bare,
  authRefused403,
  methodRefusedBare,
  refusalStatus,
  success200,
  success201EveryPost,
  unknownIdStatus,
} from './statuses.ts';
import { otherMethodsAnswered, trailingSlashRedirected, unimplementedMethods501 } from './other-methods.ts';
import { malformedBooleansRead } from './booleans.ts';
import { textNormalised } from './normalised-text.ts';
import { invalidLimitIgnored } from './invalid-limits.ts';
import { schemeAsWritten } from './auth-scheme.ts';
import type { Profile } from './variant.ts';

/** Every entry the server takes is one of the register's (lib/api/open-points.ts). */
export type EntryKey = ProfileKey;

/** The register's readings of an entry; free text for an entry the register does not list. */
type Takes<K extends EntryKey> = K extends ProfileKey ? ReadingOf<K> : string;

export interface ServerReading<K extends EntryKey = EntryKey> extends Profile {
  /** The register's reading this one is an instance of ('4xx' for a 410, 'any' for a length limit). */
  takes: Takes<K>;
  description: string;
}

export interface EntryReadings<K extends EntryKey = EntryKey> {
  /** The name of the reference server's default reading, and the register's reading it is an instance of. */
  default: { name: string; takes: Takes<K> };
  others: Readonly<Record<string, ServerReading<K>>>;
  /** Why an entry has no other reading to serve: its one reading is the default's, and no valid server differs. */
  noOther?: string;
}

const LIMITS = { text: 200, url: 2_000 } as const;

export const serverReadings = {
  'extra-fields': {
    default: { name: 'none', takes: 'allowed' },
    others: {
      everywhere: {
        takes: 'allowed',
        description:
          'Every JSON object of every answer (envelope, item, contact, error, delete confirmation) carries undocumented x_* fields of every JSON type.',
        modifiers: [extraFieldsEverywhere],
      },
    },
  },
  'response-media-type': {
    default: { name: 'application-json', takes: 'application/json' },
    others: {
      'own-json-type': {
        takes: '+json',
        description:
          "Successful answers are labelled application/vnd.messaging+json, a JSON media type of the server's own.",
        modifiers: [ownJsonLabel],
      },
      unlabelled: {
        takes: 'unlabelled',
        description: 'Successful answers carry their JSON body with no Content-Type header.',
        modifiers: [noLabel],
      },
    },
  },
  'success-status': {
    default: { name: '201-on-create', takes: '2xx' },
    others: {
      '200': {
        takes: '2xx',
        description: 'Every success is 200, creates included (DELETE aside: delete-answer).',
        modifiers: [success200],
      },
      '201-every-post': {
        takes: '2xx',
        description: "Every successful POST is 201, also when a create answers with the group's existing conversation.",
        modifiers: [success201EveryPost],
      },
    },
  },
  'delete-answer': {
    default: { name: '200-confirmation', takes: '2xx' },
    others: {
      '204': { takes: '2xx', description: 'DELETE answers 204 No Content with no body.', modifiers: [delete204NoBody] },
      '200-empty': {
        takes: '2xx',
        description: 'DELETE answers 200 with no body at all.',
        modifiers: [delete200Empty],
      },
      '200-object': {
        takes: '2xx',
        description: 'DELETE answers 200 with the object as it was before it was deleted.',
        modifiers: [delete200Object],
      },
    },
  },
  'refusal-status': {
    default: { name: '400', takes: '4xx' },
    others: {
      '422': {
        takes: '4xx',
        description: 'A bad request gets 422 Unprocessable Content instead of 400.',
        modifiers: [refusalStatus(422)],
      },
    },
  },
  'unknown-id-status': {
    default: { name: '404', takes: '4xx' },
    others: {
      '410': {
        takes: '4xx',
        description: 'An id that names nothing gets 410 Gone.',
        modifiers: [unknownIdStatus(410)],
      },
      '400': {
        takes: '4xx',
        description: 'An id that names nothing gets 400 Bad Request.',
        modifiers: [unknownIdStatus(400)],
      },
      '422': {
        takes: '4xx',
        description: 'An id that names nothing gets 422 Unprocessable Content.',
        modifiers: [unknownIdStatus(422)],
      },
    },
  },
  'foreign-id-status': {
    default: { name: '404', takes: '4xx' },
    others: {
      '403': {
        takes: '4xx',
        description: "Another user's object gets 403 Forbidden (an id nobody holds stays unknown).",
        modifiers: [foreignId403],
      },
    },
  },
  'delete-of-nothing': {
    default: { name: 'refused', takes: 'refused' },
    others: {
      success: {
        takes: 'success',
        description:
          "A DELETE of an id that names nothing (never made, deleted already, or another user's) is answered as a DELETE that removed something.",
        modifiers: [deleteOfNothingSucceeds],
      },
    },
  },
  'auth-refusal-status': {
    default: { name: '401', takes: '4xx' },
    others: {
      '403': {
        takes: '4xx',
        description: 'Missing or bad credentials get 403 Forbidden, without WWW-Authenticate.',
        modifiers: [authRefused403],
      },
      '400': {
        takes: '4xx',
        description: 'Missing or bad credentials get 400 Bad Request, without WWW-Authenticate.',
        modifiers: [authRefused400],
      },
    },
  },
  // After auth-refusal-status: a 401 it left a 401 loses its challenge.
  'auth-challenge': {
    default: { name: 'challenge', takes: 'challenge' },
    others: {
      // RFC 9110 asks a 401 for WWW-Authenticate; §5 shows only the request's header.
      none: {
        takes: 'none',
        description: 'Missing or bad credentials get 401 without a WWW-Authenticate header.',
        modifiers: [authRefused401Bare],
      },
    },
  },
  'allow-on-405': {
    default: { name: 'allow', takes: 'allow' },
    others: {
      // RFC 9110 asks a 405 for Allow; the API's text names no status and no header for it.
      none: {
        takes: 'none',
        description: 'A method the API does not have gets 405 without an Allow header.',
        modifiers: [methodRefusedBare],
      },
    },
  },
  'auth-scheme-spelling': {
    default: { name: 'scheme-any-case', takes: 'served' },
    others: {
      'as-written': {
        takes: 'refused',
        description:
          'The Authorization header is taken only as §5 writes it: "bearer <token>" and "BEARER <token>" are refused as credentials that are not valid.',
        modifiers: [schemeAsWritten],
      },
    },
  },
  'token-case': {
    default: { name: 'exact', takes: 'exact' },
    others: {},
    noOther:
      "a token is one string (§5): a server that takes it in other letter case takes a token that is not the user's (the fault auth.token-case-insensitive)",
  },
  'error-body': {
    default: { name: 'json', takes: 'any' },
    others: {
      'text-plain': {
        takes: 'any',
        description: 'Every refusal (4xx, 5xx) has a text/plain body.',
        modifiers: [errorBodies('text-plain')],
      },
      html: {
        takes: 'any',
        description: 'Every refusal (4xx, 5xx) has an HTML page as its body (text/html).',
        modifiers: [errorBodies('html')],
      },
      none: {
        takes: 'any',
        description: 'Every refusal (4xx, 5xx) has no body at all.',
        modifiers: [errorBodies('none')],
      },
    },
  },
  'rate-limits': {
    default: { name: 'none', takes: 'any' },
    others: {
      '20-per-second': {
        takes: 'any',
        description:
          'At most 20 requests a second per access token, in bursts of up to 40; beyond that, 429 with Retry-After.',
        modifiers: [rateLimited],
      },
      '503-retry-after': {
        takes: 'any',
        description:
          'At most 20 requests a second per access token, in bursts of up to 40; beyond that, 503 with Retry-After and an HTML page, as a gateway throttles.',
        modifiers: [throttledWith503],
      },
    },
  },
  'empty-text': {
    default: { name: 'kept', takes: 'kept' },
    others: {
      null: {
        takes: 'null',
        description:
          'An empty text sent (description=, avatar_url=, pinned_message_id=) is stored and returned as null.',
        choices: { emptyText: 'null' },
      },
    },
  },
  'unsupported-body': {
    default: { name: '415-or-400', takes: '4xx' },
    others: {
      '422': {
        takes: '4xx',
        description: 'A body of a Content-Type the server does not read is refused with 422 instead of 415.',
        modifiers: [unsupportedBodiesAs(422)],
      },
    },
  },
  'input-rules': {
    default: { name: 'any-text', takes: 'any' },
    others: {
      'length-limits': {
        takes: 'any',
        description: `Texts longer than ${LIMITS.text} characters (names, descriptions, contact_id, group_id, pinned_message_id, usernames) or ${LIMITS.url} (avatar_url) are refused with 400.`,
        choices: { textLimits: LIMITS },
      },
      'no-control-characters': {
        takes: 'any',
        description: 'Texts holding a C0 control character (U+0000–U+001F) are refused with 400.',
        choices: { controlCharacters: 'refused' },
      },
      'lax-values': {
        takes: 'any',
        description:
          'Values are read loosely: integers as JavaScript\'s Number() reads them (limit=1e2 is 100, " 5" is 5, " " is 0, limit[]=5 is 5), and a JSON string spells what it would in a form ("true" is true, "5" is 5, "" is no value: archived_at "" restores, contacts "" is the empty list).',
        modifiers: [laxValues],
      },
      'no-body-limit': {
        takes: 'any',
        description: 'A body of any length is read: no 413.',
        choices: { bodyLimit: null },
      },
      'body-limit-64k': {
        takes: 'any',
        description: 'A body longer than 65536 bytes is refused with 413.',
        choices: { bodyLimit: 65_536 },
      },
      'bytes-replaced': {
        takes: 'any',
        description:
          'Raw bytes of a body that are not UTF-8 are read as U+FFFD instead of refused (a percent-escaped one, %E9, is kept as the text the form parser leaves).',
        choices: { textBytes: 'replaced' },
      },
      'empty-texts-accepted': {
        takes: 'any',
        description:
          'Empty texts are taken where the default refuses them: name= makes a group named "", a contact\'s username may be "", and contact_id= or group_id= is a given id.',
        modifiers: [emptyTextsAccepted],
      },
      strict: {
        takes: 'any',
        description: `Tight validation: usernames of 1 to ${STRICT_LIMITS.username} characters, group names of 1 to ${STRICT_LIMITS.name}, and only the parameters the operation names (any other is refused with 400 naming it).`,
        modifiers: [strictInput],
      },
    },
  },
  'form-encoding': {
    default: { name: 'indices', takes: 'indices' },
    others: {
      'no-empty-list': {
        takes: 'no-empty-list',
        description:
          "A form body's contacts= (the empty list) is refused with 400: a form has no empty list; JSON's [] is still taken.",
        modifiers: [emptyFormListRefused],
      },
    },
  },
  'text-storage': {
    default: { name: 'exact', takes: 'exact' },
    others: {
      normalised: {
        takes: 'normalised',
        description:
          'A name, a description and a contact_id are stored normalised: trimmed, every run of white space made one space, in Unicode NFC.',
        modifiers: [textNormalised],
      },
    },
  },
  'malformed-boolean': {
    default: { name: 'refused', takes: 'refused' },
    others: {
      read: {
        takes: 'read',
        description:
          'A boolean spelt yes, on, 1 or TRUE is read as true, and no, off, 0 or FALSE as false (in a form and as a JSON string); other spellings are still refused.',
        modifiers: [malformedBooleansRead],
      },
    },
  },
  'unique-members': {
    default: { name: 'kept', takes: 'kept' },
    others: {
      merged: {
        takes: 'merged',
        description: 'A username given twice in contacts makes one member (the first given).',
        choices: { repeatedMembers: 'merged' },
      },
      refused: {
        takes: 'refused',
        description: 'contacts that name a username twice are refused with 400.',
        choices: { repeatedMembers: 'refused' },
      },
    },
  },
  'group-conversation-create': {
    default: { name: 'existing', takes: 'existing' },
    others: {
      new: {
        takes: 'new',
        description:
          "POST /v1/conversations with a group's id makes a new conversation, which replaces the old one (deleted) as the group's one conversation.",
        choices: { groupConversationCreate: 'new' },
      },
      'refused-409': {
        takes: 'refused',
        description:
          'POST /v1/conversations with the id of a group whose conversation exists is refused with 409 Conflict.',
        choices: { groupConversationCreate: 'refused', groupConversationRefusal: 409 },
      },
      'refused-422': {
        takes: 'refused',
        description: 'POST /v1/conversations with the id of a group whose conversation exists is refused with 422.',
        choices: { groupConversationCreate: 'refused', groupConversationRefusal: 422 },
      },
    },
  },
  'create-with-both': {
    default: { name: 'both', takes: 'both' },
    others: {
      'group-only': {
        takes: 'one',
        description:
          "POST /v1/conversations with both contact_id and group_id makes (or answers) the group's conversation; the contact_id is dropped.",
        choices: { createWithBoth: 'group-only' },
      },
      refused: {
        takes: 'refused',
        description: 'POST /v1/conversations with both contact_id and group_id is refused with 400.',
        choices: { createWithBoth: 'refused' },
      },
    },
  },
  'group-delete-conversation': {
    default: { name: 'removed', takes: 'removed' },
    others: {
      kept: {
        takes: 'kept',
        description:
          'DELETE /v1/groups/:id removes the group; its conversation stays, its group_id still naming the deleted group.',
        choices: { groupDeleteConversation: 'kept' },
      },
    },
  },
  'group-conversation-delete': {
    default: { name: 'allowed', takes: 'allowed' },
    others: {
      'refused-409': {
        takes: 'refused',
        description:
          "DELETE /v1/conversations/:id of a group's own conversation is refused with 409: it goes only with its group.",
        choices: { groupConversationDelete: 'refused' },
      },
    },
  },
  'contact-conversation-create': {
    default: { name: 'new', takes: 'new' },
    others: {
      existing: {
        takes: 'existing',
        description:
          'POST /v1/conversations with the contact_id of a one-to-one conversation that exists answers with that conversation (200).',
        choices: { contactConversationCreate: 'existing' },
      },
    },
  },
  'id-format': {
    default: { name: 'prefixed', takes: 'prefixed' },
    others: {
      uuid: {
        takes: 'uuid',
        description: 'Ids are random UUIDs without a prefix, the same format for conversations and groups.',
        choices: { ids: 'uuid' },
      },
    },
  },
  'timestamp-form': {
    default: { name: 'integer', takes: 'integer' },
    others: {},
    noOther:
      "the one form the register accepts is the examples' integers, in whatever unit (timestamp-unit's variants)",
  },
  'timestamp-unit': {
    default: { name: 'seconds', takes: 'any' },
    others: {
      milliseconds: {
        takes: 'any',
        description: 'Timestamps are integer milliseconds since the epoch; archived_at is taken in the same unit.',
        choices: { timestampUnit: 'milliseconds' },
      },
      microseconds: {
        takes: 'any',
        description:
          'Timestamps are integer microseconds since the epoch (about 1.8e15); archived_at is taken in the same unit.',
        modifiers: [microsecondClock],
      },
    },
  },
  'invalid-limit': {
    default: { name: 'refused-400', takes: 'refused' },
    others: {
      'default-page': {
        takes: 'served',
        description:
          'A limit that is no positive integer (0, -1, 1.5, abc, empty) is ignored: the default page of ten is served.',
        modifiers: [invalidLimitIgnored],
      },
    },
  },
  'largest-limit': {
    default: { name: 'clamped-100', takes: 'clamped' },
    others: {
      'clamped-50': {
        takes: 'clamped',
        description: 'The largest page is 50; a larger limit is served as 50.',
        choices: { maxLimit: 50, overMaxLimit: 'clamp' },
      },
      'refused-50': {
        takes: 'refused',
        description: 'The largest page is 50; a larger limit is refused with 400 naming limit.',
        choices: { maxLimit: 50, overMaxLimit: 'reject' },
      },
      // §8 does not say there is a maximum at all: every limit served in full (as far as integers go).
      unbounded: {
        takes: 'clamped',
        description: 'No largest page: any limit is served in full.',
        choices: { maxLimit: Number.MAX_SAFE_INTEGER, overMaxLimit: 'clamp' },
      },
    },
  },
  'list-order': {
    default: { name: 'newest-first', takes: 'any' },
    others: {
      'oldest-first': {
        takes: 'any',
        description: 'Lists are oldest first; pages go on towards newer items.',
        choices: { order: 'oldest-first' },
      },
    },
  },
  pagination: {
    default: { name: 'starting_after', takes: 'starting_after' },
    others: {
      cursor: {
        takes: 'cursor:<param>:<field>',
        description:
          'The next page is asked for with cursor=<next_cursor>, an opaque string in the envelope (null on the last page).',
        choices: { pagination: 'cursor' },
        declares: { PAGINATION: 'cursor:cursor:next_cursor' },
      },
      page: {
        takes: 'page:<param>',
        description: 'The next page is asked for with page=<n> (1-based, pages of limit items in list order).',
        choices: { pagination: 'page' },
        declares: { PAGINATION: 'page:page' },
      },
      offset: {
        takes: 'offset:<param>',
        description: 'The next page is asked for with offset=<n>, the number of items before it (0-based).',
        choices: { pagination: 'offset' },
        declares: { PAGINATION: 'offset:offset' },
      },
      none: {
        takes: 'none',
        description:
          'There is no way to ask for a next page: every list answers its first page (has_more still says whether more exist).',
        choices: { pagination: 'none' },
        declares: { PAGINATION: 'none' },
      },
    },
  },
  'body-encoding': {
    default: { name: 'form', takes: 'form' },
    others: {
      json: {
        takes: 'json',
        description: 'Request bodies must be JSON; a form body gets 415.',
        choices: { bodies: 'json-only' },
        declares: { BODY_ENCODING: 'json' },
      },
    },
  },
  'group-contacts': {
    default: { name: 'replace', takes: 'replace' },
    others: {
      merge: {
        takes: 'merge',
        description:
          'PUT /v1/groups/:id contacts adds to the members, matched by username; members not given are kept.',
        choices: { groupContacts: 'merge' },
        declares: { GROUP_CONTACTS: 'merge' },
      },
    },
  },
  'contact-fields': {
    default: { name: 'kept', takes: 'any' },
    others: {
      'username-only': {
        takes: 'any',
        description: 'A contact keeps only its username; other fields sent are dropped.',
        choices: { contactFields: 'username-only' },
      },
      'sorted-by-username': {
        takes: 'any',
        description: 'Members are kept sorted by username, whatever the order they were sent in.',
        choices: { memberOrder: 'by-username' },
      },
    },
  },
  'last-opened-at': {
    default: { name: 'never', takes: 'any' },
    others: {
      'on-retrieve': {
        takes: 'any',
        description:
          'GET /v1/conversations/:id opens the conversation: last_opened_at is set to the current time on every retrieve.',
        choices: { lastOpenedAt: 'on-retrieve' },
      },
    },
  },
  'last-active-at': {
    default: { name: 'never', takes: 'any' },
    others: {
      'on-update': {
        takes: 'any',
        description: 'Every PUT /v1/conversations/:id is activity: last_active_at is set to the current time.',
        choices: { lastActiveAt: 'on-update' },
      },
    },
  },
  'filter-false': {
    default: { name: 'without-the-flag', takes: 'any' },
    others: {
      ignored: {
        takes: 'any',
        description: 'A filter set to false filters nothing (muted=false lists every conversation).',
        choices: { filterFalse: 'ignored' },
      },
    },
  },
  'archive-archived': {
    default: { name: 'restamped', takes: 'restamped' },
    others: {
      kept: {
        takes: 'kept',
        description: 'A PUT with archived_at of a record archived already succeeds and keeps the first timestamp.',
        choices: { archiveArchived: 'kept' },
      },
      refused: {
        takes: 'refused',
        description: 'A PUT with archived_at of a record archived already is refused with 400.',
        choices: { archiveArchived: 'refused' },
      },
    },
  },
  'other-methods': {
    default: { name: '404-or-405', takes: 'refused' },
    others: {
      answered: {
        takes: 'answered',
        description:
          'HEAD is answered as GET, OPTIONS with 204 and Allow, and a POST or PATCH on an object with the object (200), changing nothing.',
        modifiers: [otherMethodsAnswered],
      },
      'trailing-slash-308': {
        takes: 'redirected',
        description: 'An API path with a trailing slash is answered 308 with Location the path without it.',
        modifiers: [trailingSlashRedirected],
      },
      'unimplemented-501': {
        takes: 'unimplemented',
        description:
          "HEAD, OPTIONS and PATCH are answered 501 Not Implemented with an HTML page, as Python's http.server answers a method its handler has no do_ method for.",
        modifiers: [unimplementedMethods501],
      },
    },
  },
  restore: {
    default: { name: 'allowed', takes: 'any' },
    others: {
      refused: {
        takes: 'any',
        description: 'archived_at=null is refused with 400: an archived object stays archived.',
        choices: { restore: 'refused' },
      },
    },
  },
  'list-consistency': {
    default: { name: 'immediate', takes: 'immediate' },
    others: {
      eventual: {
        takes: 'eventual:<ms>',
        description: `Lists show the records as they stood ${listLagMs} ms earlier (a search index that a write reaches later); a retrieve, and every write, read the records at once.`,
        modifiers: [laggingLists()],
        // A bound well past the lag: a busy machine answers the list reads that look for a write late.
        declares: { LIST_CONSISTENCY: 'eventual:2000' },
      },
    },
  },
  'default-list-scope': {
    default: { name: 'all', takes: 'all' },
    others: {
      active: {
        takes: 'active',
        description:
          'A list without archived holds the active records only (an inbox); archived=true lists the archived ones.',
        choices: { defaultListScope: 'active' },
        declares: { DEFAULT_LIST_SCOPE: 'active' },
      },
    },
  },
} as const satisfies { [K in EntryKey]: EntryReadings<K> };

export type ReadingEntry = keyof typeof serverReadings;

/** `<entry>:<reading>` for every non-default reading, e.g. 'empty-text:null'. */
export type ReadingVariantName = {
  [K in ReadingEntry]: `${K}:${keyof (typeof serverReadings)[K]['others'] & string}`;
}[ReadingEntry];

/** The entries in wrapping order (see above). */
export const readingEntries = Object.keys(serverReadings) as ReadingEntry[];

/** The readings of one entry, the default first: what the generator draws from. */
/** One reading of an entry, as a combined profile draws it. */
export interface Pick {
  entry: ReadingEntry;
  /** The reading's name; the default's name when reading is undefined. */
  name: string;
  reading: ServerReading | undefined;
}

export function readingsOf(entry: ReadingEntry): Array<{ name: string; reading: ServerReading | undefined }> {
  const { default: byDefault, others } = serverReadings[entry] as EntryReadings;
  return [
    { name: byDefault.name, reading: undefined },
    ...Object.entries(others).map(([name, reading]) => ({ name, reading })),
  ];
}
