// What a user who knows their server would declare of it: for the readings a combined profile drew,
// the settings that narrow the suite's profile to exactly those readings (UNKNOWN_ID_STATUS=410,
// EMPTY_TEXT=null, ...). An entry whose setting names a reading (lib/api/open-points.ts) declares
// the register's reading its drawn reading takes, with no line here; what follows is what needs
// code: the statuses, worked out from all the picks together since some readings decide the
// statuses of others (readings.ts: another user's id gets the unknown-id status unless
// foreign-id-status says otherwise; a refused group conversation has a status of its own), and
// the readings that two picks decide together.
import { profileEntries } from '../../lib/api/open-points.ts';
import { serverReadings, type EntryReadings, type Pick } from './readings.ts';
import type { Declares } from './variant.ts';

/** The name of the reading drawn for an entry; the default's when the picks leave the entry out. */
const nameOf = (picks: readonly Pick[], entry: Pick['entry']): string =>
  picks.find((pick) => pick.entry === entry)?.name ?? (serverReadings[entry] as EntryReadings).default.name;

/** The register's reading the drawn reading of an entry takes. */
const takesOf = (picks: readonly Pick[], entry: Pick['entry']): string => {
  const pick = picks.find((candidate) => candidate.entry === entry);
  return pick?.reading?.takes ?? (serverReadings[entry] as EntryReadings).default.takes;
};

/**
 * The entries declared by their reading's name, each with its setting: every entry whose setting
 * names a reading, but those whose server readings declare their own setting (a reading with a
 * <ms> to fill in: readings.ts writes LIST_CONSISTENCY=eventual:2000 itself).
 */
const byReading = profileEntries.flatMap((entry) => {
  if (!('setting' in entry) || entry.setting.kind !== 'reading') return [];
  const readings = serverReadings[entry.key] as EntryReadings;
  return Object.values(readings.others).some((reading) => reading.declares !== undefined)
    ? []
    : [{ key: entry.key, env: entry.setting.env }];
});

/** Every narrowing the picks allow, by setting; combined.ts declares a seeded part of them. */
export function narrowingsOf(picks: readonly Pick[]): Declares {
  const unknownId = nameOf(picks, 'unknown-id-status');
  const foreignId = nameOf(picks, 'foreign-id-status');
  const refusal = nameOf(picks, 'refusal-status');
  const groupCreate = nameOf(picks, 'group-conversation-create');
  const success = nameOf(picks, 'success-status');
  const deleteAnswer = nameOf(picks, 'delete-answer');
  const laxValues = nameOf(picks, 'input-rules') === 'lax-values';
  const emptyTextsTaken = nameOf(picks, 'input-rules') === 'empty-texts-accepted';
  // A reading named by a status answers it (422, 403, 400); the others keep the default's status.
  const statusOf = (name: string, entry: Pick['entry']) =>
    /^\d{3}/.exec(name)?.[0] ?? (serverReadings[entry] as EntryReadings).default.name;
  // A refused group conversation keeps its own status (409 or 422), and so does the refused delete
  // of a group's own conversation (409): refusals too.
  const groupRefusal = /^refused-(\d{3})$/.exec(groupCreate)?.[1];
  const conversationDeleteRefusal = /^refused-(\d{3})$/.exec(nameOf(picks, 'group-conversation-delete'))?.[1];
  const declared: Record<string, string> = Object.fromEntries(
    byReading.map(({ key, env }) => [env, takesOf(picks, key)]),
  );
  // Every body the reference server refuses with is JSON unless error-body drew another: its
  // register reading is 'any' either way, so the name says which to declare.
  if (nameOf(picks, 'error-body') === 'json') declared.ERROR_BODY = 'json';
  else delete declared.ERROR_BODY;
  // Empty texts taken where the default refuses them (name=, contact_id=) stay "": with empty-text
  // null, the server reads an empty text two ways, which no single EMPTY_TEXT declares.
  if (emptyTextsTaken && takesOf(picks, 'empty-text') === 'null') delete declared.EMPTY_TEXT;
  // Values read loosely (input-rules:lax-values) read some booleans and limits the default refuses.
  if (laxValues) {
    delete declared.MALFORMED_BOOLEAN;
    delete declared.INVALID_LIMIT;
  }
  return {
    SUCCESS_STATUS: success === '200' ? '200' : '200,201',
    REFUSAL_STATUS: [
      ...new Set([
        statusOf(refusal, 'refusal-status'),
        ...(groupRefusal ? [groupRefusal] : []),
        ...(conversationDeleteRefusal ? [conversationDeleteRefusal] : []),
      ]),
    ].join(','),
    AUTH_REFUSAL_STATUS: statusOf(nameOf(picks, 'auth-refusal-status'), 'auth-refusal-status'),
    UNKNOWN_ID_STATUS: unknownId,
    // The default reading is no modifier of its own: another user's id is an id this user cannot see.
    FOREIGN_ID_STATUS: foreignId === '404' ? unknownId : foreignId,
    DELETE_STATUS: deleteAnswer === '204' ? '204' : '200',
    ...(declared as Declares),
  };
}
