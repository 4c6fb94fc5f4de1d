// Every command's option table, by the name typed after msgapi; the one parser reads each command's
// options through its table, and names the command a refused flag belongs to.
import { targetSettingProblems } from '../../../lib/core/config/settings.ts';
import { targetChoiceProblems } from '../../../lib/core/config/target-choice.ts';
import {
  readOptions,
  type CommandOptions,
  type OptionTable,
  type OptionSources,
  type ReadOptions,
} from '../../../lib/core/config/load.ts';
import { checkOptions, cleanupOptions, matrixOptions } from './check.ts';
import { loadMergeOptions, loadOptions } from './load.ts';
import { loadExportOptions, loadImportOptions } from './load-engines.ts';
import { compareOptions, expectationsOptions, mergeOptions, openapiOptions } from './reports.ts';
import { probeOptions } from './probe.ts';
import { serveOptions } from './serve.ts';

export const optionTables = {
  check: checkOptions,
  load: loadOptions,
  'load merge': loadMergeOptions,
  'load export': loadExportOptions,
  'load import': loadImportOptions,
  serve: serveOptions,
  matrix: matrixOptions,
  cleanup: cleanupOptions,
  expectations: expectationsOptions,
  compare: compareOptions,
  merge: mergeOptions,
  openapi: openapiOptions,
  probe: probeOptions,
} as const;

export type CommandName = keyof typeof optionTables;

/** What a command's positional arguments are; a command not listed takes none. */
export const commandPositionals: Partial<Record<CommandName, string>> = {
  compare: 'REPORT.json',
  merge: 'REPORT.json',
  'load merge': 'REPORT.json',
  'load export': 'ENGINE',
  'load import': 'FILE',
};

/** The commands that have a flag (--strict → check). */
export function ownersOf(flag: string): string[] {
  return Object.entries(optionTables)
    .filter(([, table]) =>
      Object.values(table).some(
        (option) =>
          `--${option.flag}` === flag ||
          (option.short !== undefined && `-${option.short}` === flag) ||
          (option.aliases ?? []).some((alias: string) => `--${alias}` === flag),
      ),
    )
    .map(([name]) => name);
}

/** Every setting's variable, of every command: a name close to one is a typo, a name that is one is not. */
const settingNames = [
  ...new Set(
    Object.values(optionTables).flatMap((table) =>
      Object.values(table).flatMap((option) => (option.env === undefined ? [] : [option.env])),
    ),
  ),
];

/** Reads a command's options through its table (lib/core/config/load.ts); a command that takes the
 * target settings also gets their rules (ACCESS_TOKEN with BASE_URL, two different users), and one
 * that can open the embedded server, the rules of which target (target-choice.ts). */
export function parseCommand<Name extends CommandName>(
  name: Name,
  argv: readonly string[],
  extra: Omit<CommandOptions<(typeof optionTables)[Name]>, 'name' | 'options'> = {},
  sources: OptionSources = {},
): ReadOptions<(typeof optionTables)[Name]> {
  const table = optionTables[name] as (typeof optionTables)[Name] & OptionTable;
  const rules: CommandOptions<OptionTable>['rules'] = (values, raw, env) => [
    // A command that sends requests needs the token with the address; one that only writes the address down does not.
    ...('baseUrl' in table && 'accessToken' in table ? targetSettingProblems(values, raw) : []),
    // --list sends nothing: which target does not matter.
    ...('embedded' in table && values.list !== true
      ? targetChoiceProblems(values.embedded === true, raw, env, values.embeddedUnlessTarget === true)
      : []),
    ...(extra.rules?.(values as never, raw, env) ?? []),
  ];
  const positionals = commandPositionals[name];
  return readOptions(
    { name, options: table, ...(positionals === undefined ? {} : { positionals }), ...extra, rules },
    argv,
    { ownersOf, settingNames, ...sources },
  );
}
