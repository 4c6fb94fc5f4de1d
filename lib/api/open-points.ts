// The register of what the spec leaves open, and of every tolerance the suite applies: each entry
// cites the sentence it rests on, names the readings a server may take, and says which the suite
// accepts unless a setting narrows it. Checks consult it through the predicates of
// lib/core/profile/server-profile.ts; the reference server's variants are drawn from its readings
// (which is why it lives in tier 1); docs/assumptions.md is generated from this list.

export interface ProfileEntry {
  key: ProfileKey;
  /** The section and the sentence of spec/messaging-api-v1.md the entry rests on, verbatim. */
  section: string;
  sentence: string;
  /** What is open, as a question. */
  question: string;
  /** Every reading the suite accepts by default, and what it means. */
  readings: Readonly<Record<string, string>>;
  /**
   * The setting that declares the server's reading, narrowing what the suite accepts to it. Entries
   * with one reading ("any") have nothing to narrow; their reading is the whole of what is open.
   */
  setting?: ProfileSetting;
  /** Why an entry of several readings has no setting: nothing a check does depends on which it is. */
  noSetting?: string;
  /**
   * The one reading the suite holds a server to while its setting is not given, for an entry whose
   * readings cannot all be accepted at once (a check could then prove nothing), and why that one;
   * the others are accepted only when declared. Without it, unset accepts every reading.
   */
  assumed?: { reading: string; why: string };
}

/**
 * How a setting declares a reading:
 * - statuses: a comma-separated list of statuses, each within the entry's range ("404", "400,422");
 * - reading: one of the entry's readings by name ("kept", "null"); a reading whose name holds <ms>
 *   takes a whole number of milliseconds there ("eventual:<ms>" is declared as "eventual:1000");
 * - own: a setting of the target with its own syntax (PAGINATION, BODY_ENCODING, GROUP_CONTACTS).
 */
export type ProfileSetting =
  | { env: string; kind: 'statuses'; within: readonly number[] | { from: number; to: number } }
  | { env: string; kind: 'reading' }
  | { env: string; kind: 'own' };

