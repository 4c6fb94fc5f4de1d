// Lines of a settings file (.env) that dotenv skips without a word: neither a setting (NAME=value,
// NAME: value, an optional `export`), nor blank, nor a comment, nor inside a quoted value of several
// lines. A half-pasted line or a shell command left there would otherwise change nothing silently.

/**
 * The expression dotenv's parse() reads each setting with (node_modules/dotenv/lib/main.js, LINE,
 * dotenv 17), so that what is called skipped here is what dotenv skipped.
 */
const settingLine =
  /(?:^|^)\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/gm;

/** The numbers (from 1) of the lines of `text` that dotenv read nothing from and that are not blank or a comment. */
export function skippedEnvLines(text: string): number[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const read = new Set<number>();
  const lineAt = (index: number) => {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= index) line++;
    return line;
  };
  for (const match of text.replace(/\r\n?/g, '\n').matchAll(settingLine)) {
    const end = match.index + Math.max(match[0].length - 1, 0);
    for (let line = lineAt(match.index); line <= lineAt(end); line++) read.add(line);
  }
  return lines.flatMap((line, index) =>
    read.has(index) || line.trim() === '' || line.trim().startsWith('#') ? [] : [index + 1],
  );
}

/** The warning for a file's skipped lines, naming them by number only: a line may hold a secret. */
export function skippedLinesWarning(label: string, lines: readonly number[]): string | undefined {
  if (lines.length === 0) return undefined;
  return `msgapi: warning: ${label} line${lines.length === 1 ? '' : 's'} ${lines.join(', ')} ${lines.length === 1 ? 'is' : 'are'} not NAME=value, a comment or blank, and ${lines.length === 1 ? 'was' : 'were'} ignored.`;
}
