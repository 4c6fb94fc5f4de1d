// Names that look like a setting and are not one (BASEURL, BASE_ULR, access_token): a setting
// misspelt is silently unset, and an unset BASE_URL used to mean the embedded server, so a typo
// tested the wrong server and passed. Each one found is one sentence.
import { distance } from 'fastest-levenshtein';

/** The setting `name` resembles without being one, if any: the same name but for case or
 * underscores, or a few letters off (two for long names, one for short ones like SEED). */
export function resembledSetting(name: string, settingNames: readonly string[]): string | undefined {
  if (settingNames.includes(name)) return undefined;
  const upper = name.toUpperCase();
  const bare = (text: string) => text.replace(/_/g, '');
  let best: { setting: string; distance: number } | undefined;
  for (const setting of settingNames) {
    const apart = bare(upper) === bare(setting) ? 0 : distance(upper, setting);
    const allowed = setting.length >= 7 ? 2 : 1;
    if (apart <= allowed && (best === undefined || apart < best.distance)) best = { setting, distance: apart };
  }
  return best?.setting;
}

const notASetting = (name: string, setting: string) => `${name} is not a setting; did you mean ${setting}?`;

/** Every name of an env file that resembles a setting: always a mistake in msgapi's own file. `text`
 * is the file; `names` the ones its parser read (a line inside a quoted value is no name). */
export function envFileNearMisses(
  label: string,
  text: string,
  names: ReadonlySet<string>,
  settingNames: readonly string[],
  candidates: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const name = /^\s*(?:export\s+)?([\w.-]+)\s*=/.exec(line)?.[1];
    if (name === undefined || !names.has(name) || settingNames.includes(name)) continue;
    const setting = resembledSetting(name, candidates);
    if (setting !== undefined) problems.push(`${label} line ${index + 1}: ${notASetting(name, setting)}`);
  }
  return problems;
}

/** The environment holds many names of other programs: only a near-miss of a setting that is itself
 * unset is taken for a typo. */
export function environmentNearMisses(
  env: NodeJS.ProcessEnv,
  isSet: (setting: string) => boolean,
  settingNames: readonly string[],
  candidates: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (settingNames.includes(name)) continue;
    const setting = resembledSetting(name, candidates);
    if (setting !== undefined && !isSet(setting)) problems.push(`In the environment, ${notASetting(name, setting)}`);
  }
  return problems;
}

/**
 * What to tell someone who typed `raw`, none of `names` (parts joined by "." or ":", as fault and
 * variant names are): the nearest name when one is a few letters off; else the names under the
 * longest leading part of `raw` that some name has; else the first part of every name. The names
 * are in the message because an installed msgapi has no source folder to look them up in.
 */
export function unknownNameHint(raw: string, names: readonly string[]): string {
  const near = names
    .map((name) => ({ name, apart: distance(raw, name) }))
    .filter(({ name, apart }) => apart <= Math.max(2, Math.floor(name.length / 10)))
    .sort((a, b) => a.apart - b.apart)[0];
  if (near !== undefined) return `did you mean ${near.name}?`;
  const cuts = [...raw.matchAll(/[.:]/g)].map((match) => match.index + 1).reverse();
  for (const prefix of [`${raw}.`, `${raw}:`, ...cuts.map((cut) => raw.slice(0, cut))]) {
    const under = names.filter((name) => name.startsWith(prefix));
    if (under.length > 0)
      return `the names under ${prefix} are ${under.map((name) => name.slice(prefix.length)).join(', ')}`;
  }
  const firsts = [...new Set(names.map((name) => /^[^.:]+[.:]?/.exec(name)![0]))];
  return `the names begin with ${firsts.join(', ')}`;
}