export const profileEntries = [
  {
    key: 'success-status',
    section: '§7',
    sentence: 'Error codes, error body shape and status codes for failures: not shown.',
    question: 'Which status does a successful request get? The spec names none.',
    readings: { '2xx': 'any status from 200 to 299' },
    setting: { env: 'SUCCESS_STATUS', kind: 'statuses', within: { from: 200, to: 299 } },
  },
  {
    key: 'refusal-status',
    section: '§7',
    sentence: 'Error codes, error body shape and status codes for failures: not shown.',
    question: 'Which status does a refused request (bad input, a missing required parameter) get?',
    readings: { '4xx': 'any status from 400 to 499' },
    setting: { env: 'REFUSAL_STATUS', kind: 'statuses', within: { from: 400, to: 499 } },
  },
  {
    key: 'auth-refusal-status',
    section: '§5',
    sentence: 'Every request carries the header Authorization with the value Bearer <ACCESS_TOKEN>.',
    question: 'Which status does a request without valid credentials get?',
    readings: { '401': 'Unauthorized', '403': 'Forbidden' },
    setting: { env: 'AUTH_REFUSAL_STATUS', kind: 'statuses', within: [401, 403] },
  },
  {
    key: 'unknown-id-status',
    section: '§7',
    sentence: 'Error codes, error body shape and status codes for failures: not shown.',
    question: 'Which status does a request about an id that does not exist (never made, deleted, or malformed) get?',
    readings: { '4xx': 'any status from 400 to 499 (404, 410, 400 and 422 are the usual ones)' },
    setting: { env: 'UNKNOWN_ID_STATUS', kind: 'statuses', within: { from: 400, to: 499 } },
  },
  {
    key: 'foreign-id-status',
    section: '§5',
    sentence: 'How tokens are obtained, their lifetime and their scopes: not shown.',
    question: "Which status does a request about another user's object get?",
    readings: { '4xx': 'any status from 400 to 499 (403 or 404 are the usual ones); never a 2xx that reveals or changes it' },
    setting: { env: 'FOREIGN_ID_STATUS', kind: 'statuses', within: { from: 400, to: 499 } },
  },
  {
    key: 'unsupported-body',
    section: '§4',
    sentence: 'Request fields are sent as named parameters, as in the form-style examples; other body encodings: not shown.',
    question: 'Which status does a body the server does not take at all get: JSON that is no object, a key given twice, a Content-Type that is not the body\'s?',
    readings: { '4xx': 'any status from 400 to 499 (415 and 400 are the usual ones); REFUSAL_STATUS is the answer to bad parameters in a body the server takes, not to these' },
    setting: { env: 'UNSUPPORTED_BODY_STATUS', kind: 'statuses', within: { from: 400, to: 499 } },
  },
  {
    key: 'error-body',
    section: '§7',
    sentence: 'Error codes, error body shape and status codes for failures: not shown.',
    question: 'What body does a refusal carry?',
    readings: {
      any: 'any body, or none; only a body that declares itself JSON (Content-Type application/json) must parse as JSON',
      json: 'a JSON body, declared as such (application/json or a +json type); its shape is still not compared',
    },
    setting: { env: 'ERROR_BODY', kind: 'reading' },
  },
  {
    key: 'delete-answer',
    section: '§4.3',
    sentence: 'Response body and status of DELETE operations: not shown.',
    question: 'What does a successful DELETE answer?',
    readings: { '2xx': 'any 2xx status with any body or none' },
    setting: { env: 'DELETE_STATUS', kind: 'statuses', within: { from: 200, to: 299 } },
  },
  {
    key: 'delete-of-nothing',
    section: '§4.3',
    sentence: 'Response body and status of DELETE operations: not shown.',
    question: 'What does a DELETE of an id that names nothing (never made, or deleted already) get?',
    readings: {
      refused: 'the answer to an unknown id (unknown-id-status: a 4xx)',
      success: 'the answer to a successful DELETE (delete-answer: a 2xx): the id names nothing afterwards either way, and nothing changes; another user\'s id may get the same answer as an id nobody made (and only that), unless FOREIGN_ID_STATUS and UNKNOWN_ID_STATUS are both declared, and differ',
    },
    setting: { env: 'DELETE_OF_NOTHING', kind: 'reading' },
  },
  {
    key: 'empty-text',
    section: '§2',
    sentence: 'In all responses, a field without a value is returned as null.',
    question: 'Is an empty text that was sent (description=, pinned_message_id=) returned as sent, or as a field without a value?',
    readings: { kept: 'returned as the empty string', null: 'returned as null' },
    setting: { env: 'EMPTY_TEXT', kind: 'reading' },
  },
  {
    key: 'input-rules',
    section: '§2.2',
    sentence: 'The format, length and character limits of identifiers, names, descriptions and URLs, and the unit of the timestamps: not shown.',
    question: 'Which texts does a server accept?',
    readings: {
      any: 'any text may be refused with a 4xx (the object is then not created or not changed); text that is accepted is stored exactly',
    },
  },
  {
    key: 'response-media-type',
    section: '§2',
    sentence: 'In all responses, a field without a value is returned as null.',
    question: 'How is the body of a successful answer labelled? The spec shows response objects (of strings, booleans, integers and null), not their media type; HTTP says Content-Type names the body\'s media type (RFC 9110, section 8.3).',
    readings: {
      'application/json': 'Content-Type application/json (with or without parameters such as charset)',
      '+json': 'a JSON media type of its own (application/vnd.example+json)',
      unlabelled: 'no Content-Type; a body labelled with a media type that is not JSON (text/html, text/plain) while it is JSON is mislabelled, and a body labelled JSON must parse',
    },
    noSetting: 'every JSON label is read alike; nothing a check does depends on which one a server uses',
  },
  {
    key: 'extra-fields',
    section: '§2',
    sentence: 'In all responses, a field without a value is returned as null.',
    question: 'May objects and list envelopes carry fields the spec does not show?',
    readings: { allowed: 'extra fields are allowed and never compared' },
  },
  {
    key: 'group-conversation-create',
    section: '§1',
    sentence: 'A group is a collection of contacts that talk together. Each group has one conversation.',
    question: 'What does POST /v1/conversations with the group_id of a group that already has its conversation do?',
    readings: {
      existing: 'answers with the group\'s conversation',
      new: 'makes a new conversation that becomes the group\'s one conversation (the old one no longer belongs to the group)',
      refused: 'refuses with a 4xx',
    },
    setting: { env: 'GROUP_CONVERSATION_CREATE', kind: 'reading' },
  },
  {
    key: 'contact-conversation-create',
    section: '§4.1',
    sentence: '**POST /v1/conversations**: create a conversation with a contact or a group.',
    question: 'What does a second POST /v1/conversations with the same contact_id do?',
    readings: {
      new: 'makes another conversation with that contact',
      existing: 'answers with the one-to-one conversation (group_id null, §2.1) the user already has with that contact',
    },
    setting: { env: 'CONTACT_CONVERSATION_CREATE', kind: 'reading' },
  },
  {
    key: 'id-format',
    section: '§2.2',
    sentence: 'The format, length and character limits of identifiers, names, descriptions and URLs, and the unit of the timestamps: not shown.',
    question: 'What do ids look like, and are they unique across resources?',
    readings: {
      prefixed: 'any string; the reference server uses conv_… and grp_…',
      uuid: 'any string, the same format for both resources; ids are unique within a resource (§2.1, §2.2), so a group may share an id with a conversation',
    },
    noSetting: 'ids are opaque: no check reads their form, so there is nothing to narrow',
  },
  {
    key: 'timestamp-unit',
    section: '§2.2',
    sentence: 'The format, length and character limits of identifiers, names, descriptions and URLs, and the unit of the timestamps: not shown.',
    question: 'In which unit are timestamps?',
    readings: { any: 'any integer unit; the suite sends back timestamps in the unit the server used (an object\'s own created_at)' },
  },
  {
    key: 'largest-limit',
    section: '§8',
    sentence: 'Its maximum value and any rate limits: not shown.',
    question: 'What is the largest limit accepted, and what does a larger one get?',
    readings: { clamped: 'a page of at most the maximum', refused: 'a 4xx' },
    setting: { env: 'LARGEST_LIMIT', kind: 'reading' },
  },
  {
    key: 'list-order',
    section: '§4.1',
    sentence: 'Response: an object with has_more (boolean) and data (array of conversation objects).',
    question: 'In which order are lists?',
    readings: { any: 'any order that is stable while nothing changes' },
  },
  {
    key: 'pagination',
    section: '§4.3',
    sentence: 'Pagination beyond limit and has_more (cursor or page parameters): not shown.',
    question: 'How is the next page asked for?',
    readings: {
      starting_after: 'the last id of the page',
      'cursor:<param>:<field>': 'an opaque cursor from an envelope field',
      'page:<param>': '1-based page numbers',
      'offset:<param>': 'an offset',
      none: 'no way (page walks are skipped)',
    },
    setting: { env: 'PAGINATION', kind: 'own' },
  },
  {
    key: 'body-encoding',
    section: '§4',
    sentence: 'Request fields are sent as named parameters, as in the form-style examples; other body encodings: not shown.',
    question: 'How are request bodies encoded?',
    readings: { form: 'named form parameters (the spec\'s examples)', json: 'a JSON object' },
    setting: { env: 'BODY_ENCODING', kind: 'own' },
  },
  {
    key: 'group-contacts',
    section: '§4.2',
    sentence: 'Whether contacts replaces the membership list or merges into it: not shown.',
    question: 'What does PUT /v1/groups/:id with contacts do?',
    readings: { replace: 'the list replaces the members', merge: 'the list is added to the members' },
    setting: { env: 'GROUP_CONTACTS', kind: 'own' },
  },
  {
    key: 'contact-fields',
    section: '§2.2',
    sentence: 'Other fields of the contact object: not shown.',
    question: 'What else does a contact object hold, and in which order are members?',
    readings: { any: 'members are compared as sets of usernames; other fields and the order are not compared' },
  },
  {
    key: 'last-opened-at',
    section: '§2.1',
    sentence: 'last_opened_at | timestamp or null | When the authenticated user last opened the conversation; null on a new conversation',
    question: 'Does a retrieve count as opening a conversation?',
    readings: { any: 'last_opened_at may move between two copies of a conversation and is not compared' },
  },
  {
    key: 'last-active-at',
    section: '§2.1',
    sentence: 'last_active_at | timestamp or null | When the conversation was last active; null on a new conversation',
    question: 'What counts as activity (a PUT, a message)?',
    readings: { any: 'last_active_at may move between two copies of a conversation and is not compared, except null on a new one' },
  },
  {
    key: 'filter-false',
    section: '§4.1',
    sentence: 'Behaviour of a filter set to false: not shown.',
    question: 'What does a filter set to false return?',
    readings: { any: 'anything valid; the suite never sends a filter set to false' },
  },
  {
    key: 'rate-limits',
    section: '§8',
    sentence: 'Its maximum value and any rate limits: not shown.',
    question: 'How many requests does a server allow?',
    readings: { any: 'any limit, answered with 429 (Retry-After honoured when given); the whole run slows down' },
  },
  {
    key: 'restore',
    section: '§3',
    sentence: 'Restoring, and all other transitions: not shown.',
    question: 'Can an archived object be made active again (archived_at=null)?',
    readings: { any: 'not tested; the sweep after a run tries it only on an archived record of its own that a DELETE did not remove, and a refusal leaves that record, reported with the reason' },
  },
  {
    key: 'list-consistency',
    section: '§4.1',
    sentence: 'Response: an object with has_more (boolean) and data (array of conversation objects).',
    question: 'When does a list show a write? A retrieve is of the object itself; nothing says a list (served from a search index, say) shows a create, an update or a delete as soon as it is answered (§4.2 says the same of groups).',
    readings: {
      immediate: 'every list read after a write was answered shows it',
      'eventual:<ms>': 'a list shows a write within <ms> milliseconds of its answer; a retrieve shows it at once',
    },
    setting: { env: 'LIST_CONSISTENCY', kind: 'reading' },
    assumed: {
      reading: 'immediate',
      why: 'a list that shows a write late cannot be told from one that never shows it, unless the delay has a bound, and only the server can say what it is',
    },
  },
  {
    key: 'default-list-scope',
    section: '§4.1',
    sentence: 'When true, only archived conversations are returned',
    question: 'Does a list without archived hold archived records? The filter narrows a list to archived ones (§4.2: groups too); nothing says the list without it holds them (an inbox may leave them out).',
    readings: {
      all: 'a list without archived holds every record, archived or not',
      active: 'a list without archived holds the active records only; archived=true lists the archived ones',
    },
    setting: { env: 'DEFAULT_LIST_SCOPE', kind: 'reading' },
    assumed: {
      reading: 'all',
      why: '"list conversations" and "list groups" name every one, and archived=true narrows that list to "only archived" ones, which reads as the list without it holding them too',
    },
  },
] as const satisfies readonly (Omit<ProfileEntry, 'key'> & { key: string })[];

