// docs/assumptions.md, generated from the server profile's register (src/api/open-points.ts):
// every point the spec leaves open or the suite tolerates, the sentence it rests on, the readings
// the suite accepts, the setting that declares one, and the predicates checks ask about it.
import { profileEntries } from '../api/open-points.ts';
import type { CheckRegistry } from '../conformance/registry.ts';
import { predicateEntries } from '../core/profile/server-profile.ts';
import { checksByEntry } from './check-dependencies.ts';

export function renderAssumptionsList(registry: CheckRegistry): string {
  const dependents = checksByEntry(registry);
  const total = registry.checks.length;
  const sections = profileEntries.flatMap((entry) => {
    const ids = dependents.get(entry.key) ?? [];
    const dependsLine = ids.length === 0
      ? 'No check rests on it (the client or the run applies it, or the suite never tests it).'
      : ids.length === total ? `Every check rests on it (${total}).` : `Checks that rest on it (${ids.length}): ${ids.map((id) => `\`${id}\``).join(', ')}.`;
    const predicates = Object.entries(predicateEntries).filter(([, key]) => key === entry.key).map(([name]) => `\`${name}\``);
    return [
      `## \`${entry.key}\``,
      '',
      `${entry.question}`,
      '',
      `> ${entry.section}: ${entry.sentence.replace(/</g, '&lt;').replace(/>/g, '&gt;')}`,
      '',
      ...Object.entries(entry.readings).map(([reading, meaning]) => `- \`${reading}\`: ${meaning}`),
      ...('setting' in entry ? ['', `Declared with \`${entry.setting}\`.`] : []),
      ...(predicates.length > 0 ? ['', `Checks ask: ${predicates.join(', ')} (src/core/profile/server-profile.ts).`] : []),
      '',
      dependsLine,
      '',
    ];
  });
  return [
    '# What the suite assumes',
    '',
    'Generated from `src/api/open-points.ts` by `npm run docs`; edit there, not here.',
    'Where the spec leaves a server free, the suite accepts every reading listed here; a setting, where',
    'there is one, declares the reading a server took. Checks never write a status range or an',
    'equality of their own: they ask the profile (`test/profile.test.ts` fails otherwise).',
    '',
    ...sections,
  ].join('\n');
}
