// What a variant declares (reference/variants: { PAGINATION: 'cursor:cursor:next_cursor',
// UNKNOWN_ID_STATUS: '410' }, written as a user would set it) read once, by each setting's own
// parser, into the typed choices a Target holds. The matrix hands these to the target directly: no
// environment is made up on the way.
import type { OptionDef } from '../../lib/core/config/option.ts';
import { declaredReadings, profileSettings } from '../../lib/core/config/profile-settings.ts';
import { groupContacts, targetSettings } from '../../lib/core/config/settings.ts';
import { HarnessError } from '../../lib/core/errors.ts';
import type { TargetChoices } from '../../lib/core/target/target.ts';

const ownSyntax: { [K in Exclude<keyof TargetChoices, 'declared'>]: OptionDef<TargetChoices[K] | undefined> } = {
  bodyEncoding: targetSettings.bodyEncoding,
  pagination: targetSettings.pagination,
  groupContacts,
};

const declarable: Readonly<Record<string, OptionDef<unknown>>> = { ...ownSyntax, ...profileSettings };

export function declaredChoices(declares: Readonly<Record<string, string>>, by: string): Partial<TargetChoices> {
  const values: Record<string, unknown> = {};
  for (const [env, text] of Object.entries(declares)) {
    const entry = Object.entries(declarable).find(([, option]) => option.env === env);
    if (!entry)
      throw new HarnessError(
        'MSGAPI_SUITE_CRASHED',
        `${by} declares ${env}, which is not a choice of the target (${Object.values(declarable)
          .map((option) => option.env)
          .join(', ')}).`,
      );
    const parsed = entry[1].parse([text], env);
    if (!parsed.ok) throw new HarnessError('MSGAPI_SUITE_CRASHED', `${by} declares a bad value: ${parsed.problem}`);
    values[entry[0]] = parsed.value;
  }
  const own = Object.fromEntries(
    Object.keys(ownSyntax)
      .filter((key) => key in values)
      .map((key) => [key, values[key]]),
  );
  const declared = declaredReadings(values);
  return { ...own, ...(Object.keys(declared).length > 0 ? { declared } : {}) } as Partial<TargetChoices>;
}
