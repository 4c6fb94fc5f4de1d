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
  /**
   * Why no check assumes the entry (the client or the run applies it, or nothing a check does
   * depends on it): docs/assumptions.md says it, and test/unit/lib/profile.test.ts holds every other entry
   * to be assumed by some check (`assumes` in defineCheck).
   */
  noCheck?: string;
  /**
   * Why every check rests on the entry, so that none names it in `assumes`: the client or the
   * schemas apply it to every request or answer (the label of every success, a 429 on any request).
   */
  everyCheck?: string;
}

/**
 * How a setting declares a reading:
 * - statuses: a comma-separated list of statuses, each within the entry's range ("404", "400,422");
 * - reading: one of the entry's readings by name ("kept", "null"); a reading whose name holds <ms>
 *   takes a whole number of milliseconds there ("eventual:<ms>" is declared as "eventual:1000");
 * - own: a setting of the target with its own syntax (PAGINATION, BODY_ENCODING, GROUP_CONTACTS);
 * - convention: the usual reading is that an answer of one status carries one header (`asks`, the
 *   header's name in lower case: RFC 9110's Allow on a 405); the convention checks (`checks`) look
 *   for it, and gate when CONVENTIONS names them (or under --strict); the other readings are
 *   accepted otherwise.
 */
export type ProfileSetting =
  | { env: string; kind: 'statuses'; within: StatusRange }
  | { env: string; kind: 'reading' }
  | { env: string; kind: 'own' }
  | { env: 'CONVENTIONS'; kind: 'convention'; checks: readonly string[]; asks: { status: number; header: string } };

/** The statuses an entry accepts before a setting narrows it, from..to inclusive. */
export interface StatusRange {
  from: number;
  to: number;
}

