// The server profile: what the suite accepts where the spec leaves a server free. Checks, properties
// and the model ask its predicates instead of writing a status range or an equality of their own;
// each predicate rests on entries of the register (lib/api/open-points.ts), named once in
// predicateEntries, and the ranges and conventions it applies are the register's own. By default
// every reading of the register is accepted; what the user declared of their server (settings such
// as UNKNOWN_ID_STATUS=404 or EMPTY_TEXT=kept) narrows an entry to that reading.
import { isDeepStrictEqual } from 'node:util';
import {
  profileEntries,
  type ConventionEntry,
  type DeclaredReadings,
  type ProfileKey,
  type ProfileSetting,
  type ReadingOf,
  type ReadingSettingEntry,
  type StatusRange,
  type StatusSettingEntry,
} from '../../api/open-points.ts';

export type { DeclaredReadings };

/** What the predicates read of an answer (the client's ApiResponse has it; written out to keep the client free to import this module). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  jsonError?: string;
  text: string;
}

export interface ServerProfile {
  /** What the user declared; an entry left out accepts every reading. */
  readonly declared: DeclaredReadings;
  /** success-status: a successful request (DELETE aside: isDeleteSuccess). */
  isSuccess(status: number): boolean;
  /** refusal-status: a request refused as the client's fault (§7). */
  isRefusal(status: number): boolean;
  /** unsupported-body: a body of a shape the server does not take at all (any 4xx; §4 shows only named parameters). */
  isBodyRefusal(status: number): boolean;
  /** auth-refusal-status: missing, malformed or unknown credentials (§5; any 4xx, §7). */
  isAuthRefusal(status: number): boolean;
  /** auth-refusal-status, its usual reading: 401 (RFC 9110 §15.5.2). Only convention checks ask for it. */
  isUnauthorized(status: number): boolean;
  /**
   * A convention of the register (auth-challenge, allow-on-405): whether it speaks of an answer of
   * this status (a 401, a 405). Only convention checks ask, to skip an answer it says nothing of.
   */
  conventionApplies(entry: ConventionEntry, status: number): boolean;
  /** A convention of the register: whether the answer carries the header it asks for (WWW-Authenticate, Allow). Only convention checks ask. */
  followsConvention(entry: ConventionEntry, answer: Pick<Answer, 'headers'>): boolean;
  /**
   * other-methods: what a method or path the API does not have may get, sent with `method`: a 2xx,
   * a 3xx or a 4xx, or a 501 to a method the API has on no path (HEAD, OPTIONS, PATCH: RFC 9110
   * §15.6.2); never another 5xx.
   */
  isOtherMethodAnswer(status: number, method: string): boolean;
  /** unknown-id-status: an id that names nothing (never made, deleted, malformed). */
  isUnknownIdAnswer(status: number): boolean;
  /** unknown-id-status, its usual reading: 404. Only convention checks ask for it. */
  isNotFound(status: number): boolean;
  /** foreign-id-status: another user's object is neither revealed nor changed. */
  isForeignIdAnswer(status: number): boolean;
  /** delete-answer: a successful DELETE (§4.3), with any body or none. */
  isDeleteSuccess(status: number): boolean;
  /** delete-of-nothing: a DELETE of an id that names nothing: the unknown-id answer, or a successful DELETE's (§4.3). */
  isDeleteOfNothingAnswer(status: number): boolean;
  /** What isDeleteOfNothingAnswer accepts, in words, for failure messages. */
  describeDeleteOfNothing(): string;
  /** foreign-id-status: two answers a client cannot tell apart by status, so that another user's id reveals nothing beside an id nobody made. */
  answersAlike(first: number, second: number): boolean;
  /** foreign-id-status: whether another user's id may get whatever an id that names nothing gets (unless both are declared, and differ). */
  foreignIdsAnswerAsUnknown(): boolean;
  /** rate-limits: a 429 asks the whole run to slow down (honouring Retry-After); never a verdict. */
  isTooManyRequests(status: number): boolean;
  /** A server failure: never acceptable, whatever was sent. */
  isServerError(status: number): boolean;
  /**
   * 413 Content Too Large (RFC 9110 §15.5.14): a refusal of a body past the size the server reads.
   * No sentence of the spec bounds a body, so a check that sends a large one accepts it beside
   * the refusal statuses of its entries.
   */
  isTooLarge(status: number): boolean;
  /** error-body: what is wrong with a refusal's body, or undefined. */
  errorBodyProblem(answer: Answer): string | undefined;
  /** response-media-type: what is wrong with the label of a successful answer's body, or undefined. */
  successBodyLabelProblem(answer: Answer): string | undefined;
  /**
   * empty-text, text-storage: a value sent is stored as sent; an empty text may come back as null
   * (§2), and a text as a normalisation of it (trimmed, white space collapsed, NFC or NFKC).
   */
  storedAsSent(sent: unknown, received: unknown): boolean;
  /**
   * list-consistency: how long after a write was answered a list may still show what was there
   * before, in milliseconds; 0 (immediate, assumed unless LIST_CONSISTENCY declares eventual:<ms>)
   * holds every list read to the write at once. A retrieve is never given time.
   */
  listDelayMs(): number;
  /**
   * default-list-scope: whether a list without archived holds archived records (all, assumed
   * unless DEFAULT_LIST_SCOPE=active is declared) or the active ones only (active).
   */
  unfilteredListHoldsArchived(): boolean;
  /** Whether the server may take this reading of an entry that has one reading of several (group-conversation-create, ...). */
  allows<K extends ReadingSettingEntry>(entry: K, reading: ReadingOf<K>): boolean;
  /** Whether a status is one the entry accepts (what isSuccess, isRefusal, ... each ask of their own entry). */
  accepts(entry: StatusSettingEntry, status: number): boolean;
  /** The accepted statuses of an entry, in words ("any 4xx", "404 or 410"), for failure messages. */
  describe(entry: StatusSettingEntry): string;
}

