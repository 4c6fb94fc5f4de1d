// The option list of a command's --help, generated from its table: each flag with its value, its
// help, the variable it can also come from, and its default.
import { metavarUsage, type OptionDef } from './option.ts';

export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const column = 27;
const width = 100;

/** What --help says about where else the value comes from and what it is when not given. */
export function optionNote(option: OptionDef<unknown>): string {
  const notes = [
    ...(option.env ? [option.env] : []),
    ...(option.repeatable ? ['repeatable'] : []),
    // Every option says what it is when not given (--help aside): a switch is off, a value with no default unset.
    ...(option.defaultText !== undefined
      ? [`default: ${option.defaultText}`]
      : option.flag === 'help'
        ? []
        : [`default: ${option.switch ? 'off' : 'unset'}`]),
  ];
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}

export function optionUsage(option: OptionDef<unknown>): string {
  const flag = `--${option.flag}${metavarUsage(option)}`;
  return option.short ? `-${option.short}, ${flag}` : flag;
}

export function renderOptionList(options: Readonly<Record<string, OptionDef<unknown>>>): string {
  return Object.values(options)
    .map((option) => {
      const left = `  ${optionUsage(option)}`;
      const text = wrap(`${option.help}${optionNote(option)}`, width - column);
      const first =
        left.length < column ? `${left.padEnd(column)}${text[0]}` : `${left}\n${' '.repeat(column)}${text[0]}`;
      return [first, ...text.slice(1).map((line) => `${' '.repeat(column)}${line}`)].join('\n');
    })
    .join('\n');
}
