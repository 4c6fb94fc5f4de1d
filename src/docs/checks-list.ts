// docs/checks.md, generated from the catalogue: every check with its id, level, spec sections and
// the file that implements it.
import { catalogue, checkFile, type CheckId } from '../conformance/checks/catalogue.ts';

export function renderChecksList(): string {
  const ids = (Object.keys(catalogue) as CheckId[]).sort();
  const rows = ids.map((id) => {
    const { title, spec, level } = catalogue[id];
    return `| \`${id}\` | ${level} | ${spec.join(', ')} | ${title} | [${checkFile(id)}](../${checkFile(id)}) |`;
  });
  return [
    '# The checks',
    '',
    'Generated from `src/checks/catalogue.ts` by `npm run docs`; edit there, not here.',
    'Levels: `spec`, `security` and `robustness` failures gate (exit 1); `convention` failures are reported only.',
    'Sections refer to `spec/messaging-api-v1.md`.',
    '',
    '| id | level | spec | what it checks | file |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
