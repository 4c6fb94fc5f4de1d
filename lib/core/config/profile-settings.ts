// The settings that narrow the server profile, made from the register (lib/api/open-points.ts):
// one per entry whose setting is a list of statuses (UNKNOWN_ID_STATUS=404) or a reading's name
// (EMPTY_TEXT=kept). Written once there, so that a new entry with a setting needs no code here.
import { profileEntries, type DeclaredReadings, type ProfileSetting, type StatusRange } from '../../api/open-points.ts';
import { valueOption, type OptionDef } from './option.ts';
import type { Parsed } from './parse-values.ts';

type Declaration = readonly number[] | string;

type Narrowing = (typeof profileEntries)[number] & { setting: Exclude<ProfileSetting, { kind: 'own' | 'convention' }> };

// A convention's setting is CONVENTIONS, a list of check ids (settings.ts): no narrowing of its own.
const narrowing = profileEntries.filter(
  (entry): entry is Narrowing =>
    'setting' in entry && entry.setting.kind !== 'own' && entry.setting.kind !== 'convention',
);

const withinWords = ({ from, to }: StatusRange) => `${from}-${to}`;

const inside = ({ from, to }: StatusRange, status: number) => status >= from && status <= to;

function parseStatuses(raw: string, name: string, within: StatusRange): Parsed<readonly number[]> {
  const parts = raw.split(',').map((part) => part.trim());
  const statuses: number[] = [];
  for (const part of parts) {
    const status = /^\d{3}$/.test(part) ? Number(part) : Number.NaN;
    if (!inside(within, status)) {
      return {
        ok: false,
        problem: `${name} must be a comma-separated list of statuses within ${withinWords(within)} (such as ${within.from}); got ${JSON.stringify(raw)}.`,
      };
    }
    statuses.push(status);
  }
  return { ok: true, value: statuses };
}

/** The longest delay a reading's <ms> may name: a minute (each list read may wait that long). */
const MAX_MS = 60_000;

/** Whether `text` is the reading `pattern` names: the same words, <ms> filled in with a whole number of milliseconds. */
function fills(pattern: string, text: string): boolean {
  if (!pattern.includes('<ms>')) return text === pattern;
  const [before, after] = pattern.split('<ms>') as [string, string];
  if (!text.startsWith(before) || !text.endsWith(after)) return false;
  const digits = text.slice(before.length, text.length - after.length);
  return /^[1-9]\d{0,4}$/.test(digits) && Number(digits) <= MAX_MS;
}

function parseReading(raw: string, name: string, readings: readonly string[]): Parsed<string> {
  const reading = raw.trim();
  if (readings.some((pattern) => fills(pattern, reading))) return { ok: true, value: reading };
  const timed = readings.some((pattern) => pattern.includes('<ms>')) ? ` (<ms>: 1 to ${MAX_MS} milliseconds)` : '';
  return { ok: false, problem: `${name} must be one of ${readings.join(', ')}${timed}; got ${JSON.stringify(raw)}.` };
}

/** camelCase of the variable: UNKNOWN_ID_STATUS -> unknownIdStatus. */
const keyOf = (env: string) => env.toLowerCase().replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

function optionOf(entry: Narrowing): OptionDef<Declaration | undefined> {
  const { setting } = entry;
  const readings = Object.keys(entry.readings);
  const flag = setting.env.toLowerCase().replace(/_/g, '-');
  if (setting.kind === 'statuses') {
    return valueOption<Declaration>({
      env: setting.env,
      flag,
      metavar: 'STATUSES',
      help: `${entry.question} (${entry.section}, open.) Declares the statuses your server answers with, comma-separated within ${withinWords(setting.within)}; only those are then accepted. Unset: ${Object.values(entry.readings).join('; ')}. (profile: ${entry.key})`,
      // The usual status of each: 404 for an unknown id, 401 for bad credentials.
      example: String(
        setting.within.from + (entry.key === 'unknown-id-status' ? 4 : entry.key === 'auth-refusal-status' ? 1 : 0),
      ),
      parse: (raw, name) => parseStatuses(raw, name, setting.within),
      format: (value) => (typeof value === 'string' ? value : value.join(',')),
      defaultText: 'every status the register accepts',
    });
  }
  return valueOption<Declaration>({
    env: setting.env,
    flag,
    metavar: 'READING',
    help: `${entry.question} (${entry.section}, open.) Declares your server's reading, then the only one accepted: ${Object.entries(
      entry.readings,
    )
      .map(([name, meaning]) => `${name} (${meaning})`)
      .join('; ')}. Unset: ${unsetWords(entry)}. (profile: ${entry.key})`,
    example: readings[0],
    parse: (raw, name) => parseReading(raw, name, readings),
    defaultText: 'assumed' in entry ? entry.assumed.reading : 'every reading',
  });
}

/** What an unset reading setting accepts, in words. */
const unsetWords = (entry: Narrowing): string =>
  'assumed' in entry ? `${entry.assumed.reading}, assumed (${entry.assumed.why})` : 'every one of them';

/** One option per narrowing entry, keyed by the camelCase of its variable (unknownIdStatus). */
export const profileSettings: Readonly<Record<string, OptionDef<Declaration | undefined>>> = Object.fromEntries(
  narrowing.map((entry) => [keyOf(entry.setting.env), optionOf(entry)]),
);

/** The declared readings, by entry, from the values of profileSettings (unset ones left out). */
export function declaredReadings(values: Readonly<Record<string, unknown>>): DeclaredReadings {
  const declared: Record<string, Declaration> = {};
  for (const entry of narrowing) {
    const value = values[keyOf(entry.setting.env)] as Declaration | undefined;
    if (value !== undefined) declared[entry.key] = value;
  }
  return declared as DeclaredReadings;
}
