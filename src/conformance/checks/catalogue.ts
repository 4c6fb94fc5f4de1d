// Every check of the suite: its id, what it verifies, the spec sections it enforces and its level.
// The id names the file that implements it: `conversations.create.defaults` lives in
// suites/conversations/create.check.ts. The README's list of checks is generated from here.

/**
 * spec: the spec states it. security: authentication, and one user's data kept from another.
 * robustness: no 5xx, no hang, well-formed JSON. convention: a common choice the spec leaves
 * open; reported, never gating.
 */
export type CheckLevel = 'spec' | 'security' | 'robustness' | 'convention';

export interface CheckMeta {
  title: string;
  /** Sections of spec/messaging-api-v1.md, as written there: §2.1, §4.1 ... */
  spec: readonly string[];
  level: CheckLevel;
  /** It sends nothing but GETs, so it runs under --read-only too. */
  readOnly?: true;
}

export const catalogue = {
  'conversations.create.defaults': {
    title: 'a conversation created with only contact_id echoes it and has the documented defaults',
    spec: ['§2.1', '§4.1'],
    level: 'spec',
  },
  'conversations.create.with-group': {
    title: 'a conversation created with a group\'s id carries that group_id',
    spec: ['§2.1', '§4.1'],
    level: 'spec',
  },
  'conversations.create.unique-id': {
    title: 'two conversations created one after the other get different ids',
    spec: ['§2.1'],
    level: 'spec',
  },
  'conversations.create.one-per-group': {
    title: "after a create with a group's id, the group still has exactly one conversation",
    spec: ['§1', '§4.1'],
    level: 'spec',
  },
  'conversations.create.requires-contact-or-group': {
    title: 'a create with neither contact_id nor group_id is refused with a 4xx and creates nothing',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.create.wrong-types': {
    title: 'create parameters of the wrong type get a 4xx or are stored exactly, never a 5xx',
    spec: ['§4.1', '§7'],
    level: 'robustness',
  },
  'conversations.create.unusual-text': {
    title: 'an empty, very long or non-ASCII contact_id is refused with a 4xx or returned exactly, never a 5xx',
    spec: ['§2.1', '§4.1', '§7'],
    level: 'robustness',
  },
  'conversations.retrieve.same-object': {
    title: 'retrieving a created conversation returns the object that create returned',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.retrieve.unknown-id': {
    title: 'retrieving an id that does not exist gets a 4xx, never a 5xx',
    spec: ['§4.1', '§7'],
    level: 'robustness',
    readOnly: true,
  },
  'conversations.retrieve.unknown-id-404': {
    title: 'retrieving an id that does not exist gets 404',
    spec: ['§4.1', '§7'],
    level: 'convention',
    readOnly: true,
  },
  'conversations.update.pinned-message-id': {
    title: 'PUT pinned_message_id alone sets the pinned message',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.update.is-pinned': {
    title: 'PUT is_pinned pins and unpins the conversation',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.update.is-muted': {
    title: 'PUT is_muted mutes and unmutes the conversation',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.update.others-unchanged': {
    title: 'a PUT leaves every field it does not name unchanged, id and created_at included',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.update.matches-retrieve': {
    title: 'the object a PUT returns is the updated conversation and equals a later retrieve',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.update.wrong-types': {
    title: 'update parameters of the wrong type get a 4xx and change nothing, never a 5xx',
    spec: ['§4.1', '§7'],
    level: 'robustness',
  },
  'conversations.update.unknown-id': {
    title: 'updating an id that does not exist gets a 4xx, never a 5xx',
    spec: ['§4.1', '§7'],
    level: 'robustness',
  },
  'conversations.archive.sets-timestamp': {
    title: 'PUT archived_at archives the conversation and archived_at then holds exactly the timestamp given',
    spec: ['§3', '§4.1'],
    level: 'spec',
  },
  'conversations.archive.listed-as-archived': {
    title: 'an archived conversation is listed under archived=true',
    spec: ['§3', '§4.1'],
    level: 'spec',
  },
  'conversations.archive.active-not-listed': {
    title: 'an active conversation is never listed under archived=true',
    spec: ['§3', '§4.1'],
    level: 'spec',
  },
  'conversations.delete.not-retrievable': {
    title: 'a deleted conversation can no longer be retrieved',
    spec: ['§3', '§4.1'],
    level: 'spec',
  },
  'conversations.delete.not-listed': {
    title: 'a deleted conversation is no longer listed',
    spec: ['§3', '§4.1'],
    level: 'spec',
  },
  'conversations.delete.unknown-id': {
    title: 'deleting an id that does not exist gets a 4xx, never a 5xx',
    spec: ['§4.1', '§7'],
    level: 'robustness',
  },
  'conversations.list.envelope': {
    title: 'listing conversations returns {has_more, data} with valid conversation objects',
    spec: ['§2.1', '§4.1'],
    level: 'spec',
  },
  'conversations.list.default-page-size': {
    title: 'without limit, a list of more than ten conversations returns exactly ten and has_more true',
    spec: ['§4.1', '§8'],
    level: 'spec',
  },
  'conversations.list.limit': {
    title: 'limit=n returns exactly n conversations and has_more true when more exist',
    spec: ['§4.1', '§8'],
    level: 'spec',
  },
  'conversations.list.has-more-false-at-end': {
    title: 'the last page of a list has has_more false',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.list.muted-filter': {
    title: 'muted=true returns only muted conversations, the suite\'s muted ones among them',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.list.pinned-filter': {
    title: 'pinned=true returns only pinned conversations, the suite\'s pinned ones among them',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.list.archived-filter': {
    title: 'archived=true returns only archived conversations',
    spec: ['§3', '§4.1'],
    level: 'spec',
  },
  'conversations.list.group-id-filter': {
    title: 'group_id returns only that group\'s conversations, its own conversation among them',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.list.pagination': {
    title: 'walking every page of a list returns each of the suite\'s conversations once and ends with has_more false',
    spec: ['§4.1', '§4.3'],
    level: 'spec',
  },
  'conversations.list.bad-limit': {
    title: 'limit 0, negative, huge or not a number gets a 4xx or a valid page, never a 5xx',
    spec: ['§4.1', '§8'],
    level: 'robustness',
  },
  'groups.create.defaults': {
    title: 'a group created with only a name has null description and avatar_url and no contacts',
    spec: ['§2', '§2.2', '§4.2'],
    level: 'spec',
  },
  'groups.create.echoes-fields': {
    title: 'a group created with name, description and avatar_url returns them as given',
    spec: ['§2.2', '§4.2'],
    level: 'spec',
  },
  'groups.create.contacts': {
    title: 'a group created with contacts returns their usernames',
    spec: ['§2.2', '§4.2'],
    level: 'spec',
  },
  'groups.create.conversation': {
    title: 'a created group names its conversation, which is retrievable and carries the group\'s id',
    spec: ['§1', '§2.2', '§4.2'],
    level: 'spec',
  },
  'groups.create.conversation-listed': {
    title: 'a created group\'s conversation is found by GET /v1/conversations?group_id=',
    spec: ['§2.2', '§4.1', '§4.2'],
    level: 'spec',
  },
  'groups.create.unique-id': {
    title: 'two groups created one after the other get different ids',
    spec: ['§2.2'],
    level: 'spec',
  },
  'groups.create.requires-name': {
    title: 'a create without a name is refused with a 4xx and creates nothing',
    spec: ['§4.2'],
    level: 'spec',
  },
  'groups.create.wrong-types': {
    title: 'create parameters of the wrong type get a 4xx or are stored exactly, never a 5xx',
    spec: ['§4.2', '§7'],
    level: 'robustness',
  },
  'groups.create.unusual-text': {
    title: 'empty, very long and non-ASCII text is refused with a 4xx or returned exactly, never a 5xx',
    spec: ['§2.2', '§4.2', '§7'],
    level: 'robustness',
  },
  'groups.retrieve.same-object': {
    title: 'retrieving a created group returns the object that create returned',
    spec: ['§4.2'],
    level: 'spec',
  },
  'groups.retrieve.unknown-id': {
    title: 'retrieving an id that does not exist gets a 4xx, never a 5xx',
    spec: ['§4.2', '§7'],
    level: 'robustness',
    readOnly: true,
  },
  'groups.retrieve.unknown-id-404': {
    title: 'retrieving an id that does not exist gets 404',
    spec: ['§4.2', '§7'],
    level: 'convention',
    readOnly: true,
  },
  'groups.update.name': {
    title: 'PUT name alone changes the name',
    spec: ['§4.2'],
    level: 'spec',
  },
  'groups.update.description': {
    title: 'PUT description alone changes the description',
    spec: ['§4.2'],
    level: 'spec',
  },
  'groups.update.avatar-url': {
    title: 'PUT avatar_url alone changes the avatar',
    spec: ['§4.2'],
    level: 'spec',
  },
  'groups.update.contacts-added': {
    title: 'PUT contacts with new members makes them members',
    spec: ['§4.2'],
    level: 'spec',
  },
  'groups.update.contacts-semantics': {
    title: 'PUT contacts replaces or merges the members, as GROUP_CONTACTS declares',
    spec: ['§4.2'],
    level: 'spec',
  },
  'groups.update.others-unchanged': {
    title: 'a PUT leaves every field it does not name unchanged, id, conversation_id and created_at included',
    spec: ['§4.2'],
    level: 'spec',
  },
  'groups.update.matches-retrieve': {
    title: 'the object a PUT returns is the updated group and equals a later retrieve',
    spec: ['§4.2'],
    level: 'spec',
  },
  'groups.update.wrong-types': {
    title: 'update parameters of the wrong type get a 4xx and change nothing, never a 5xx',
    spec: ['§4.2', '§7'],
    level: 'robustness',
  },
  'groups.update.unknown-id': {
    title: 'updating an id that does not exist gets a 4xx, never a 5xx',
    spec: ['§4.2', '§7'],
    level: 'robustness',
  },
  'groups.archive.sets-timestamp': {
    title: 'PUT archived_at archives the group and archived_at then holds exactly the timestamp given',
    spec: ['§3', '§4.2'],
    level: 'spec',
  },
  'groups.archive.listed-as-archived': {
    title: 'an archived group is listed under archived=true',
    spec: ['§3', '§4.2'],
    level: 'spec',
  },
  'groups.archive.active-not-listed': {
    title: 'an active group is never listed under archived=true',
    spec: ['§3', '§4.2'],
    level: 'spec',
  },
  'groups.delete.not-retrievable': {
    title: 'a deleted group can no longer be retrieved',
    spec: ['§3', '§4.2'],
    level: 'spec',
  },
  'groups.delete.not-listed': {
    title: 'a deleted group is no longer listed',
    spec: ['§3', '§4.2'],
    level: 'spec',
  },
  'groups.delete.cascade': {
    title: 'deleting a group removes its conversation too: not retrievable, not listed under its group_id',
    spec: ['§3', '§4.2'],
    level: 'spec',
  },
  'groups.delete.unknown-id': {
    title: 'deleting an id that does not exist gets a 4xx, never a 5xx',
    spec: ['§4.2', '§7'],
    level: 'robustness',
  },
  'groups.list.envelope': {
    title: 'listing groups returns {has_more, data} with valid group objects',
    spec: ['§2.2', '§4.2'],
    level: 'spec',
  },
  'groups.list.default-page-size': {
    title: 'without limit, a list of more than ten groups returns exactly ten and has_more true',
    spec: ['§4.2', '§8'],
    level: 'spec',
  },
  'groups.list.limit': {
    title: 'limit=n returns exactly n groups and has_more true when more exist',
    spec: ['§4.2', '§8'],
    level: 'spec',
  },
  'groups.list.archived-filter': {
    title: 'archived=true returns only archived groups',
    spec: ['§3', '§4.2'],
    level: 'spec',
  },
  'groups.list.pagination': {
    title: 'walking every page of a list returns each of the suite\'s groups once and ends with has_more false',
    spec: ['§4.2', '§4.3'],
    level: 'spec',
  },
  'groups.list.bad-limit': {
    title: 'limit 0, negative, huge or not a number gets a 4xx or a valid page, never a 5xx',
    spec: ['§4.2', '§8'],
    level: 'robustness',
  },
  'properties.create.accepted-returned-exactly': {
    title: 'for generated create parameters, whatever is accepted is returned and stored exactly, unicode included',
    spec: ['§2.1', '§2.2', '§4.1', '§4.2'],
    level: 'spec',
  },
  'properties.retrieve.idempotent': {
    title: 'retrieving the same object several times returns the same object',
    spec: ['§4.1', '§4.2'],
    level: 'spec',
  },
  'properties.update.matches-retrieve': {
    title: 'for any generated subset of updatable fields, the fields take effect and a later retrieve equals the PUT answer',
    spec: ['§4.1', '§4.2'],
    level: 'spec',
  },
  'properties.list.pages-partition': {
    title: "for any page size, the pages of a filtered list hold each of the suite's items exactly once",
    spec: ['§4.1', '§4.3'],
    level: 'spec',
  },
  'properties.invalid.no-5xx-no-change': {
    title: 'generated parameters with one wrong value never get a 5xx; a wrong update gets a 4xx and changes nothing',
    spec: ['§4.1', '§4.2', '§7'],
    level: 'robustness',
  },
  'properties.invalid.required-missing': {
    title: 'generated group creates without a required parameter get a 4xx, never a 5xx',
    spec: ['§4.2'],
    level: 'spec',
  },
  'model.sequence.agrees-with-model': {
    title: 'random sequences of creates, retrieves, updates, archives, deletes, lists and page walks agree with a model of the spec at every step',
    spec: ['§3', '§4.1', '§4.2'],
    level: 'spec',
  },
  'readonly.lists.shapes': {
    title: 'the first pages of both lists, as the target holds them, are {has_more, data} envelopes of valid objects',
    spec: ['§2.1', '§2.2', '§4.1', '§4.2'],
    level: 'spec',
    readOnly: true,
  },
  'readonly.filters.match': {
    title: 'every conversation listed under muted, pinned or archived=true, and every group under archived=true, matches its filter',
    spec: ['§3', '§4.1', '§4.2'],
    level: 'spec',
    readOnly: true,
  },
  'readonly.retrieve.listed-objects': {
    title: 'a conversation and a group taken from the lists can be retrieved by their id, as the same objects',
    spec: ['§4.1', '§4.2'],
    level: 'spec',
    readOnly: true,
  },
  'readonly.auth.rejected': {
    title: 'the list and retrieve endpoints reject a missing, malformed or unknown credential with 401 or 403 and show no data',
    spec: ['§4', '§5'],
    level: 'security',
    readOnly: true,
  },
  'auth.missing-header.rejected': {
    title: 'every endpoint rejects a request without an Authorization header with 401 or 403, shows no data and changes nothing',
    spec: ['§4', '§5'],
    level: 'security',
  },
  'auth.malformed-header.rejected': {
    title: 'every endpoint rejects a malformed Authorization header with 401 or 403, shows no data and changes nothing',
    spec: ['§4', '§5'],
    level: 'security',
  },
  'auth.other-scheme.rejected': {
    title: 'every endpoint rejects an Authorization header of another scheme with 401 or 403, shows no data and changes nothing',
    spec: ['§4', '§5'],
    level: 'security',
  },
  'auth.unknown-token.rejected': {
    title: 'every endpoint rejects an unknown Bearer token with 401 or 403, shows no data and changes nothing',
    spec: ['§4', '§5'],
    level: 'security',
  },
  'isolation.retrieve.other-user': {
    title: 'a second user cannot retrieve the first user\'s conversation or group',
    spec: ['§5'],
    level: 'security',
  },
  'isolation.update.other-user': {
    title: 'a second user cannot update the first user\'s conversation or group, and nothing changes',
    spec: ['§5'],
    level: 'security',
  },
  'isolation.delete.other-user': {
    title: 'a second user cannot delete the first user\'s conversation or group, and nothing changes',
    spec: ['§5'],
    level: 'security',
  },
  'isolation.list.other-user': {
    title: 'a second user\'s lists never show the first user\'s conversations or groups',
    spec: ['§5'],
    level: 'security',
  },
} as const satisfies Record<string, CheckMeta>;

export type CheckId = keyof typeof catalogue;

export const gatingLevels: ReadonlySet<CheckLevel> = new Set(['spec', 'security', 'robustness']);

export function isCheckId(id: string): id is CheckId {
  return Object.hasOwn(catalogue, id);
}

/** suites/<resource>/<operation>.check.ts, from the first two parts of the id. */
export function checkFile(id: CheckId): string {
  const [resource, operation] = id.split('.');
  return `suites/${resource}/${operation}.check.ts`;
}
