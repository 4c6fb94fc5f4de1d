// harness/checks/check-ids.ts, generated from the registry: the union of every check id,
// so that a check blamed for a failed prerequisite, or named anywhere in code, is a compile error
// once it is renamed or removed.
import type { CheckRegistry } from '../../conformance/registry.ts';

export const checkIdsFile = 'harness/checks/check-ids.ts';

export function renderCheckIds(registry: CheckRegistry): string {
  const ids = [...registry.ids].sort();
  return [
    '// Generated from the suite files by `npm run docs`; edit the checks there, not here.',
    'export const checkIds = [',
    ...ids.map((id) => `  '${id}',`),
    '] as const;',
    '',
    'export type CheckId = (typeof checkIds)[number];',
    '',
  ].join('\n');
}
