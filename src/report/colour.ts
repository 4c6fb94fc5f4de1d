// Colour only for a person at a terminal: never in a pipe, a log file or CI output, and never when
// NO_COLOR is set (no-color.org).
import { styleText } from 'node:util';

export type Style = 'red' | 'green' | 'yellow' | 'gray' | 'bold';

export function colourFor(stream: NodeJS.WriteStream): (style: Style, text: string) => string {
  const enabled = stream.isTTY === true && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
  return enabled ? (style, text) => styleText(style, text) : (_style, text) => text;
}
