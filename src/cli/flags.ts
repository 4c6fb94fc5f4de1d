// Command-line flags: one per setting (generated from the settings list), plus each command's own.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ConfigSources } from '../core/config/load.ts';
import { settings, type SettingName } from '../core/config/settings.ts';
import { HarnessError } from '../core/errors.ts';

type OptionSpec = NonNullable<ParseArgsConfig['options']>[string];

export const settingFlags: Record<string, OptionSpec> = Object.fromEntries(
  settings.map((setting): [string, OptionSpec] => [setting.flag, { type: 'boolean' in setting && setting.boolean ? 'boolean' : 'string' }]),
);

export const commonFlags: Record<string, OptionSpec> = {
  'env-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export function parseFlags(argv: string[], options: Record<string, OptionSpec>) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new HarnessError('MSGAPI_USAGE', `${(error as Error).message.split('\n')[0]} (see --help).`);
  }
}

/** The flags that name settings, as the configuration loader takes them. */
export function configSourcesFrom(values: Record<string, string | boolean | undefined>): ConfigSources {
  const flags: Partial<Record<SettingName, string>> = {};
  for (const setting of settings) {
    const value = values[setting.flag];
    if (typeof value === 'string') flags[setting.env] = value;
    if (value === true) flags[setting.env] = 'true';
  }
  const envFile = values['env-file'];
  return { flags, ...(typeof envFile === 'string' ? { envFile } : {}) };
}

export function settingsHelp(): string {
  return settings
    .map((setting) => `  --${('boolean' in setting && setting.boolean ? setting.flag : `${setting.flag} VALUE`).padEnd(24)} ${setting.env}: ${setting.help}`)
    .join('\n');
}
