// What a user who knows their server would declare of it: for the readings a combined profile drew,
// the settings that narrow the suite's profile to exactly those readings (UNKNOWN_ID_STATUS=410,
// EMPTY_TEXT=null, ...). Worked out from all the picks together, since some readings decide the
// statuses of others (readings.ts): another user's id gets the unknown-id status unless
// foreign-id-status says otherwise; a refused group conversation has a status of its own.
import { serverReadings, type EntryReadings, type Pick } from './readings.ts';
import type { Declares } from './variant.ts';

/** The name of the reading drawn for an entry; the default's when the picks leave the entry out. */
const nameOf = (picks: readonly Pick[], entry: Pick['entry']): string =>
  picks.find((pick) => pick.entry === entry)?.name ?? (serverReadings[entry] as EntryReadings).default.name;

/** Every narrowing the picks allow, by setting; combined.ts declares a seeded part of them. */
export function narrowingsOf(picks: readonly Pick[]): Declares {
  const unknownId = nameOf(picks, 'unknown-id-status');
  const foreignId = nameOf(picks, 'foreign-id-status');
  const refusal = nameOf(picks, 'refusal-status');
  const groupCreate = nameOf(picks, 'group-conversation-create');
  const success = nameOf(picks, 'success-status');
  const deleteAnswer = nameOf(picks, 'delete-answer');
  const errorBody = nameOf(picks, 'error-body');
  const laxValues = nameOf(picks, 'input-rules') === 'lax-values';
  const emptyTextsTaken = nameOf(picks, 'input-rules') === 'empty-texts-accepted';
  const takes = (entry: Pick['entry']) => {
    const pick = picks.find((candidate) => candidate.entry === entry);
    return pick?.reading?.takes ?? (serverReadings[entry] as EntryReadings).default.takes;
  };
  // A reading named by a status answers it (422, 403, 400); the others keep the default's status.
  const statusOf = (name: string, entry: Pick['entry']) => /^\d{3}/.exec(name)?.[0] ?? (serverReadings[entry] as EntryReadings).default.name;
  // A refused group conversation keeps its own status (409 or 422), and so does the refused delete
  // of a group's own conversation (409): refusals too.
  const groupRefusal = /^refused-(\d{3})$/.exec(groupCreate)?.[1];
  const conversationDeleteRefusal = /^refused-(\d{3})$/.exec(nameOf(picks, 'group-conversation-delete'))?.[1];
  return {
    SUCCESS_STATUS: success === '200' ? '200' : '200,201',
    REFUSAL_STATUS: [...new Set([statusOf(refusal, 'refusal-status'), ...(groupRefusal ? [groupRefusal] : []), ...(conversationDeleteRefusal ? [conversationDeleteRefusal] : [])])].join(','),
    AUTH_REFUSAL_STATUS: statusOf(nameOf(picks, 'auth-refusal-status'), 'auth-refusal-status'),
    UNKNOWN_ID_STATUS: unknownId,
    // The default reading is no modifier of its own: another user's id is an id this user cannot see.
    FOREIGN_ID_STATUS: foreignId === '404' ? unknownId : foreignId,
    DELETE_STATUS: deleteAnswer === '204' ? '204' : '200',
    DELETE_OF_NOTHING: takes('delete-of-nothing') as Declares['DELETE_OF_NOTHING'],
    ...(errorBody === 'json' ? { ERROR_BODY: 'json' as const } : {}),
    // Empty texts taken where the default refuses them (name=, contact_id=) stay "": with empty-text
    // null, the server reads an empty text two ways, which no single EMPTY_TEXT declares.
    ...(emptyTextsTaken && takes('empty-text') === 'null' ? {} : { EMPTY_TEXT: takes('empty-text') as Declares['EMPTY_TEXT'] }),
    GROUP_CONVERSATION_CREATE: takes('group-conversation-create') as Declares['GROUP_CONVERSATION_CREATE'],
    CONTACT_CONVERSATION_CREATE: takes('contact-conversation-create') as Declares['CONTACT_CONVERSATION_CREATE'],
    LARGEST_LIMIT: takes('largest-limit') as Declares['LARGEST_LIMIT'],
    GROUP_DELETE_CONVERSATION: takes('group-delete-conversation') as Declares['GROUP_DELETE_CONVERSATION'],
    GROUP_CONVERSATION_DELETE: takes('group-conversation-delete') as Declares['GROUP_CONVERSATION_DELETE'],
    CREATE_WITH_BOTH: takes('create-with-both') as Declares['CREATE_WITH_BOTH'],
    ARCHIVE_ARCHIVED: takes('archive-archived') as Declares['ARCHIVE_ARCHIVED'],
    TEXT_STORAGE: takes('text-storage') as Declares['TEXT_STORAGE'],
    // Values read loosely (input-rules:lax-values) read some booleans and limits the default refuses.
    ...(laxValues ? {} : {
      MALFORMED_BOOLEAN: takes('malformed-boolean') as Declares['MALFORMED_BOOLEAN'],
      INVALID_LIMIT: takes('invalid-limit') as Declares['INVALID_LIMIT'],
    }),
  };
}
