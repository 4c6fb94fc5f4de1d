// A command's --help: its usage line and prose, then the option list generated from its table
// (every flag, with the setting it can come from and its default), then its exit codes.
import { renderOptionList, wrap } from '../../lib/core/config/help.ts';
import { exitCodesHelp } from './exit-codes.ts';
import { optionTables, type CommandName } from './options/index.ts';

export interface HelpProse {
  usage: string;
  /** What the command does, in paragraphs. */
  intro: string;
  /** Paragraphs after the options. */
  outro?: string;
}

const paragraphs = (text: string) =>
  text
    .split('\n\n')
    .map((paragraph) => (paragraph.startsWith(' ') ? paragraph : wrap(paragraph.replace(/\n/g, ' '), 100).join('\n')));

export function renderHelp(command: CommandName, prose: HelpProse): string {
  return [
    prose.usage,
    ...paragraphs(prose.intro),
    `Options:\n${renderOptionList(optionTables[command])}`,
    ...(prose.outro ? paragraphs(prose.outro) : []),
    wrap(exitCodesHelp(command), 100).join('\n'),
  ].join('\n\n');
}