type Registered = (typeof profileEntries)[number];
const settingOf = (entry: Registered): ProfileSetting | undefined => ('setting' in entry ? entry.setting : undefined);

/** The register's range of each entry a list of statuses narrows (success-status: 200 to 299). */
const ranges = Object.fromEntries(
  profileEntries.flatMap((entry) => {
    const setting = settingOf(entry);
    return setting?.kind === 'statuses' ? [[entry.key, setting.within]] : [];
  }),
) as Readonly<Record<StatusSettingEntry, StatusRange>>;

/** A range in words, for failure messages: "a 4xx status", or "a status from 400 to 451". */
const rangeWords = ({ from, to }: StatusRange): string =>
  from % 100 === 0 && to === from + 99 ? `a ${from / 100}xx status` : `a status from ${from} to ${to}`;

/** What a convention entry asks (auth-challenge: a 401 carries WWW-Authenticate), as the register states it. */
const asked = Object.fromEntries(
  profileEntries.flatMap((entry) => {
    const setting = settingOf(entry);
    return setting?.kind === 'convention' ? [[entry.key, setting.asks]] : [];
  }),
) as Readonly<Record<ConventionEntry, { status: number; header: string }>>;

/** An entry's widest range (before any setting narrows it): what a script for another engine (k6) writes down. */
export const statusRangeOf = (entry: StatusSettingEntry): { low: number; high: number } => ({
  low: ranges[entry].from,
  high: ranges[entry].to,
});

/**
 * text-storage: what a server that normalises text may store for `text`: the text trimmed, with
 * every run of white space made one space, in Unicode NFC or NFKC, or several of these at once.
 */
