// The options of msgapi probe: the target and how to reach it, what the user declared (to compare
// with what the probe sees), and where to write what it found.
import { switchOption, valueOption } from '../../../lib/core/config/option.ts';
import { parseText } from '../../../lib/core/config/parse-values.ts';
import {
  embedded,
  envFileOption,
  groupContacts,
  helpOption,
  readOnly,
  targetSettings,
  waitForTarget,
} from '../../../lib/core/config/settings.ts';
import { profileSettings } from '../../../lib/core/config/profile-settings.ts';

export const probeOptions = {
  ...targetSettings,
  embedded,
  waitForTarget,
  groupContacts,
  ...profileSettings,
  readOnly,
  write: valueOption({
    flag: 'write',
    metavar: 'FILE',
    help: 'Merge what was found into this .env file: a setting it lacks is added with a comment saying what was seen; a setting it has is never changed (a contradiction is said).',
    parse: (raw, name) => parseText(name, raw),
    defaultText: 'print only',
  }),
  json: switchOption({ flag: 'json', help: 'Print what was found as JSON instead of the .env fragment.' }),
  envFile: envFileOption,
  help: helpOption,
};
