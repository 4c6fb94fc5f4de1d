// docs/assumptions.md, generated from the server profile's register (src/api/open-points.ts):
// every point the spec leaves open or the suite tolerates, the sentence it rests on, the readings
// the suite accepts, the setting that declares one, and the predicates checks ask about it.
import { profileEntries } from '../api/open-points.ts';
import { predicateEntries } from '../core/profile/server-profile.ts';

export function renderAssumptionsList(): string {
  const sections = profileEntries.flatMap((entry) => {
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
