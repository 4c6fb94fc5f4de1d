// .env.example, generated from the settings list so that it names every setting the loader reads.
import { settings } from '../core/config/settings.ts';

function wrap(text: string, width = 96): string[] {
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

export function renderEnvExample(): string {
  const blocks = settings.map((setting) =>
    [...wrap(setting.help).map((line) => `# ${line}`), `# ${setting.env}=${setting.example}`].join('\n'),
  );
  const header = [
    '# Settings of msgapi. Copy this file to .env and uncomment what you need.',
    '# Order of precedence: this file, then the environment, then command-line flags (flags win).',
    '# Generated from src/core/config/settings.ts by `npm run docs`; edit there, not here.',
  ].join('\n');
  return `${header}\n\n${blocks.join('\n\n')}\n`;
}
