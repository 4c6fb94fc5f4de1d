// The server profile: what the suite accepts where the spec leaves a server free. Checks, properties
// and the model ask its predicates instead of writing a status range or an equality of their own;
// each predicate names the entry of the register (lib/api/open-points.ts) it rests on. By default
// every reading of the register is accepted; what the user declared of their server (settings such
// as UNKNOWN_ID_STATUS=404 or EMPTY_TEXT=kept) narrows an entry to that reading.
import { isDeepStrictEqual } from 'node:util';
import type { DeclaredReadings, ProfileKey, ReadingOf, ReadingSettingEntry, StatusSettingEntry } from '../../api/open-points.ts';

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
  /** auth-challenge: a 401 carries WWW-Authenticate (RFC 9110 §11.6.1). Only convention checks ask for it. */
  carriesChallenge(answer: Pick<Answer, 'headers'>): boolean;
  /** other-methods: what a method or path the API does not have may get: a 2xx, a 3xx or a 4xx (never a 5xx). */
  isOtherMethodAnswer(status: number): boolean;
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

/** An entry's widest range (before any setting narrows it): what a script for another engine (k6) writes down. */
export const statusRangeOf = (entry: StatusSettingEntry): { low: number; high: number } => ({ low: ranges[entry].low, high: ranges[entry].high });

const ranges: Record<StatusSettingEntry, { low: number; high: number; words: string }> = {
  'success-status': { low: 200, high: 299, words: 'a 2xx status' },
  'delete-answer': { low: 200, high: 299, words: 'a 2xx status' },
  'refusal-status': { low: 400, high: 499, words: 'a 4xx status' },
  'unknown-id-status': { low: 400, high: 499, words: 'a 4xx status' },
  'foreign-id-status': { low: 400, high: 499, words: 'a 4xx status' },
  'auth-refusal-status': { low: 400, high: 499, words: 'a 4xx status' },
  'unsupported-body': { low: 400, high: 499, words: 'a 4xx status' },
};

/**
 * text-storage: what a server that normalises text may store for `text`: the text trimmed, with
 * every run of white space made one space, in Unicode NFC or NFKC, or several of these at once.
 */
export function normalisationsOf(text: string): Set<string> {
  const forms = [text, text.normalize('NFC'), text.normalize('NFKC')];
  const spacings = (value: string) => [value, value.trim(), value.replace(/\s+/g, ' '), value.replace(/\s+/g, ' ').trim()];
  return new Set(forms.flatMap(spacings));
}

