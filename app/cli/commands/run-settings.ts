// What a run records of its own settings, read from its command's option table so that a setting
// added to the table is recorded without anyone remembering to: every value that shaped the run
// (seed, selection, read-only, shard, pagination, body encoding, property runs ...), and the command
// line that replays it. A secret is recorded only as the variable that holds it ($SECOND_ACCESS_TOKEN),
// never its value.
import { formatPagination } from '../../../lib/core/config/parse-values.ts';
import { formatCounterexample, type Counterexample } from '../../../lib/core/target/counterexample.ts';
import type { OptionTable } from '../../../lib/core/config/load.ts';
import type { OptionValues } from '../../../lib/core/config/option.ts';
import type { PaginationStyle } from '../../../lib/core/config/value-types.ts';
import type { SettingValue } from '../../../conformance/run/check-result.ts';

/** Options that say where output goes or how to read the rest, not what the run does. */
const notShaping = new Set(['help', 'envFile', 'json', 'junit', 'html', 'reportsDir', 'har']);

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function isPagination(value: object): value is PaginationStyle {
  return 'kind' in value && typeof (value as { kind: unknown }).kind === 'string';
}

function recorded(value: unknown): SettingValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object' && isPagination(value)) return formatPagination(value);
  if (typeof value === 'object' && 'seed' in value && 'path' in value)
    return formatCounterexample(value as Counterexample);
  if (typeof value === 'object' && 'index' in value && 'count' in value)
    return `${(value as { index: number }).index}/${(value as { count: number }).count}`;
  return JSON.stringify(value);
}

/** A word the shell passes through unchanged, or the word in single quotes. */
const shellWord = (text: string) => (/^[\w.,:/@=+%-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

export interface RecordedSettings {
  settings: Record<string, SettingValue>;
  /** `SEED=7 npx msgapi check --read-only --pagination none`: the settings that differ from the defaults (the seed always). */
  replay: string;
}

export function recordSettings<Table extends OptionTable>(
  command: string,
  table: Table,
  values: OptionValues<Table>,
): RecordedSettings {
  const settings: Record<string, SettingValue> = {};
  const flags: string[] = [];
  let seed: SettingValue = null;
  for (const [key, option] of Object.entries(table)) {
    if (notShaping.has(key)) continue;
    const value = (values as Record<string, unknown>)[key];
    if (option.secret) {
      settings[snakeCase(key)] = value === undefined ? null : `$${option.env ?? option.flag}`;
      continue;
    }
    const shown = recorded(value);
    settings[snakeCase(key)] = shown;
    if (key === 'seed') {
      seed = shown;
      continue;
    }
    // A default is not repeated (a random default, such as the seed's, is handled above).
    if (JSON.stringify(shown) === JSON.stringify(recorded(option.defaultValue())) || shown === null) continue;
    if (option.switch) flags.push(`--${option.flag}`);
    else flags.push(`--${option.flag}`, shellWord(Array.isArray(shown) ? shown.join(',') : String(shown)));
  }
  const replay = [...(seed === null ? [] : [`SEED=${seed}`]), 'npx', 'msgapi', command, ...flags].join(' ');
  return { settings, replay };
}