export const profileEntries = [
  {
    key: 'success-status',
    section: '§4.1',
    sentence: 'Response: the created conversation object.',
    question:
      'Which status does a successful request get? The spec is silent: each operation names only the body of its answer ("Response: the created conversation object.", "Response: the group object."), never a status.',
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
    section: '§7',
    sentence: 'Error codes, error body shape and status codes for failures: not shown.',
    question:
      'Which status does a request without valid credentials get? §5 says what a request carries ("Every request carries the header Authorization with the value Bearer <ACCESS_TOKEN>."), not what a request without it gets.',
    readings: {
      '4xx':
        'any status from 400 to 499; 401 Unauthorized is the convention (RFC 9110 §15.5.2), which the convention check auth.unknown-token.401 looks for, and 403 the other usual one',
    },
    setting: { env: 'AUTH_REFUSAL_STATUS', kind: 'statuses', within: { from: 400, to: 499 } },
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
    section: '§7',
    sentence: 'Error codes, error body shape and status codes for failures: not shown.',
    question:
      "Which status does a request about another user's object get? That it is refused at all rests on §1: a conversation is the container for messages \"between the authenticated user and one contact\", so another user's is none of this user's; which status is §7's silence.",
    readings: {
      '4xx': 'any status from 400 to 499 (403 or 404 are the usual ones); never a 2xx that reveals or changes it',
    },
    setting: { env: 'FOREIGN_ID_STATUS', kind: 'statuses', within: { from: 400, to: 499 } },
  },
  {
    key: 'unsupported-body',
    section: '§4',
    sentence:
      'Request fields are sent as named parameters, as in the form-style examples; other body encodings: not shown.',
    question:
      "Which status does a body the server does not take at all get: JSON that is no object, a key given twice, a Content-Type that is not the body's?",
    readings: {
      '4xx':
        'any status from 400 to 499 (415 and 400 are the usual ones); REFUSAL_STATUS is the answer to bad parameters in a body the server takes, not to these',
    },
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
      success:
        "the answer to a successful DELETE (delete-answer: a 2xx): the id names nothing afterwards either way, and nothing changes; another user's id may get the same answer as an id nobody made (and only that), unless FOREIGN_ID_STATUS and UNKNOWN_ID_STATUS are both declared, and differ",
    },
    setting: { env: 'DELETE_OF_NOTHING', kind: 'reading' },
  },
  {
    key: 'empty-text',
    section: '§2',
    sentence: 'In all responses, a field without a value is returned as null.',
    question:
      'Is an empty text that was sent (description=, pinned_message_id=) returned as sent, or as a field without a value?',
    readings: { kept: 'returned as the empty string', null: 'returned as null' },
    setting: { env: 'EMPTY_TEXT', kind: 'reading' },
  },
  {
    key: 'input-rules',
    section: '§2.2',
    sentence:
      'The format, length and character limits of identifiers, names, descriptions and URLs, and the unit of the timestamps: not shown.',
    question: 'Which texts does a server accept?',
    readings: {
      any: "any text may be refused with a 4xx (the object is then not created or not changed); how a text that is accepted is stored is text-storage's",
    },
  },
  {
    key: 'response-media-type',
    section: '§2',
    sentence: 'In all responses, a field without a value is returned as null.',
    question:
      "How is the body of a successful answer labelled? The spec shows response objects (of strings, booleans, integers and null), not their media type; HTTP says Content-Type names the body's media type (RFC 9110, section 8.3).",
    readings: {
      'application/json': 'Content-Type application/json (with or without parameters such as charset)',
      '+json': 'a JSON media type of its own (application/vnd.example+json)',
      unlabelled:
        'no Content-Type; a body labelled with a media type that is not JSON (text/html, text/plain) while it is JSON is mislabelled, and a body labelled JSON must parse',
    },
    noSetting: 'every JSON label is read alike; nothing a check does depends on which one a server uses',
    everyCheck: 'the client judges the label of every successful answer (lib/core/client/response-invariants.ts)',
  },
  {
    key: 'extra-fields',
    section: '§4.1',
    sentence: 'Response: an object with has_more (boolean) and data (array of conversation objects).',
    question:
      'May objects and list envelopes carry fields the spec does not show? The spec is silent: it names the fields an answer has (the tables of §2, "an object with has_more (boolean) and data ..."), never that it has no others; only for contacts does it say so outright (§2.2: "Other fields of the contact object: not shown.").',
    readings: { allowed: 'extra fields are allowed and never compared' },
    everyCheck: 'the schemas let every object carry fields they do not show, and no comparison reads one',
  },
  {
    key: 'group-conversation-create',
    section: '§1',
    sentence: 'A group is a collection of contacts that talk together. Each group has one conversation.',
    question: 'What does POST /v1/conversations with the group_id of a group that already has its conversation do?',
    readings: {
      existing: "answers with the group's conversation",
      new: "makes a new conversation that becomes the group's one conversation (the old one no longer belongs to the group)",
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
    sentence:
      'The format, length and character limits of identifiers, names, descriptions and URLs, and the unit of the timestamps: not shown.',
    question: 'What do ids look like, and are they unique across resources?',
    readings: {
      prefixed: 'any string; the reference server uses conv_… and grp_…',
      uuid: 'any string, the same format for both resources; ids are unique within a resource (§2.1, §2.2), so a group may share an id with a conversation',
    },
    noSetting: 'ids are opaque: no check reads their form, so there is nothing to narrow',
    noCheck: 'ids are opaque: every check sends back the id it was given',
  },
  {
    key: 'timestamp-unit',
    section: '§2.2',
    sentence:
      'The format, length and character limits of identifiers, names, descriptions and URLs, and the unit of the timestamps: not shown.',
    question: 'In which unit are timestamps?',
    readings: {
      any: "any integer unit; the suite sends back timestamps in the unit the server used (an object's own created_at)",
    },
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
    sentence:
      'Request fields are sent as named parameters, as in the form-style examples; other body encodings: not shown.',
    question: 'How are request bodies encoded?',
    readings: { form: "named form parameters (the spec's examples)", json: 'a JSON object' },
    setting: { env: 'BODY_ENCODING', kind: 'own' },
    everyCheck: 'the client sends every body in the encoding declared (or found by the probe)',
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
    sentence:
      'last_opened_at | timestamp or null | When the authenticated user last opened the conversation; null on a new conversation',
    question: 'Does a retrieve count as opening a conversation?',
    readings: { any: 'last_opened_at may move between two copies of a conversation and is not compared' },
  },
  {
    key: 'last-active-at',
    section: '§2.1',
    sentence: 'last_active_at | timestamp or null | When the conversation was last active; null on a new conversation',
    question: 'What counts as activity (a PUT, a message)?',
    readings: {
      any: 'last_active_at may move between two copies of a conversation and is not compared, except null on a new one',
    },
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
    readings: {
      any: 'any limit, answered with 429 (Retry-After honoured when given), or with 503 and a Retry-After, as gateways throttle (RFC 9110 §15.6.4); the whole run slows down',
    },
    everyCheck: 'the client waits out a 429 on any request, and the whole run slows down with it',
  },
  {
    key: 'restore',
    section: '§3',
    sentence: 'Restoring, and all other transitions: not shown.',
    question: 'Can an archived object be made active again (archived_at=null)?',
    readings: {
      any: 'not tested; the sweep after a run tries it only on an archived record of its own that a DELETE did not remove, and a refusal leaves that record, reported with the reason',
    },
    noCheck: 'the run applies it: only the sweep after a run restores a record, and a refusal is reported, not judged',
  },
  {
    key: 'list-consistency',
    section: '§4.1',
    sentence: 'Response: an object with has_more (boolean) and data (array of conversation objects).',
    question:
      'When does a list show a write? A retrieve is of the object itself; nothing says a list (served from a search index, say) shows a create, an update or a delete as soon as it is answered (§4.2 says the same of groups).',
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
    question:
      'Does a list without archived hold archived records? The filter narrows a list to archived ones (§4.2: groups too); nothing says the list without it holds them (an inbox may leave them out).',
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
  // What an audit of the checks found open beside the above: each was a tolerance (or an
  // assumption) of some check without an entry of its own.
  {
    key: 'auth-challenge',
    section: '§7',
    sentence: 'Error codes, error body shape and status codes for failures: not shown.',
    question:
      'Does a 401 carry WWW-Authenticate? RFC 9110 §11.6.1 asks it of every 401; §5 shows only the header a request carries.',
    readings: { challenge: 'a WWW-Authenticate header on every 401 (the convention)', none: 'a 401 without one' },
    setting: {
      env: 'CONVENTIONS',
      kind: 'convention',
      checks: ['auth.unknown-token.challenge'],
      asks: { status: 401, header: 'www-authenticate' },
    },
  },
  {
    key: 'allow-on-405',
    section: '§7',
    sentence: 'Error codes, error body shape and status codes for failures: not shown.',
    question:
      'Does a 405 carry Allow? RFC 9110 §15.5.6 asks it of every 405; the spec names neither the status nor the header.',
    readings: { allow: 'an Allow header on every 405 (the convention)', none: 'a 405 without one' },
    setting: {
      env: 'CONVENTIONS',
      kind: 'convention',
      checks: ['conversations.other-methods.allow-on-405', 'groups.other-methods.allow-on-405'],
      asks: { status: 405, header: 'allow' },
    },
  },
  {
    key: 'other-methods',
    section: '§0',
    sentence:
      'This document covers the whole interface shown: the conversation resource and the group resource, each with list, create, retrieve, update and delete operations.',
    question:
      "What does a method or a path the API does not have get (HEAD, OPTIONS, a POST or PATCH on an object, a path beside one of the API's)? The spec shows only its ten operations.",
    readings: {
      refused: 'a 4xx (404 and 405 are the usual ones)',
      answered:
        'a 2xx: HEAD answered as GET, OPTIONS with the methods allowed, a POST or PATCH on an object read as an update of nothing',
      redirected: 'a 3xx (a path with a trailing slash sent to the one without)',
      unimplemented:
        "a 501 Not Implemented to HEAD, OPTIONS or PATCH, methods the API has on no path, from a stack with no handler for them (Python's http.server; a servlet container for PATCH): RFC 9110 §15.6.2 names 501 for a method the server does not support for any resource; never to GET, POST, PUT or DELETE, which the API has",
    },
    noSetting:
      'whatever the answer (never a 5xx, but a 501 to a method the API has on no path), the object stays as it was; nothing else a check does depends on which',
  },
  {
    key: 'group-delete-conversation',
    section: '§3',
    sentence:
      'group | any | DELETE /v1/groups/:id | none | removed permanently | the group, including its messages, is removed permanently',
    question:
      'What does deleting a group do to its conversation? §3 removes "the group, including its messages" and says nothing of the conversation the messages are in.',
    readings: {
      removed: 'the conversation is removed with the group (not retrievable, not listed)',
      kept: 'the conversation stays, retrievable as a conversation (its group_id may still name the deleted group, or be null)',
    },
    setting: { env: 'GROUP_DELETE_CONVERSATION', kind: 'reading' },
  },
  {
    key: 'group-conversation-delete',
    section: '§1',
    sentence: 'Each group has one conversation.',
    question:
      "May a group's own conversation be deleted directly (DELETE /v1/conversations/:id)? §4.1 deletes any conversation; §1 gives each group one.",
    readings: {
      allowed:
        'it is deleted; the group stays without one, and a create with its group_id may make it one again, or be refused',
      refused: 'a 4xx: the conversation goes only with its group',
    },
    setting: { env: 'GROUP_CONVERSATION_DELETE', kind: 'reading' },
  },
  {
    key: 'create-with-both',
    section: '§4.1',
    sentence: 'At least one of them must be given.',
    question:
      'What does POST /v1/conversations with both contact_id and group_id make? "At least one" allows both, and no sentence says what a conversation of both is.',
    readings: {
      both: 'a conversation that carries both, as given (when the create makes one at all: group-conversation-create)',
      one: 'a conversation of one of the two, the other dropped (null)',
      refused: 'a 4xx: one of the two at a time',
    },
    setting: { env: 'CREATE_WITH_BOTH', kind: 'reading' },
  },
  {
    key: 'archive-archived',
    section: '§3',
    sentence: 'Restoring, and all other transitions: not shown.',
    question:
      'What does a PUT with archived_at do to a record that is archived already? §3\'s table archives an active one ("archived_at holds the timestamp"); from archived, "all other transitions: not shown".',
    readings: {
      restamped: 'archived_at holds the new timestamp',
      kept: 'archived_at keeps the first timestamp (the PUT succeeds and changes nothing of it)',
      refused: 'a 4xx that changes nothing',
    },
    setting: { env: 'ARCHIVE_ARCHIVED', kind: 'reading' },
  },
  {
    key: 'timestamp-form',
    section: '§2',
    sentence: 'Timestamps are returned as integers in the examples.',
    question:
      "How are timestamps written? The examples write integers and no sentence shows another form, so the suite reads them as integers (the unit is timestamp-unit's): a timestamp written otherwise (an ISO 8601 string, a fraction) fails the schemas.",
    readings: { integer: 'a JSON integer, in any unit' },
    everyCheck: 'the schemas hold every timestamp of every answer to an integer',
  },
  {
    key: 'unique-members',
    section: '§2.2',
    sentence: 'contacts | array of contact objects | Members of the group; an empty array when none were given',
    question:
      'May a group hold two members of one username? The contacts are "array of contact objects", and nothing says they differ.',
    readings: {
      kept: 'a username given twice is kept twice',
      merged: 'one member per username',
      refused: 'a 4xx that creates or changes nothing',
    },
    noSetting:
      'members are compared as sets of usernames (contact-fields), so a repeat kept or merged reads alike; a refusal changes nothing, as a refused text does (input-rules)',
  },
  {
    key: 'malformed-boolean',
    section: '§4',
    sentence:
      'Request fields are sent as named parameters, as in the form-style examples; other body encodings: not shown.',
    question:
      'What does a boolean parameter spelt otherwise than true or false (is_muted=yes, 1, TRUE, a JSON string) get? The form shows no spelling of a boolean, and §7 no answer to a bad one.',
    readings: {
      refused: 'a 4xx that changes nothing',
      read: 'read as a boolean some sane way (yes, 1, TRUE as true); what is stored is a JSON boolean',
    },
    setting: { env: 'MALFORMED_BOOLEAN', kind: 'reading' },
  },
  {
    key: 'token-case',
    section: '§5',
    sentence: 'Every request carries the header Authorization with the value Bearer <ACCESS_TOKEN>.',
    question:
      'Is the token compared as written? §5 does not leave it open: the value is the ACCESS_TOKEN, one string, and the token in other letter case is another string (RFC 6750 §2.1: a b64token, whose letters are distinct). The scheme is another matter (auth-scheme-spelling).',
    readings: { exact: 'the token in other letter case is another token: refused as any unknown one' },
  },
  {
    key: 'auth-scheme-spelling',
    section: '§5',
    sentence: 'Every request carries the header Authorization with the value Bearer <ACCESS_TOKEN>.',
    question:
      'Is the valid token served under another spelling of the header: the scheme in other letter case (bearer), two spaces before the token, or beside a second Authorization header? §5 writes one spelling; RFC 7235 §2.1 makes the scheme case-insensitive.',
    readings: { served: "served as the token's user", refused: 'refused as credentials that are not valid' },
    noSetting: "both are safe: a success shows the token's own user, a refusal changes nothing; only a 5xx fails",
  },
  {
    key: 'form-encoding',
    section: '§4',
    sentence:
      'Request fields are sent as named parameters, as in the form-style examples; other body encodings: not shown.',
    question:
      'How does a form write an array of objects, a boolean, null and an empty list? No example is shown. The suite writes contacts[0][username]=alice, true and false, and an empty value for null and for the empty list (archived_at=, contacts=).',
    readings: {
      indices: "the suite's spelling read as it means",
      'no-empty-list':
        "the same, but contacts= refused (a form has no empty list; JSON's [] is one): a 4xx that changes nothing",
    },
    noSetting:
      'a server that reads arrays, booleans or null otherwise in a form is talked to in JSON (BODY_ENCODING=json); a refused contacts= changes nothing, and the checks that send it accept the refusal',
  },
  {
    key: 'text-storage',
    section: '§2.2',
    sentence:
      'The format, length and character limits of identifiers, names, descriptions and URLs, and the unit of the timestamps: not shown.',
    question:
      'Is a text that was accepted stored exactly as sent, or normalised? The format of texts is not shown. (Members are compared by their usernames exactly: contact-fields.)',
    readings: {
      exact: 'stored and returned exactly as sent',
      normalised:
        'stored as a normalisation of it: trimmed, runs of white space made one space, Unicode NFC or NFKC, or several of these',
    },
    setting: { env: 'TEXT_STORAGE', kind: 'reading' },
  },
  {
    key: 'invalid-limit',
    section: '§8',
    sentence: 'The limit parameter narrows the page size.',
    question:
      'What does a limit that is no positive integer get (0, -1, 1.5, abc, empty)? §8 says only that the limit narrows the page size.',
    readings: {
      refused: 'a 4xx',
      served: 'a valid page of any size (the limit ignored, read some way, or taken for no limit)',
    },
    setting: { env: 'INVALID_LIMIT', kind: 'reading' },
  },
] as const satisfies readonly (Omit<ProfileEntry, 'key'> & { key: string })[];

export type ProfileKey = (typeof profileEntries)[number]['key'];

type EntryOf<K extends ProfileKey> = Extract<(typeof profileEntries)[number], { key: K }>;

/** The readings the register names for one entry, e.g. ReadingOf<'empty-text'> = 'kept' | 'null'. */
export type ReadingOf<K extends ProfileKey> = keyof EntryOf<K>['readings'] & string;

type SettingOf<K extends ProfileKey> = EntryOf<K> extends { setting: infer S extends ProfileSetting } ? S : never;

/** The entries a list of statuses narrows, and those a reading's name narrows. */
export type StatusSettingEntry = {
  [K in ProfileKey]: EntryOf<K> extends { setting: { kind: 'statuses' } } ? K : never;
}[ProfileKey];
export type ReadingSettingEntry = {
  [K in ProfileKey]: EntryOf<K> extends { setting: { kind: 'reading' } } ? K : never;
}[ProfileKey];

/**
 * What a user declared of their server (the settings of the entries above): the statuses it answers
 * with, or the reading it takes. An entry left out accepts every reading of the register.
 */
export type DeclaredReadings = { readonly [K in StatusSettingEntry]?: readonly number[] } & {
  readonly [K in ReadingSettingEntry]?: Written<ReadingOf<K>>;
};

/** The entries whose setting is a convention (CONVENTIONS): a status that carries a header. */
export type ConventionEntry = {
  [K in ProfileKey]: EntryOf<K> extends { setting: { kind: 'convention' } } ? K : never;
}[ProfileKey];

/** A reading as a user writes it: <ms> a whole number, any other <placeholder> a text ('cursor:<param>:<field>' as 'cursor:cursor:next_cursor'). */
export type Written<R extends string> = R extends `${infer Before}<ms>${infer After}`
  ? `${Before}${number}${Written<After>}`
  : R extends `${infer Before}<${string}>${infer After}`
    ? `${Before}${string}${Written<After>}`
    : R;

/** The entries a user declares by a setting of their own name (all but the conventions, which CONVENTIONS names by check). */
type DeclaredEntry = {
  [K in ProfileKey]: SettingOf<K> extends { kind: 'statuses' | 'reading' | 'own' } ? K : never;
}[ProfileKey];

/**
 * What a user may write in each setting of the register, by the setting's name: a list of statuses
 * as text ("404,410") or one of the entry's readings (EMPTY_TEXT: 'kept' | 'null'). Derived from
 * the register, so a new entry's setting is in it with nothing written elsewhere.
 */
export type WrittenSettings = {
  [K in DeclaredEntry as SettingOf<K>['env']]?: SettingOf<K> extends { kind: 'statuses' }
    ? string
    : Written<ReadingOf<K>>;
};

/** The entry a setting declares, by the setting's name (UNKNOWN_ID_STATUS: unknown-id-status); undefined for a name no entry has. */
export function entryOfSetting(env: string): ProfileKey | undefined {
  return profileEntries.find(
    (entry) => 'setting' in entry && entry.setting.kind !== 'convention' && entry.setting.env === env,
  )?.key;
}
