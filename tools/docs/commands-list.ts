// docs/reference/commands.md, generated from what the command line itself prints: each command's
// --help (app/cli/help-texts.ts, made from its option table) and the exit codes of every command
// (app/cli/exit-codes.ts), so that the page cannot say what `msgapi <command> --help` does not.
import { renderExitCodeTable } from '../../app/cli/exit-codes.ts';
import { helpTexts } from '../../app/cli/help-texts.ts';
import { optionTables, type CommandName } from '../../app/cli/options/index.ts';
import { headingAnchor } from './markdown-text.ts';

export const commandsFile = 'docs/reference/commands.md';

const commandNames = Object.keys(optionTables) as CommandName[];

/** The heading of a command's section, and the anchor other pages link it by. */
export const commandHeading = (command: CommandName) => `msgapi ${command}`;
export const commandAnchor = (command: CommandName) => headingAnchor(commandHeading(command));

export function renderCommandsList(): string {
  return [
    '# Commands',
    '',
    'Generated from the option tables (`app/cli/options/`), the help texts (`app/cli/help-texts.ts`) and the',
    'exit codes (`app/cli/exit-codes.ts`) by `npm run docs`; edit there, not here. Each section is what',
    '`npx msgapi <command> --help` prints. The settings a command reads from `.env` and the environment',
    'are listed, with the commands that read each, in [settings.md](settings.md).',
    '',
    ...commandNames.map((command) => `- [${commandHeading(command)}](#${commandAnchor(command)})`),
    '- [Exit codes](#exit-codes)',
    '',
    ...commandNames.flatMap((command) => [
      `## ${commandHeading(command)}`,
      '',
      '```text',
      helpTexts[command],
      '```',
      '',
    ]),
    '## Exit codes',
    '',
    "Every command exits with one of these (the same table is in each command's `--help`):",
    '',
    renderExitCodeTable(),
    '',
  ].join('\n');
}
