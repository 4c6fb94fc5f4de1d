// The one configuration loader: every command reads its options through its table here. A setting
// comes from .env, then the environment, then its flag (flags win); a flag-only option from argv.
// Everything is validated here, once, before any request; every problem is one sentence, and a
// secret's value is never part of one.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { ConfigError, HarnessError } from '../errors.ts';
import { environmentNearMisses, envFileNearMisses } from './near-miss.ts';
import { optionName, type OptionDef, type OptionValues } from './option.ts';

export type OptionTable = Record<string, OptionDef<any>>;

export interface CommandOptions<Table extends OptionTable> {
  /** As typed after msgapi: 'check', 'load merge'. */
  name: string;
  options: Table;
  /** What positional arguments are (REPORT.json); undefined: the command takes none. */
  positionals?: string;
  /** Rules across options, one sentence per broken rule; `raw` is the text given for an option, if
   * any; `env` the environment read (CI decides which target may be used). */
  rules?: (values: OptionValues<Table>, raw: (key: string) => string | undefined, env: NodeJS.ProcessEnv) => string[];
}

export interface OptionSources {
  /** The environment; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Where .env and relative paths are looked for; process.cwd() by default. */
  cwd?: string;
  /** The other commands that have a flag, to name them when this command refuses it. */
  ownersOf?: (flag: string) => string[];
  /** Every setting of every command, so that a name close to one of this command's is told from
   * one that is another command's setting; this command's own by default. */
  settingNames?: readonly string[];
}

export type ReadOptions<Table extends OptionTable> =
  | { help: true }
  | { help: false; values: OptionValues<Table>; positionals: string[]; /** Whether an option was given at all (flag, environment or .env). */ given(key: keyof Table): boolean };

const usage = (message: string) => new HarnessError('MSGAPI_USAGE', message);

function refusal(command: string, flag: string, ownersOf: OptionSources['ownersOf']): HarnessError {
  const owners = (ownersOf?.(flag) ?? []).filter((owner) => owner !== command).map((owner) => `msgapi ${owner}`);
  const belongs = owners.length === 0 ? '' : ` (it belongs to ${owners.length === 1 ? owners[0] : `${owners.slice(0, -1).join(', ')} and ${owners.at(-1)}`})`;
  return usage(`${flag} is not an option of msgapi ${command}${belongs}; see msgapi ${command} --help.`);
}

/** The flags given, by option key, each with every text given for it. */
function readArgv<Table extends OptionTable>(command: CommandOptions<Table>, argv: readonly string[], ownersOf: OptionSources['ownersOf']) {
  const entries = Object.entries(command.options);
  const byFlag = new Map(entries.map(([key, option]) => [`--${option.flag}`, key]));
  for (const [key, option] of entries) if (option.short) byFlag.set(`-${option.short}`, key);
  const given = new Map<string, string[]>();
  const positionals: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--') {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    // --flag=value; what follows = is never echoed (it may be a token).
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    const key = byFlag.get(flag);
    if (key === undefined) throw refusal(command.name, flag, ownersOf);
    const option = command.options[key]!;
    let value: string;
    if (option.switch) {
      if (equals > 0) throw usage(`${flag} takes no value; see msgapi ${command.name} --help.`);
      value = 'true';
    } else if (equals > 0) {
      value = arg.slice(equals + 1);
    } else {
      const next = argv[index + 1];
      if (next === undefined) throw usage(`${flag} needs a value (${option.metavar}); see msgapi ${command.name} --help.`);
      value = next;
      index++;
    }
    given.set(key, [...(given.get(key) ?? []), value]);
  }
  return { given, positionals };
}

interface EnvFile {
  values: Record<string, string>;
  text: string;
  /** How problems name it: .env, or the path given to --env-file. */
  label: string;
}

function readEnvFile(path: string | undefined, cwd: string): EnvFile {
  const file = resolve(cwd, path ?? '.env');
  if (path !== undefined && !existsSync(file)) throw new ConfigError([`The env file ${file} does not exist.`]);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return { values: parseDotenv(text), text, label: path ?? '.env' };
}

