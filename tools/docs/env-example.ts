// .env.example, generated from the settings (lib/core/config/settings.ts) so that it names every
// setting the commands read from the environment.
import { wrap } from '../../lib/core/config/help.ts';
import { settings } from '../../lib/core/config/settings.ts';

export function renderEnvExample(): string {
  const blocks = settings.map((setting) =>
    [...wrap(setting.help, 96).map((line) => `# ${line}`), `# ${setting.env}=${setting.example ?? ''}`].join('\n'),
  );
  const header = [
    '# Settings of msgapi. Copy this file to .env and uncomment what you need.',
    '# Order of precedence: this file, then the environment, then command-line flags (flags win).',
    '# Generated from lib/core/config/settings.ts by `npm run docs`; edit there, not here.',
  ].join('\n');
  return `${header}\n\n${blocks.join('\n\n')}\n`;
}
