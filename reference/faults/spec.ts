// The sentences of spec/messaging-api-v1.md that the faults break, copied verbatim (a table row as
// its cells joined with ' | ', as conformance/requirements/extract.ts reads it), each with the section it
// stands in. test/unit/reference/faults.test.ts checks every one against the spec.

export interface SpecSentence {
  /** The numbered heading the sentence stands under: '§2.1'. */
  readonly section: string;
  /** The sentence, or the table row, exactly as the spec writes it. */
  readonly sentence: string;
}

const at = (section: string, sentence: string): SpecSentence => ({ section, sentence });

export const spec = {
  // §1
  conversationOfUser: at(
    '§1',
    'A conversation is the container for messages between the authenticated user and one contact, or between the user and a group.',
  ),
  oneConversationPerGroup: at('§1', 'Each group has one conversation.'),
  // §2
  nullWithoutValue: at('§2', 'In all responses, a field without a value is returned as null.'),
  integerTimestamps: at('§2', 'Timestamps are returned as integers in the examples.'),
  // §2.1
  conversationIdentifier: at('§2.1', 'id | string | Unique identifier of the conversation'),
  pinnedMessageIdField: at('§2.1', 'pinned_message_id | string or null | Identifier of the pinned message'),
  isPinnedField: at('§2.1', 'is_pinned | boolean | Whether the conversation is pinned'),
  createdAtField: at('§2.1', 'created_at | timestamp | When the conversation was created'),
  conversationArchivedAtField: at(
    '§2.1',
    'archived_at | timestamp or null | When the conversation was archived; null when not archived',
  ),
  contactIdField: at('§2.1', 'contact_id | string or null | Identifier of the other contact in the conversation'),
  isMutedField: at('§2.1', 'is_muted | boolean | Whether the conversation is muted'),
  lastActiveAtField: at(
    '§2.1',
    'last_active_at | timestamp or null | When the conversation was last active; null on a new conversation',
  ),
  lastOpenedAtField: at(
    '§2.1',
    'last_opened_at | timestamp or null | When the authenticated user last opened the conversation; null on a new conversation',
  ),
  newConversation: at(
    '§2.1',
    'On a newly created conversation: group_id is null when only contact_id was given, pinned_message_id is null, is_pinned is false, is_muted is false, and archived_at is null.',
  ),
  // §2.2
  groupIdField: at('§2.2', 'id | string | Unique identifier of the group'),
  conversationIdField: at(
    '§2.2',
    'conversation_id | string | Identifier of the conversation that belongs to the group',
  ),
  contactsField: at(
    '§2.2',
    'contacts | array of contact objects | Members of the group; an empty array when none were given',
  ),
  groupArchivedAtField: at(
    '§2.2',
    'archived_at | timestamp or null | When the group was archived; null when not archived',
  ),
  contactUsername: at('§2.2', 'A contact object carries a username field (string).'),
  timestampUnitOpen: at(
    '§2.2',
    'The format, length and character limits of identifiers, names, descriptions and URLs, and the unit of the timestamps: not shown.',
  ),
  // §3
  archiveConversation: at(
    '§3',
    'conversation | active | PUT /v1/conversations/:id with archived_at | a timestamp is given | archived | archived_at holds the timestamp',
  ),
  archiveGroup: at(
    '§3',
    'group | active | PUT /v1/groups/:id with archived_at | a timestamp is given | archived | archived_at holds the timestamp',
  ),
  removeConversation: at(
    '§3',
    'conversation | any | DELETE /v1/conversations/:id | none | removed permanently | all its messages are removed permanently',
  ),
  removeGroup: at(
    '§3',
    'group | any | DELETE /v1/groups/:id | none | removed permanently | the group, including its messages, is removed permanently',
  ),
  // §3 (beside the table)
  archivedState: at(
    '§3',
    'Both resources have an implicit archived state derived from archived_at: active when archived_at is null, archived when it holds a timestamp.',
  ),
  // §4
  namedParameters: at(
    '§4',
    'Request fields are sent as named parameters, as in the form-style examples; other body encodings: not shown.',
  ),
  authRequired: at('§4', 'All endpoints require authentication (section 5).'),
  // §4.1
  listConversations: at('§4.1', '**GET /v1/conversations**: list conversations (paginated).'),
  conversationsLimit: at(
    '§4.1',
    'limit | integer | Limits the number of conversations returned; the default page size is ten',
  ),
  mutedFilter: at('§4.1', 'muted | boolean | When true, only muted conversations are returned'),
  archivedConversationsFilter: at('§4.1', 'archived | boolean | When true, only archived conversations are returned'),
  pinnedFilter: at('§4.1', 'pinned | boolean | When true, only pinned conversations are returned'),
  groupIdFilter: at('§4.1', 'group_id | string | Only conversations of the given group are returned'),
  conversationsEnvelope: at(
    '§4.1',
    'Response: an object with has_more (boolean) and data (array of conversation objects).',
  ),
  createConversationParams: at('§4.1', 'Parameters: contact_id (string) and group_id (string).'),
  contactOrGroupRequired: at('§4.1', 'At least one of them must be given.'),
  retrieveConversation: at('§4.1', '**GET /v1/conversations/:id**: retrieve a conversation by id.'),
  pinnedMessageIdParam: at('§4.1', 'pinned_message_id | string | Sets the pinned message'),
  isPinnedParam: at('§4.1', 'is_pinned | boolean | Pins or unpins the conversation'),
  isMutedParam: at('§4.1', 'is_muted | boolean | Mutes or unmutes the conversation'),
  archivedAtParam: at('§4.1', 'archived_at | timestamp | Archives the conversation'),
  updatedConversation: at('§4.1', 'Response: the updated conversation object.'),
  conversationFieldsUnchanged: at('§4.1', 'Fields not given are unchanged.'),
  deleteConversation: at(
    '§4.1',
    '**DELETE /v1/conversations/:id**: permanently deletes the conversation and all its messages.',
  ),
  // §4.2
  listGroups: at('§4.2', '**GET /v1/groups**: list groups (paginated).'),
  groupsLimit: at('§4.2', 'limit | integer | Limits the number of groups returned; the default page size is ten'),
  archivedGroupsFilter: at('§4.2', 'archived | boolean | When true, only archived groups are returned'),
  groupsEnvelope: at('§4.2', 'Response: an object with has_more (boolean) and data (array of group objects).'),
  nameParam: at('§4.2', 'name | string | yes'),
  descriptionParam: at('§4.2', 'description | string | no'),
  avatarUrlParam: at('§4.2', 'avatar_url | string | no'),
  contactsParam: at('§4.2', 'contacts | array of contact objects | no'),
  createdGroup: at('§4.2', 'Response: the created group object, including conversation_id.'),
  retrieveGroup: at('§4.2', '**GET /v1/groups/:id**: retrieve a group by id.'),
  updateGroup: at(
    '§4.2',
    '**PUT /v1/groups/:id**: update a group, including changing name, description and avatar, and adding or removing contacts through the contacts array.',
  ),
  updatedGroup: at('§4.2', 'Response: the updated group object.'),
  groupFieldsUnchanged: at('§4.2', 'Fields not given are unchanged.'),
  deleteGroup: at('§4.2', '**DELETE /v1/groups/:id**: permanently deletes the group, including its messages.'),
  // §8
  defaultPageSize: at('§8', 'Default page size of list operations | 10 items'),
  limitNarrows: at('§8', 'The limit parameter narrows the page size.'),
  // §5
  bearerToken: at('§5', 'Every request carries the header Authorization with the value Bearer <ACCESS_TOKEN>.'),
} as const satisfies Record<string, SpecSentence>;
