// The one configuration loader: every command reads its options through its table here. A setting
// comes from .env, then the environment, then its flag (flags win); a flag-only option from argv.
// Everything is validated here, once, before any request; every problem is one sentence, and a
// secret's value is never part of one.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { parse as parseDotenv } from 'dotenv';
import { ConfigError, HarnessError } from '../errors.ts';
import { environmentNearMisses, envFileNearMisses } from './near-miss.ts';
import { skippedEnvLines, skippedLinesWarning } from './env-file-lines.ts';
import { optionNote } from './help.ts';
import { metavarUsage, optionName, type OptionDef, type OptionValues } from './option.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table holds options of every value type, each typed by its own def
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
  /** Where a warning line goes (lines of the settings file that were ignored); stderr by default. */
  warn?: (line: string) => void;
}

export type ReadOptions<Table extends OptionTable> =
  | { help: true }
  | {
      help: false;
      values: OptionValues<Table>;
      positionals: string[];
      /** Whether an option was given at all (flag, environment or .env). */ given(key: keyof Table): boolean;
    };

const usage = (message: string) => new HarnessError('MSGAPI_USAGE', message);

function refusal(
  command: string,
  flag: string,
  ownersOf: OptionSources['ownersOf'],
  suggestion?: string,
): HarnessError {
  const owners = (ownersOf?.(flag) ?? []).filter((owner) => owner !== command).map((owner) => `msgapi ${owner}`);
  const belongs =
    owners.length === 0
      ? ''
      : ` (it belongs to ${owners.length === 1 ? owners[0] : `${owners.slice(0, -1).join(', ')} and ${owners.at(-1)}`})`;
  // A flag of another command is that; a near miss of one of this command's flags, a typo.
  const meant = owners.length === 0 && suggestion !== undefined ? ` (did you mean ${suggestion}?)` : '';
  return usage(`${flag} is not an option of msgapi ${command}${belongs}${meant}; see msgapi ${command} --help.`);
}

/** The commander program of a command, generated from its option table: each option's flag, short
 * flag, metavar and help (with its variable and default), a switch as a flag without a value, every
 * other option collecting each text given (repeatable keeps them all, the others the last). Errors
 * are thrown, never printed or exited on: the caller turns them into one sentence and exit 2. */
export function commanderProgram(
  command: Pick<CommandOptions<OptionTable>, 'name' | 'options' | 'positionals'>,
): Command {
  const program = new Command(`msgapi ${command.name}`)
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} })
    .helpOption(false)
    .showSuggestionAfterError(true)
    .allowUnknownOption(false)
    .allowExcessArguments(command.positionals !== undefined);
  if (command.positionals !== undefined) program.argument(`[${command.positionals}...]`);
  for (const [key, option] of Object.entries(command.options)) {
    const flags = `${option.short ? `-${option.short}, ` : ''}--${option.flag}${metavarUsage(option, '<>')}`;
    const created = new Option(flags, `${option.help}${optionNote(option)}`);
    // Our flags are our names: --no-seed is a switch of its own, not the negation of a --seed.
    created.negate = false;
    created.attributeName = () => key;
    // Given alone, the flag's value is '' (its parser decides what that means).
    if (option.valueOptional) created.preset('');
    if (!option.switch)
      created.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    program.addOption(created);
    for (const alias of option.aliases ?? []) {
      const aliased = new Option(`--${alias}${option.switch ? '' : ` <${option.metavar}>`}`).hideHelp();
      aliased.negate = false;
      aliased.attributeName = () => key;
      if (!option.switch)
        aliased.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
      program.addOption(aliased);
    }
  }
  return program;
}

/** Commander's suggestion in an error ("(Did you mean --strict?)"), if it made one. */
export const suggestionOf = (error: CommanderError): string | undefined =>
  /\(Did you mean ([^?]+)\?\)/.exec(error.message)?.[1];

/** The flags given, by option key, each with every text given for it; positionals apart. A bad
 * argument is one sentence (a HarnessError, exit 2), never commander's own output or exit code. */
