// docs/checks.md, generated from the registry: every check with its id, level, spec sections and
// the file that defines it (named, not linked: the package ships docs/ but not the suites' sources).
import type { CheckRegistry } from '../../conformance/registry.ts';

export function renderChecksList(registry: CheckRegistry): string {
  const rows = [...registry.checks]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(
      (check) =>
        `| \`${check.id}\` | ${check.level} | ${check.sections.join(', ')} | ${check.title} | \`${check.file}\` |`,
    );
  return [
    '# The checks',
    '',
    'Generated from the suite files (`suites/**/*.check.ts`) by `npm run docs`; edit there, not here.',
    'Levels: `spec`, `security` and `robustness` failures gate (exit 1); `convention` failures are reported only.',
    'Sections refer to `spec/messaging-api-v1.md` and come from `suites/requirements.json`, which cites the checks sentence by sentence.',
    `Tags (for \`msgapi check --only\`): ${registry.tags.map((tag) => `\`${tag}\``).join(', ')}.`,
    '',
    '| id | level | spec | what it checks | file |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