export type ProfileKey = (typeof profileEntries)[number]['key'];

type EntryOf<K extends ProfileKey> = Extract<(typeof profileEntries)[number], { key: K }>;

/** The readings the register names for one entry, e.g. ReadingOf<'empty-text'> = 'kept' | 'null'. */
export type ReadingOf<K extends ProfileKey> = keyof EntryOf<K>['readings'] & string;

/** A reading as declared: its <ms> filled in with a number ('eventual:<ms>' is declared as 'eventual:1000'). */
export type Declaration<R extends string> = R extends `${infer Before}<ms>${infer After}` ? `${Before}${number}${After}` : R;

/** The entries a list of statuses narrows, and those a reading's name narrows. */
export type StatusSettingEntry = { [K in ProfileKey]: EntryOf<K> extends { setting: { kind: 'statuses' } } ? K : never }[ProfileKey];
export type ReadingSettingEntry = { [K in ProfileKey]: EntryOf<K> extends { setting: { kind: 'reading' } } ? K : never }[ProfileKey];

/**
 * What a user declared of their server (the settings of the entries above): the statuses it answers
 * with, or the reading it takes. An entry left out accepts every reading of the register.
 */
export type DeclaredReadings = { readonly [K in StatusSettingEntry]?: readonly number[] } & { readonly [K in ReadingSettingEntry]?: Declaration<ReadingOf<K>> };