export function normalisationsOf(text: string): Set<string> {
  const forms = [text, text.normalize('NFC'), text.normalize('NFKC')];
  const spacings = (value: string) => [
    value,
    value.trim(),
    value.replace(/\s+/g, ' '),
    value.replace(/\s+/g, ' ').trim(),
  ];
  return new Set(forms.flatMap(spacings));
}

/**
 * The methods the API has on some path (§4): a 501, "not supported for any resource" (RFC 9110
 * §15.6.2), cannot be the answer of a server that implements the API to one of these.
 */
const apiMethods: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/** The media type a response declares, lower case, without parameters ('' when none). */
export function declaredMediaType(answer: Pick<Answer, 'headers'>): string {
  return (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

const declaresJson = (answer: Pick<Answer, 'headers'>) =>
  /^application\/(?:[\w.+-]+\+)?json$/.test(declaredMediaType(answer));

/**
 * The profile of a server of which `declared` is known. `consulted` hears every entry a predicate
 * rests on as it is asked, so that a check's result can say which entries its verdict rested on.
 */
export function serverProfile(
  declared: DeclaredReadings = {},
  consulted: (entry: ProfileKey) => void = () => {},
): ServerProfile {
  // A predicate consults only the entries of its row of predicateEntries: `hear` holds it to them.
  const hear = <P extends FixedPredicate>(_predicate: P, entry: EntriesOf<P>): void => consulted(entry);
  const inRange = (entry: StatusSettingEntry, status: number): boolean => {
    const listed = declared[entry];
    if (listed !== undefined) return listed.includes(status);
    const { from, to } = ranges[entry];
    return status >= from && status <= to;
  };
  const isDeclared = <K extends ReadingSettingEntry>(entry: K, reading: ReadingOf<K>): boolean => {
    const only = declared[entry];
    return only === undefined || only === reading;
  };
  /** The predicate of one status entry: the statuses declared, or the register's range. */
  const statusOf =
    <P extends FixedPredicate>(predicate: P, entry: EntriesOf<P> & StatusSettingEntry) =>
    (status: number): boolean => {
      hear(predicate, entry);
      return inRange(entry, status);
    };
  const describe = (entry: StatusSettingEntry): string => {
    const listed = declared[entry];
    return listed === undefined ? rangeWords(ranges[entry]) : `${listed.join(' or ')} (as declared)`;
  };
  return {
    declared,
    isSuccess: statusOf('isSuccess', 'success-status'),
    isRefusal: statusOf('isRefusal', 'refusal-status'),
    isAuthRefusal: statusOf('isAuthRefusal', 'auth-refusal-status'),
    isBodyRefusal: statusOf('isBodyRefusal', 'unsupported-body'),
    isUnauthorized: (status) => {
      hear('isUnauthorized', 'auth-refusal-status');
      return status === 401;
    },
    conventionApplies: (entry, status) => {
      consulted(entry);
      return status === asked[entry].status;
    },
    followsConvention: (entry, answer) => {
      consulted(entry);
      return (answer.headers[asked[entry].header] ?? '').trim() !== '';
    },
    isOtherMethodAnswer: (status, method) => {
      hear('isOtherMethodAnswer', 'other-methods');
      return (status >= 200 && status <= 499) || (status === 501 && !apiMethods.has(method));
    },
    isUnknownIdAnswer: statusOf('isUnknownIdAnswer', 'unknown-id-status'),
    isNotFound: (status) => {
      hear('isNotFound', 'unknown-id-status');
      return status === 404;
    },
    isForeignIdAnswer: statusOf('isForeignIdAnswer', 'foreign-id-status'),
    isDeleteSuccess: statusOf('isDeleteSuccess', 'delete-answer'),
    // Plain functions, not methods: checks pass predicates around (expectAnswer(response, profile.isDeleteSuccess, ...)).
    isDeleteOfNothingAnswer: (status) => {
      hear('isDeleteOfNothingAnswer', 'delete-of-nothing');
      const refused =
        isDeclared('delete-of-nothing', 'refused') && statusOf('isDeleteOfNothingAnswer', 'unknown-id-status')(status);
      return (
        refused ||
        (isDeclared('delete-of-nothing', 'success') && statusOf('isDeleteOfNothingAnswer', 'delete-answer')(status))
      );
    },
    describeDeleteOfNothing() {
      hear('describeDeleteOfNothing', 'delete-of-nothing');
      const only = declared['delete-of-nothing'];
      const refused = `${describe('unknown-id-status')} (an id that names nothing)`;
      const success = `${describe('delete-answer')} (as a DELETE that removed something)`;
      if (only === 'refused') return `${refused}, as DELETE_OF_NOTHING=refused declares`;
      if (only === 'success') return `${success}, as DELETE_OF_NOTHING=success declares`;
      return `${refused}, or ${success} (profile: delete-of-nothing)`;
    },
    foreignIdsAnswerAsUnknown: () => {
      hear('foreignIdsAnswerAsUnknown', 'foreign-id-status');
      const foreign = declared['foreign-id-status'];
      const unknown = declared['unknown-id-status'];
      return (
        foreign === undefined || unknown === undefined || [...foreign].sort().join() === [...unknown].sort().join()
      );
    },
    answersAlike: (first, second) => {
      hear('answersAlike', 'foreign-id-status');
      return first === second;
    },
    isTooManyRequests: (status) => {
      hear('isTooManyRequests', 'rate-limits');
      return status === 429;
    },
    isServerError: (status) => status >= 500,
    isTooLarge: (status) => status === 413,
    errorBodyProblem(answer) {
      hear('errorBodyProblem', 'error-body');
      const parses = answer.jsonError === undefined && answer.text.trim() !== '';
      if (declared['error-body'] === 'json' && !(declaresJson(answer) && parses)) {
        return `a body that is not JSON declared as such (ERROR_BODY=json): Content-Type ${declaredMediaType(answer) || 'none'}, ${answer.text.trim() === '' ? 'no body' : answer.jsonError !== undefined ? `not JSON (${answer.jsonError})` : 'a JSON body'}`;
      }
      if (answer.jsonError !== undefined && answer.text.trim() !== '' && declaresJson(answer)) {
        return `a body declared as ${declaredMediaType(answer)} that is not JSON (${answer.jsonError})`;
      }
      return undefined;
    },
    successBodyLabelProblem(answer) {
      hear('successBodyLabelProblem', 'response-media-type');
      const label = declaredMediaType(answer);
      if (answer.text.trim() === '') return undefined;
      if (declaresJson(answer))
        return answer.jsonError === undefined
          ? undefined
          : `a body labelled ${label} that is not JSON (${answer.jsonError})`;
      // A label that is not JSON on a body that is a JSON object or array: a client that honours
      // Content-Type reads it as something else. No label at all is not a wrong label.
      if (label !== '' && answer.jsonError === undefined && /^\s*[[{]/.test(answer.text))
        return `a JSON body labelled ${label}, which is not a JSON media type`;
      return undefined;
    },
    storedAsSent(sent, received) {
      if (sent === '') {
        hear('storedAsSent', 'empty-text');
        const reading = declared['empty-text'];
        if (received === null) return reading !== 'kept';
        if (received === '') return reading !== 'null';
        return false;
      }
      if (typeof sent === 'string' && typeof received === 'string' && sent !== received) {
        hear('storedAsSent', 'text-storage');
        return declared['text-storage'] !== 'exact' && normalisationsOf(sent).has(received);
      }
      return isDeepStrictEqual(sent, received);
    },
    listDelayMs() {
      hear('listDelayMs', 'list-consistency');
      const declaredReading = declared['list-consistency'];
      return declaredReading === undefined || declaredReading === 'immediate'
        ? 0
        : Number(declaredReading.slice('eventual:'.length));
    },
    unfilteredListHoldsArchived() {
      hear('unfilteredListHoldsArchived', 'default-list-scope');
      return declared['default-list-scope'] !== 'active';
    },
    accepts: (entry, status) => {
      consulted(entry);
      return inRange(entry, status);
    },
    allows: (entry, reading) => {
      consulted(entry);
      return isDeclared(entry, reading);
    },
    describe,
  };
}

/**
 * list-consistency: the bound to suggest for a list seen to show a write `elapsedMs` after it: twice
 * that, in whole seconds (one observation is no bound; a busy server is slower).
 */
export const suggestedListDelayMs = (elapsedMs: number): number =>
  Math.max(1_000, Math.ceil((2 * elapsedMs) / 1_000) * 1_000);

/**
 * Every reading of the register, nothing declared: for the code that must work whatever the server
 * chose and never judges it (the sweep, cleanup, the snapshot, load seeding, the client's 429s).
 */
export const everyReading: ServerProfile = serverProfile();

/** The entries a predicate rests on, or 'named': those that take the entry as an argument (allows, accepts, ...). */
type PredicateName = Exclude<keyof ServerProfile, 'declared'>;

/**
 * The entries each predicate rests on: the one place that says so. The compiler holds it to the
 * profile (a row for every predicate, every name an entry of the register), and the predicates to
 * it (each consults through `hear`, which takes only the entries of its own row); the generated
 * docs/assumptions.md reads it. A predicate of no entry ([]) rests on the spec alone.
 */
export const predicateEntries = {
  isSuccess: ['success-status'],
  isRefusal: ['refusal-status'],
  isBodyRefusal: ['unsupported-body'],
  isAuthRefusal: ['auth-refusal-status'],
  isUnauthorized: ['auth-refusal-status'],
  conventionApplies: 'named',
  followsConvention: 'named',
  isOtherMethodAnswer: ['other-methods'],
  isUnknownIdAnswer: ['unknown-id-status'],
  isNotFound: ['unknown-id-status'],
  isForeignIdAnswer: ['foreign-id-status'],
  isDeleteSuccess: ['delete-answer'],
  isDeleteOfNothingAnswer: ['delete-of-nothing', 'unknown-id-status', 'delete-answer'],
  describeDeleteOfNothing: ['delete-of-nothing'],
  answersAlike: ['foreign-id-status'],
  foreignIdsAnswerAsUnknown: ['foreign-id-status'],
  isTooManyRequests: ['rate-limits'],
  isServerError: [],
  isTooLarge: [],
  errorBodyProblem: ['error-body'],
  successBodyLabelProblem: ['response-media-type'],
  storedAsSent: ['empty-text', 'text-storage'],
  listDelayMs: ['list-consistency'],
  unfilteredListHoldsArchived: ['default-list-scope'],
  allows: 'named',
  accepts: 'named',
  describe: 'named',
} as const satisfies { readonly [P in PredicateName]: readonly ProfileKey[] | 'named' };

/** The predicates that rest on entries of their own (not named by the caller). */
type FixedPredicate = {
  [P in PredicateName]: (typeof predicateEntries)[P] extends readonly ProfileKey[] ? P : never;
}[PredicateName];
type EntriesOf<P extends FixedPredicate> = (typeof predicateEntries)[P][number];

/** The predicates that ask about an entry: those of its row, and those that take any entry of its kind ('named'). */
export function predicatesOf(key: ProfileKey): string[] {
  const entry = profileEntries.find((candidate) => candidate.key === key);
  const kind = entry === undefined ? undefined : settingOf(entry)?.kind;
  const named: Record<string, string | undefined> = {
    allows: 'reading',
    accepts: 'statuses',
    describe: 'statuses',
    conventionApplies: 'convention',
    followsConvention: 'convention',
  };
  return Object.entries(predicateEntries as Readonly<Record<string, readonly string[] | 'named'>>)
    .filter(([name, entries]) => (entries === 'named' ? named[name] === kind : entries.includes(key)))
    .map(([name]) => name);
}
