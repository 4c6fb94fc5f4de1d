// docs/assumptions.md, generated from the server profile's register (lib/api/open-points.ts):
// every point the spec leaves open or the suite tolerates, the sentence it rests on, the readings
// the suite accepts, the setting that declares one, and the predicates checks ask about it.
import { profileEntries } from '../../lib/api/open-points.ts';
import type { CheckRegistry } from '../../conformance/registry.ts';
import { entriesOfPredicate, predicateEntries } from '../../lib/core/profile/server-profile.ts';
import { checksByEntry } from './check-dependencies.ts';

function settingLines(entry: (typeof profileEntries)[number]): string[] {
  if ('noSetting' in entry) return ['', `No setting: ${entry.noSetting}.`];
  if (!('setting' in entry)) return [];
  const { setting } = entry;
  if (setting.kind === 'convention') {
    return ['', `A convention: ${setting.checks.map((id) => `\`${id}\``).join(', ')} ${setting.checks.length > 1 ? 'look' : 'looks'} for the usual reading, and gate${setting.checks.length > 1 ? '' : 's'} only when \`CONVENTIONS\` names ${setting.checks.length > 1 ? 'them' : 'it'} (or with \`--strict\`); otherwise every reading is accepted.`];
  }
  const how = setting.kind === 'statuses'
    ? `a comma-separated list of the statuses your server answers with, within ${Array.isArray(setting.within) ? setting.within.join(' or ') : `${(setting.within as { from: number }).from}-${(setting.within as { to: number }).to}`}`
    : setting.kind === 'reading' ? `one of ${Object.keys(entry.readings).map((name) => `\`${name}\``).join(', ')}` : 'its own syntax (see .env.example)';
  const assumed = 'assumed' in entry ? ['', `Unset, the suite assumes \`${entry.assumed.reading}\` (not every reading): ${entry.assumed.why}.`] : [];
  return ['', `Declared with \`${setting.env}\`: ${how}. Only the declared reading is then accepted.`, ...assumed];
}

export function renderAssumptionsList(registry: CheckRegistry): string {
  const dependents = checksByEntry(registry);
  const total = registry.checks.length;
  const sections = profileEntries.flatMap((entry) => {
    const ids = dependents.get(entry.key) ?? [];
    const dependsLine = ids.length === 0
      ? 'No check rests on it (the client or the run applies it, or the suite never tests it).'
      : ids.length === total ? `Every check's code can reach it (${total}).` : `Checks whose code can reach it (${ids.length}): ${ids.map((id) => `\`${id}\``).join(', ')}.`;
    const predicates = Object.keys(predicateEntries).filter((name) => entriesOfPredicate(name).includes(entry.key)).map((name) => `\`${name}\``);
    return [
      `## \`${entry.key}\``,
      '',
      `${entry.question}`,
      '',
      `> ${entry.section}: ${entry.sentence.replace(/</g, '&lt;').replace(/>/g, '&gt;')}`,
      '',
      ...Object.entries(entry.readings).map(([reading, meaning]) => `- \`${reading}\`: ${meaning}`),
      ...settingLines(entry),
      ...(predicates.length > 0 ? ['', `Checks ask: ${predicates.join(', ')} (lib/core/profile/server-profile.ts).`] : []),
      '',
      dependsLine,
      '',
    ];
  });
  return [
    '# What the suite assumes',
    '',
    'Generated from `lib/api/open-points.ts` by `npm run docs`; edit there, not here.',
    'Where the spec leaves a server free, the suite accepts every reading listed here (or, where an',
    'entry says so, assumes one until a setting declares another); a setting, where',
    'there is one, declares the reading a server took. Checks never write a status range or an',
    'equality of their own: they ask the profile (`test/profile.test.ts` fails otherwise).',
    '',
    'Under each entry, the checks whose code can reach one of its predicates (read from the code, file',
    'by file, so a check may be listed under an entry its own path never asks). What a check actually',
    'consulted in a run is in that run\'s conformance.json (`checks[].consulted`).',
    '',
    ...sections,
  ].join('\n');
}