/** Reads argv, .env and the environment through a command's table: typed values, or exit 2 with one sentence per problem. */
export function readOptions<Table extends OptionTable>(command: CommandOptions<Table>, argv: readonly string[], sources: OptionSources = {}): ReadOptions<Table> {
  const { given, positionals } = readArgv(command, argv, sources.ownersOf);
  if (given.has('help')) return { help: true };
  if (positionals.length > 0 && command.positionals === undefined) {
    // Not echoed: a stray word may be a token that lost its flag.
    throw usage(`msgapi ${command.name} takes options only, no other arguments; see msgapi ${command.name} --help.`);
  }

  const entries = Object.entries(command.options) as Array<[keyof Table & string, OptionDef<unknown>]>;
  const takesSettings = entries.some(([, option]) => option.env !== undefined);
  const envFileKey = entries.find(([, option]) => option.flag === 'env-file')?.[0];
  const envFile = takesSettings ? readEnvFile(envFileKey ? given.get(envFileKey)?.at(-1) : undefined, sources.cwd ?? process.cwd()) : undefined;
  const fromFile = envFile?.values ?? {};
  const env = sources.env ?? process.env;

  const raws = new Map<string, string[]>();
  for (const [key, option] of entries) {
    const flagged = given.get(key);
    if (option.env === undefined) {
      if (flagged) raws.set(key, flagged);
      continue;
    }
    // An empty value means "not set", as a blank line in a copied .env.example should (except for a
    // setting whose empty value its parser refuses).
    const value = [flagged?.at(-1), env[option.env], fromFile[option.env]].find((text) => text !== undefined && (text !== '' || option.emptyIsGiven));
    if (value !== undefined) raws.set(key, option.repeatable && flagged ? flagged : [value.trim()]);
  }

  const problems = envFile ? nearMisses(entries, raws, envFile, env, sources.settingNames) : [];
  // A setting misspelt explains the rules it breaks: those are not reported beside it.
  const misspelt = problems.length > 0;
  // A bad setting is a configuration error; a bad flag that is no setting, a usage error.
  let settingProblem = false;
  const values = {} as Record<string, unknown>;
  for (const [key, option] of entries) {
    const raw = raws.get(key);
    if (raw === undefined) {
      values[key] = option.defaultValue();
      continue;
    }
    const parsed = option.parse(raw, optionName(option));
    if (parsed.ok) {
      values[key] = parsed.value;
    } else {
      problems.push(option.secret ? hideSecret(parsed.problem, raw) : parsed.problem);
      settingProblem ||= option.env !== undefined;
      values[key] = option.defaultValue();
    }
  }
  const typed = values as OptionValues<Table>;
  const broken = misspelt ? [] : (command.rules?.(typed, (key) => raws.get(key)?.at(-1), env) ?? []);
  problems.push(...broken);
  if (problems.length > 0 && (misspelt || settingProblem || broken.length > 0)) throw new ConfigError(problems);
  if (problems.length > 0) throw usage(problems.join(' '));
  return { help: false, values: typed, positionals, given: (key) => raws.has(key as string) };
}

/** Names in the env file, or in the environment, that resemble one of the command's settings. */
function nearMisses(entries: Array<[string, OptionDef<unknown>]>, raws: ReadonlyMap<string, unknown>, file: EnvFile, env: NodeJS.ProcessEnv, allSettings: readonly string[] | undefined): string[] {
  const own = entries.flatMap(([, option]) => (option.env === undefined ? [] : [option.env]));
  const known = [...own, ...(allSettings ?? [])];
  const isSet = (setting: string) => entries.some(([key, option]) => option.env === setting && raws.has(key));
  return [
    ...envFileNearMisses(file.label, file.text, new Set(Object.keys(file.values)), known, own),
    ...environmentNearMisses(env, isSet, known, own),
  ];
}

/** A parser of a secret should not quote it; should one ever do, the value is cut out here. */
function hideSecret(problem: string, raws: readonly string[]): string {
  return raws.reduce((text, raw) => (raw.length > 0 ? text.split(raw).join('(hidden)') : text), problem);
}
