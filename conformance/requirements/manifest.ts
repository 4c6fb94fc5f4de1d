// suites/requirements.json: for every requirement unit of the spec, the checks that enforce it or
// the reason none does. Parsed strictly, so that a typo in a key is an error and not a silent gap.

export interface RequirementEntry {
  section: string;
  /** The unit's text exactly as the extractor yields it (conformance/requirements/extract.ts). */
  text: string;
  /** Ids of the checks that enforce the unit; a check's spec sections are derived from these. */
  checks?: string[];
  /** Why no check enforces the unit: "not shown: ...", "informative: ...". */
  excluded?: string;
  /** What part of an enforced unit no check can see, and why (such as messages, which the API does not expose). */
  note?: string;
}

const allowedKeys = new Set(['section', 'text', 'checks', 'excluded', 'note']);

function entryShapeProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['is not an object'];
  const entry = value as Record<string, unknown>;
  const problems = Object.keys(entry)
    .filter((key) => !allowedKeys.has(key))
    .map((key) => `has an unknown key "${key}" (allowed: ${[...allowedKeys].join(', ')})`);
  for (const key of ['section', 'text']) {
    if (typeof entry[key] !== 'string') problems.push(`needs "${key}" as a string`);
  }
  for (const key of ['excluded', 'note']) {
    if (key in entry && typeof entry[key] !== 'string') problems.push(`has "${key}" that is not a string`);
  }
  if ('checks' in entry && !(Array.isArray(entry.checks) && entry.checks.every((id) => typeof id === 'string'))) {
    problems.push('has "checks" that is not an array of strings');
  }
  return problems;
}

/** The manifest's entries; throws one error naming every malformed entry by its index. */
export function parseManifest(json: string): RequirementEntry[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) throw new Error('suites/requirements.json must be an array of entries.');
  const problems = value.flatMap((entry, index) =>
    entryShapeProblems(entry).map(
      (problem) => `entry ${index} (${JSON.stringify((entry as { text?: unknown })?.text)}) ${problem}`,
    ),
  );
  if (problems.length > 0) throw new Error(`suites/requirements.json is malformed:\n${problems.join('\n')}`);
  return value as RequirementEntry[];
}
