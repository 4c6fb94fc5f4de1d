// docs/reference/settings.md, generated from the settings (lib/core/config/settings.ts, the list
// .env.example is made from) and the commands' option tables (app/cli/options/, what --help is made
// from): every variable a command reads, its flag, its default, the commands that read it and what
// it means. A variable only one command's table has (WORKERS) is listed after the shared ones.
import type { OptionDef } from '../../lib/core/config/option.ts';
import { optionUsage } from '../../lib/core/config/help.ts';
import { settings } from '../../lib/core/config/settings.ts';
import { optionTables, type CommandName } from '../../app/cli/options/index.ts';
import { commandAnchor } from './commands-list.ts';
import { markdownText } from './markdown-text.ts';

export const settingsFile = 'docs/reference/settings.md';

type Setting = OptionDef<unknown> & { env: string };

const commandNames = Object.keys(optionTables) as CommandName[];
const optionsOf = (command: CommandName) => Object.values(optionTables[command]) as Array<OptionDef<unknown>>;

/** Every variable, in the order of .env.example, then the ones only a command's own table has. */
export function documentedSettings(): Setting[] {
  const listed = new Set(settings.map((setting) => setting.env));
  const own = commandNames
    .flatMap(optionsOf)
    .filter((option): option is Setting => option.env !== undefined && !listed.has(option.env));
  return [...settings, ...own.filter((option, index) => own.findIndex((other) => other.env === option.env) === index)];
}

/** What the variable is when it is not set, as --help says it. */
const defaultOf = (setting: Setting) => setting.defaultText ?? (setting.switch ? 'false' : 'unset');

export function renderSettingsList(): string {
  const sections = documentedSettings().map((setting) => {
    const readers = commandNames.filter((command) => optionsOf(command).some((option) => option.env === setting.env));
    return [
      `## ${setting.env}`,
      '',
      `Flag \`${optionUsage(setting)}\`${setting.switch ? ' (the variable takes `true` or `false`)' : ''}; default: ${markdownText(defaultOf(setting))}${setting.secret ? '; a secret, never printed' : ''}.`,
      `Read by ${readers.map((command) => `[msgapi ${command}](commands.md#${commandAnchor(command)})`).join(', ')}.`,
      '',
      markdownText(setting.help),
      '',
    ].join('\n');
  });
  return [
    '# Settings',
    '',
    'Generated from `lib/core/config/settings.ts` and the option tables (`app/cli/options/`) by `npm run docs`;',
    'edit there, not here. `.env.example` lists the same settings, commented out, to copy to `.env`.',
    '',
    'A setting comes from `.env` (or the file `--settings-file` names), then the environment, then its',
    'flag: a later source wins.',
    '',
    ...sections,
  ].join('\n');
}