export function readArgv<Table extends OptionTable>(
  command: Pick<CommandOptions<Table>, 'name' | 'options' | 'positionals'>,
  argv: readonly string[],
  ownersOf?: OptionSources['ownersOf'],
) {
  const program = commanderProgram(command);
  const byFlag = new Map(Object.values(command.options).map((option) => [`--${option.flag}`, option]));
  for (const option of Object.values(command.options)) {
    if (option.short) byFlag.set(`-${option.short}`, option);
    for (const alias of option.aliases ?? []) byFlag.set(`--${alias}`, option);
  }
  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    throw argvProblem(command, error, byFlag, ownersOf);
  }
  const given = new Map<string, string[]>();
  for (const key of Object.keys(command.options)) {
    if (program.getOptionValueSource(key) !== 'cli') continue;
    const value = program.getOptionValue(key) as string[] | boolean;
    given.set(key, Array.isArray(value) ? value : ['true']);
  }
  const positionals =
    command.positionals === undefined ? [] : ((program.processedArgs[0] as string[] | undefined) ?? []);
  return { given, positionals };
}

function suggestionFor(
  command: Pick<CommandOptions<OptionTable>, 'name' | 'options' | 'positionals'>,
  flag: string,
): string | undefined {
  try {
    commanderProgram(command).parse([flag], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return suggestionOf(error);
  }
  return undefined;
}

function argvProblem(
  command: Pick<CommandOptions<OptionTable>, 'name' | 'options' | 'positionals'>,
  error: CommanderError,
  byFlag: ReadonlyMap<string, OptionDef<unknown>>,
  ownersOf: OptionSources['ownersOf'],
): HarnessError {
  const see = `see msgapi ${command.name} --help.`;
  switch (error.code) {
    case 'commander.unknownOption': {
      // What follows = is never echoed (it may be a token).
      const flag = /unknown option '([^'=]*)/.exec(error.message)?.[1] ?? '';
      const known = byFlag.get(flag);
      if (known?.switch) return usage(`${flag} takes no value; ${see}`);
      // --flag=value: commander compares the whole word; the flag alone is what was misspelt.
      const suggestion = /unknown option '[^'=]*=/.test(error.message)
        ? suggestionFor(command, flag)
        : suggestionOf(error);
      return refusal(command.name, flag, ownersOf, suggestion);
    }
    case 'commander.optionMissingArgument': {
      const flag = /option '(?:-\w, )?(--[\w-]+)/.exec(error.message)?.[1] ?? '';
      return usage(`${flag} needs a value (${byFlag.get(flag)?.metavar ?? 'a value'}); ${see}`);
    }
    case 'commander.excessArguments':
      // Not echoed: a stray word may be a token that lost its flag.
      return usage(`msgapi ${command.name} takes options only, no other arguments; ${see}`);
    default:
      return usage(`${error.message.replace(/^error: /, '').split('\n')[0]}; ${see}`);
  }
}

interface EnvFile {
  values: Record<string, string>;
  text: string;
  /** How problems name it: .env, or the path given to --settings-file. */
  label: string;
}

function readEnvFile(path: string | undefined, cwd: string): EnvFile {
  const file = resolve(cwd, path ?? '.env');
  if (path !== undefined && !existsSync(file)) throw new ConfigError([`The settings file ${file} does not exist.`]);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return { values: parseDotenv(text), text, label: path ?? '.env' };
}

/** Reads argv, .env and the environment through a command's table: typed values, or exit 2 with one sentence per problem. */
export function readOptions<Table extends OptionTable>(
  command: CommandOptions<Table>,
  argv: readonly string[],
  sources: OptionSources = {},
): ReadOptions<Table> {
  const { given, positionals } = readArgv(command, argv, sources.ownersOf);
  if (given.has('help')) return { help: true };

  const entries = Object.entries(command.options) as Array<[keyof Table & string, OptionDef<unknown>]>;
  const takesSettings = entries.some(([, option]) => option.env !== undefined);
  const envFileKey = entries.find(([, option]) => option.flag === 'settings-file')?.[0];
  const envFile = takesSettings
    ? readEnvFile(envFileKey ? given.get(envFileKey)?.at(-1) : undefined, sources.cwd ?? process.cwd())
    : undefined;
  const skipped = envFile ? skippedLinesWarning(envFile.label, skippedEnvLines(envFile.text)) : undefined;
  if (skipped !== undefined) (sources.warn ?? ((line) => process.stderr.write(`${line}\n`)))(skipped);
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
    const value = [flagged?.at(-1), env[option.env], fromFile[option.env]].find(
      (text) => text !== undefined && (text !== '' || option.emptyIsGiven),
    );
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
function nearMisses(
  entries: Array<[string, OptionDef<unknown>]>,
  raws: ReadonlyMap<string, unknown>,
  file: EnvFile,
  env: NodeJS.ProcessEnv,
  allSettings: readonly string[] | undefined,
): string[] {
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