/** The media type a response declares, lower case, without parameters ('' when none). */
export function declaredMediaType(answer: Pick<Answer, 'headers'>): string {
  return (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

const declaresJson = (answer: Pick<Answer, 'headers'>) => /^application\/(?:[\w.+-]+\+)?json$/.test(declaredMediaType(answer));

/**
 * The profile of a server of which `declared` is known. `consulted` hears every entry a predicate
 * rests on as it is asked, so that a check's result can say which entries its verdict rested on.
 */
export function serverProfile(declared: DeclaredReadings = {}, consulted: (entry: ProfileKey) => void = () => {}): ServerProfile {
  const statusIn = (entry: StatusSettingEntry, status: number): boolean => {
    consulted(entry);
    const listed = declared[entry];
    if (listed !== undefined) return listed.includes(status);
    const { low, high } = ranges[entry];
    return status >= low && status <= high;
  };
  const allows: ServerProfile['allows'] = (entry, reading) => {
    consulted(entry);
    const only = declared[entry];
    return only === undefined || only === reading;
  };
  const describe = (entry: StatusSettingEntry): string => {
    const listed = declared[entry];
    return listed === undefined ? ranges[entry].words : `${listed.join(' or ')} (as declared)`;
  };
  return {
    declared,
    isSuccess: (status) => statusIn('success-status', status),
    isRefusal: (status) => statusIn('refusal-status', status),
    isAuthRefusal: (status) => statusIn('auth-refusal-status', status),
    isBodyRefusal: (status) => statusIn('unsupported-body', status),
    isUnauthorized: (status) => {
      consulted('auth-refusal-status');
      return status === 401;
    },
    carriesChallenge: (answer) => {
      consulted('auth-challenge');
      return (answer.headers['www-authenticate'] ?? '').trim() !== '';
    },
    isOtherMethodAnswer: (status) => {
      consulted('other-methods');
      return status >= 200 && status <= 499;
    },
    isUnknownIdAnswer: (status) => statusIn('unknown-id-status', status),
    isNotFound: (status) => {
      consulted('unknown-id-status');
      return status === 404;
    },
    isForeignIdAnswer: (status) => statusIn('foreign-id-status', status),
    isDeleteSuccess: (status) => statusIn('delete-answer', status),
    // Plain functions, not methods: checks pass predicates around (expectAnswer(response, profile.isDeleteSuccess, ...)).
    isDeleteOfNothingAnswer: (status) => (allows('delete-of-nothing', 'refused') && statusIn('unknown-id-status', status))
      || (allows('delete-of-nothing', 'success') && statusIn('delete-answer', status)),
    describeDeleteOfNothing() {
      consulted('delete-of-nothing');
      const only = declared['delete-of-nothing'];
      const refused = `${describe('unknown-id-status')} (an id that names nothing)`;
      const success = `${describe('delete-answer')} (as a DELETE that removed something)`;
      if (only === 'refused') return `${refused}, as DELETE_OF_NOTHING=refused declares`;
      if (only === 'success') return `${success}, as DELETE_OF_NOTHING=success declares`;
      return `${refused}, or ${success} (profile: delete-of-nothing)`;
    },
    foreignIdsAnswerAsUnknown: () => {
      consulted('foreign-id-status');
      const foreign = declared['foreign-id-status'];
      const unknown = declared['unknown-id-status'];
      return foreign === undefined || unknown === undefined || [...foreign].sort().join() === [...unknown].sort().join();
    },
    answersAlike: (first, second) => {
      consulted('foreign-id-status');
      return first === second;
    },
    isTooManyRequests: (status) => {
      consulted('rate-limits');
      return status === 429;
    },
    isServerError: (status) => status >= 500,
    isTooLarge: (status) => status === 413,
    errorBodyProblem(answer) {
      consulted('error-body');
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
      consulted('response-media-type');
      const label = declaredMediaType(answer);
      if (answer.text.trim() === '') return undefined;
      if (declaresJson(answer)) return answer.jsonError === undefined ? undefined : `a body labelled ${label} that is not JSON (${answer.jsonError})`;
      // A label that is not JSON on a body that is a JSON object or array: a client that honours
      // Content-Type reads it as something else. No label at all is not a wrong label.
      if (label !== '' && answer.jsonError === undefined && /^\s*[[{]/.test(answer.text)) return `a JSON body labelled ${label}, which is not a JSON media type`;
      return undefined;
    },
    storedAsSent(sent, received) {
      if (sent === '') {
        consulted('empty-text');
        const reading = declared['empty-text'];
        if (received === null) return reading !== 'kept';
        if (received === '') return reading !== 'null';
        return false;
      }
      if (typeof sent === 'string' && typeof received === 'string' && sent !== received) {
        consulted('text-storage');
        return declared['text-storage'] !== 'exact' && normalisationsOf(sent).has(received);
      }
      return isDeepStrictEqual(sent, received);
    },
    listDelayMs() {
      consulted('list-consistency');
      const declaredReading = declared['list-consistency'];
      return declaredReading === undefined || declaredReading === 'immediate' ? 0 : Number(declaredReading.slice('eventual:'.length));
    },
    unfilteredListHoldsArchived() {
      consulted('default-list-scope');
      return declared['default-list-scope'] !== 'active';
    },
    accepts: statusIn,
    allows,
    describe,
  };
}

/**
 * list-consistency: the bound to suggest for a list seen to show a write `elapsedMs` after it: twice
 * that, in whole seconds (one observation is no bound; a busy server is slower).
 */
export const suggestedListDelayMs = (elapsedMs: number): number => Math.max(1_000, Math.ceil((2 * elapsedMs) / 1_000) * 1_000);

/**
 * Every reading of the register, nothing declared: for the code that must work whatever the server
 * chose and never judges it (the sweep, cleanup, the snapshot, load seeding, the client's 429s).
 */
export const everyReading: ServerProfile = serverProfile();

/** The entries a predicate rests on, for the generated docs/assumptions.md (most rest on one). */
export const predicateEntries: Readonly<Record<string, ProfileKey | readonly ProfileKey[]>> = {
  isSuccess: 'success-status',
  isRefusal: 'refusal-status',
  isAuthRefusal: 'auth-refusal-status',
  isUnauthorized: 'auth-refusal-status',
  carriesChallenge: 'auth-challenge',
  isOtherMethodAnswer: 'other-methods',
  isBodyRefusal: 'unsupported-body',
  isUnknownIdAnswer: 'unknown-id-status',
  isNotFound: 'unknown-id-status',
  isForeignIdAnswer: 'foreign-id-status',
  isDeleteSuccess: 'delete-answer',
  isDeleteOfNothingAnswer: 'delete-of-nothing',
  answersAlike: 'foreign-id-status',
  foreignIdsAnswerAsUnknown: 'foreign-id-status',
  isTooManyRequests: 'rate-limits',
  errorBodyProblem: 'error-body',
  successBodyLabelProblem: 'response-media-type',
  listDelayMs: 'list-consistency',
  unfilteredListHoldsArchived: 'default-list-scope',
  storedAsSent: ['empty-text', 'text-storage'],
};

/** The entries of one predicate, as a list. */
export const entriesOfPredicate = (name: string): readonly ProfileKey[] => {
  const entries = predicateEntries[name];
  return entries === undefined ? [] : typeof entries === 'string' ? [entries] : entries;
};
