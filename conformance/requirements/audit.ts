// Compares the manifest with the spec and the check registry. Each kind of problem is a list of
// offenders, one readable line each, so a failing test names every one of them at once.
import type { RequirementUnit } from './extract.ts';
import type { RequirementEntry } from './manifest.ts';

export interface ManifestAudit {
  /** Units of the spec that no entry covers. */
  unlistedUnits: string[];
  /** Entries whose text is not a unit of the spec (reworded, or removed from the spec). */
  unknownTexts: string[];
  /** Entries whose text is a unit of the spec, but of another section. */
  wrongSections: string[];
  /** Units covered by more than one entry. */
  duplicateEntries: string[];
  /** Entries with neither checks nor an exclusion reason, or with both. */
  neitherOrBoth: string[];
  /** Cited ids that no suite file defines. */
  unknownChecks: string[];
  /** Checks that no entry cites: every check must enforce some sentence. */
  uncitedChecks: string[];
}

export const describeUnit = (unit: RequirementUnit): string => `${unit.section} ${JSON.stringify(unit.text)}`;

const keyOf = (unit: RequirementUnit): string => `${unit.section}\n${unit.text}`;

export function auditManifest(
  units: readonly RequirementUnit[],
  entries: readonly RequirementEntry[],
  checkIds: readonly string[],
): ManifestAudit {
  const unitKeys = new Set(units.map(keyOf));
  const sectionsByText = new Map<string, string[]>();
  for (const unit of units) sectionsByText.set(unit.text, [...(sectionsByText.get(unit.text) ?? []), unit.section]);

  const entriesByKey = new Map<string, number>();
  for (const entry of entries) entriesByKey.set(keyOf(entry), (entriesByKey.get(keyOf(entry)) ?? 0) + 1);

  const knownIds = new Set(checkIds);
  const citedIds = new Set(entries.flatMap((entry) => entry.checks ?? []));
  const strayEntries = entries.filter((entry) => !unitKeys.has(keyOf(entry)));

  return {
    unlistedUnits: units.filter((unit) => !entriesByKey.has(keyOf(unit))).map(describeUnit),
    unknownTexts: strayEntries.filter((entry) => !sectionsByText.has(entry.text)).map(describeUnit),
    wrongSections: strayEntries
      .filter((entry) => sectionsByText.has(entry.text))
      .map((entry) => `${describeUnit(entry)} is a unit of ${sectionsByText.get(entry.text)!.join(', ')}`),
    duplicateEntries: units
      .filter((unit) => (entriesByKey.get(keyOf(unit)) ?? 0) > 1)
      .map((unit) => `${describeUnit(unit)} has ${entriesByKey.get(keyOf(unit))} entries`),
    neitherOrBoth: entries.flatMap((entry) => {
      const hasChecks = (entry.checks?.length ?? 0) > 0;
      const hasReason = (entry.excluded?.trim() ?? '') !== '';
      if (hasChecks && hasReason) return [`${describeUnit(entry)} has both checks and an exclusion reason`];
      if (!hasChecks && !hasReason) return [`${describeUnit(entry)} has neither checks nor an exclusion reason`];
      return [];
    }),
    unknownChecks: entries.flatMap((entry) =>
      (entry.checks ?? []).filter((id) => !knownIds.has(id)).map((id) => `${describeUnit(entry)} cites ${id}`),
    ),
    uncitedChecks: checkIds.filter((id) => !citedIds.has(id)),
  };
}
