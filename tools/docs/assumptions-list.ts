// docs/assumptions.md, generated from the server profile's register (lib/api/open-points.ts):
// every point the spec leaves open or the suite tolerates, the sentence it rests on, the readings
// the suite accepts, the setting that declares one, the predicates checks ask about it
// (predicateEntries), and the checks that declare it in `assumes` (defineCheck). Nothing here
// reads source text: what a check rests on is what it declares, and a run records what it consulted.
import { profileEntries, type ProfileKey } from '../../lib/api/open-points.ts';
import type { CheckRegistry } from '../../conformance/registry.ts';
import { predicatesOf } from '../../lib/core/profile/server-profile.ts';

type Entry = (typeof profileEntries)[number];

function settingLines(entry: Entry): string[] {
  if ('noSetting' in entry) return ['', `No setting: ${entry.noSetting}.`];
  if (!('setting' in entry)) return [];
  const { setting } = entry;
  if (setting.kind === 'convention') {
    return [
      '',
      `A convention: ${setting.checks.map((id) => `\`${id}\``).join(', ')} ${setting.checks.length > 1 ? 'look' : 'looks'} for the usual reading, and gate${setting.checks.length > 1 ? '' : 's'} only when \`CONVENTIONS\` names ${setting.checks.length > 1 ? 'them' : 'it'} (or with \`--strict\`); otherwise every reading is accepted.`,
    ];
  }
  const how =
    setting.kind === 'statuses'
      ? `a comma-separated list of the statuses your server answers with, within ${setting.within.from}-${setting.within.to}`
      : setting.kind === 'reading'
        ? `one of ${Object.keys(entry.readings)
            .map((name) => `\`${name}\``)
            .join(', ')}`
        : 'its own syntax (see .env.example)';
  const assumed =
    'assumed' in entry
      ? ['', `Unset, the suite assumes \`${entry.assumed.reading}\` (not every reading): ${entry.assumed.why}.`]
      : [];
  return ['', `Declared with \`${setting.env}\`: ${how}. Only the declared reading is then accepted.`, ...assumed];
}

/** The checks that declare each entry in `assumes`, sorted. */
export function checksAssuming(registry: CheckRegistry): Map<ProfileKey, string[]> {
  const result = new Map<ProfileKey, string[]>(profileEntries.map((entry) => [entry.key, []]));
  for (const check of registry.checks) for (const key of check.assumes) result.get(key)?.push(check.id);
  for (const ids of result.values()) ids.sort();
  return result;
}

function checksLine(entry: Entry, ids: readonly string[]): string {
  if ('everyCheck' in entry) return `Every check rests on it: ${entry.everyCheck}.`;
  if ('noCheck' in entry) return `No check rests on it: ${entry.noCheck}.`;
  return `Checks that assume it (${ids.length}): ${ids.map((id) => `\`${id}\``).join(', ')}.`;
}

export function renderAssumptionsList(registry: CheckRegistry): string {
  const assuming = checksAssuming(registry);
  const sections = profileEntries.flatMap((entry) => {
    const predicates = predicatesOf(entry.key).map((name) => `\`${name}\``);
    return [
      `## \`${entry.key}\``,
      '',
      `${entry.question}`,
      '',
      `> ${entry.section}: ${entry.sentence.replace(/</g, '&lt;').replace(/>/g, '&gt;')}`,
      '',
      ...Object.entries(entry.readings).map(([reading, meaning]) => `- \`${reading}\`: ${meaning}`),
      ...settingLines(entry),
      ...(predicates.length > 0
        ? ['', `Checks ask: ${predicates.join(', ')} (lib/core/profile/server-profile.ts).`]
        : []),
      '',
      checksLine(entry, assuming.get(entry.key) ?? []),
      '',
    ];
  });
  return [
    '# What the suite assumes',
    '',
    "Generated from `lib/api/open-points.ts` and the checks' `assumes` by `npm run docs`; edit there, not here.",
    'Where the spec leaves a server free, the suite accepts every reading listed here (or, where an',
    'entry says so, assumes one until a setting declares another); a setting, where',
    'there is one, declares the reading a server took. Checks never write a status range or an',
    'equality of their own: they ask the profile (`test/unit/lib/profile.test.ts` fails otherwise).',
    '',
    'Under each entry, the checks that declare it in `assumes` (`defineCheck` in suites/), as test262',
    'names the features a test needs above it. What a check actually consulted in a run is in that',
    "run's conformance.json (`checks[].consulted`), and `test/unit/lib/profile.test.ts` fails a check that",
    'consulted an entry it does not declare.',
    '',
    ...sections,
  ].join('\n');
}
