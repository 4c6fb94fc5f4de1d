// Colour only for a person at a terminal: never in a pipe, a log file or CI output, and never when
// NO_COLOR is set (no-color.org). FORCE_COLOR (force-color.org; any value but 0 or false) asks for
// colour where it would not be, a CI log that renders it say; NO_COLOR still wins over it.
import { styleText } from 'node:util';

export type Style = 'red' | 'green' | 'yellow' | 'gray' | 'bold';

export function colourEnabled(
  stream: Pick<NodeJS.WriteStream, 'isTTY'>,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (env.NO_COLOR) return false;
  const forced = env.FORCE_COLOR;
  if (forced !== undefined && forced !== '0' && forced.toLowerCase() !== 'false') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export function colourFor(
  stream: Pick<NodeJS.WriteStream, 'isTTY'>,
  env: NodeJS.ProcessEnv = process.env,
): (style: Style, text: string) => string {
  return colourEnabled(stream, env) ? (style, text) => styleText(style, text) : (_style, text) => text;
}
