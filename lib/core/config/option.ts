// One option of a command: its flag, its environment name when it is a setting, its default, the
// parser that turns the text given into a typed value (or one sentence on what is wrong), its help
// text, and whether it is a secret, a switch or repeatable. Each command's options are a table of
// these (app/cli/options/); the one parser (read-options.ts) reads argv, .env and the environment
// through such a table, and --help and .env.example are generated from the same tables.
import { parseBoolean, type Parsed } from './parse-values.ts';

export interface OptionDef<T> {
  flag: string;
  /** The environment variable (and .env line) of a setting; undefined: a flag only. */
  env?: string | undefined;
  short?: string | undefined;
  /** Other long flags accepted for it, not shown in --help (an old name). */
  aliases?: readonly string[] | undefined;
  /** A switch takes no value (--strict); its variable, if any, takes true or false. */
  switch: boolean;
  /** Given several times, each value is kept (--threshold A --threshold B). */
  repeatable: boolean;
  /** The value may be left out (--json alone, or --json FILE): the parser is then given ''. */
  valueOptional?: boolean | undefined;
  /** Never echoed back, not even in an error about its own value. */
  secret: boolean;
  /** What the value looks like in --help: --base-url URL. */
  metavar: string;
  help: string;
  /** Written, commented out, in .env.example. */
  example?: string | undefined;
  /** An empty value counts as given (its parser refuses it) instead of as unset: for a setting whose
   * absence changes what is tested (BASE_URL=, from a CI secret that is not set). */
  emptyIsGiven?: boolean | undefined;
  /** The value when none is given. */
  defaultValue(): T;
  /** How --help shows the default; undefined: no default to show. */
  defaultText: string | undefined;
  /** The texts given (one per occurrence of the flag, or the one from the environment) to the value. */
  parse(raws: readonly string[], name: string): Parsed<T>;
}

/** The values a table of options yields, by key. */
export type OptionValues<Table extends Record<string, OptionDef<unknown>>> = {
  [K in keyof Table]: Table[K] extends OptionDef<infer T> ? T : never;
};

interface Described {
  flag: string;
  env?: string;
  short?: string;
  aliases?: readonly string[];
  help: string;
  example?: string;
  secret?: boolean;
}

/** An option that takes a value; without `default` it is undefined when not given. */
export function valueOption<T, D extends T | undefined = undefined>(
  spec: Described & {
    metavar: string;
    parse: (raw: string, name: string) => Parsed<T>;
    /** The formatter beside the parser: how a value is written back (for the default in --help). */
    format?: (value: T) => string;
    default?: D | (() => D);
    /** Shown instead of the formatted default (a new seed each run, a free port ...). */
    defaultText?: string;
    emptyIsGiven?: boolean;
    /** The flag may be given alone: its parser then reads ''. */
    valueOptional?: boolean;
  },
): OptionDef<T | D> {
  const fallback = spec.default;
  const defaultValue = (): T | D => (typeof fallback === 'function' ? (fallback as () => D)() : (fallback as D));
  const shown =
    spec.defaultText ??
    (fallback === undefined || typeof fallback === 'function' ? undefined : (spec.format ?? String)(fallback as T));
  return {
    flag: spec.flag,
    env: spec.env,
    short: spec.short,
    aliases: spec.aliases,
    switch: false,
    repeatable: false,
    valueOptional: spec.valueOptional,
    secret: spec.secret ?? false,
    metavar: spec.metavar,
    help: spec.help,
    example: spec.example,
    emptyIsGiven: spec.emptyIsGiven,
    defaultValue,
    defaultText: shown,
    parse: (raws, name) => spec.parse(raws[raws.length - 1]!, name),
  };
}

/** A switch: false unless given; as a setting, its variable takes true or false. */
export function switchOption(spec: Described): OptionDef<boolean> {
  return {
    flag: spec.flag,
    env: spec.env,
    short: spec.short,
    switch: true,
    repeatable: false,
    secret: false,
    metavar: '',
    help: spec.help,
    example: spec.example,
    defaultValue: () => false,
    defaultText: undefined,
    parse: (raws, name) => parseBoolean(name, raws[raws.length - 1]!),
  };
}

/** A flag that may be given several times; none given: an empty list. */
export function repeatableOption<T>(
  spec: Described & { metavar: string; parse: (raw: string, name: string) => Parsed<T>; defaultText?: string },
): OptionDef<T[]> {
  return {
    flag: spec.flag,
    env: spec.env,
    short: spec.short,
    switch: false,
    repeatable: true,
    secret: spec.secret ?? false,
    metavar: spec.metavar,
    help: spec.help,
    example: spec.example,
    defaultValue: () => [],
    defaultText: spec.defaultText,
    parse: (raws, name) => {
      const values: T[] = [];
      for (const raw of raws) {
        const parsed = spec.parse(raw, name);
        if (!parsed.ok) return parsed;
        values.push(parsed.value);
      }
      return { ok: true, value: values };
    },
  };
}

/** How the option's value is written after its flag: nothing for a switch, [FILE] when it may be left out, FILE. */
export function metavarUsage(option: OptionDef<unknown>, brackets: '<>' | '' = ''): string {
  if (option.switch) return '';
  if (option.valueOptional) return ` [${option.metavar}]`;
  return brackets === '<>' ? ` <${option.metavar}>` : ` ${option.metavar}`;
}

/** The name a problem with this option is told by: its variable for a setting, else its flag. */
export const optionName = (option: OptionDef<unknown>): string => option.env ?? `--${option.flag}`;
