// Which checks rest on which entry of the server profile, read from the code: a suite file depends
// on an entry when it, or a file it imports (transitively, within the conformance engine), asks one
// of the entry's predicates, names the entry in code ('unknown-id-status'), or names it in a
// "profile: <entry>" comment where it applies a reading. File by file, so a check is listed under every entry its file's code can reach.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { profileEntries, type ProfileKey } from '../../lib/api/open-points.ts';
import type { CheckRegistry } from '../../conformance/registry.ts';
import { entriesOfPredicate, predicateEntries } from '../../lib/core/profile/server-profile.ts';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));

/** The entries a file's own text rests on. */
function entriesNamedIn(text: string): Set<ProfileKey> {
  const found = new Set<ProfileKey>();
  // A predicate asked or handed on (expectAnswer(response, isAuthRefusal, …)); import lines aside.
  const code = text.split('\n').filter((line) => !/^\s*import\b/.test(line)).join('\n');
  for (const predicate of Object.keys(predicateEntries)) if (new RegExp(`\\b${predicate}\\b`).test(code)) for (const key of entriesOfPredicate(predicate)) found.add(key);
  const keys = new Set<string>(profileEntries.map((entry) => entry.key));
  // An entry named in code (expectStatusOf(profile, 'unknown-id-status', …), profile.allows('largest-limit', …)).
  for (const key of keys) if (code.includes(`'${key}'`)) found.add(key as ProfileKey);
  for (const match of text.matchAll(/profile: ([a-z-]+(?:, [a-z-]+)*)/g)) {
    for (const key of match[1]!.split(', ')) if (keys.has(key)) found.add(key as ProfileKey);
  }
  return found;
}

/** The relative imports of a file that stay inside the project's source. */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+\.ts)'/g)]
    .map((match) => resolve(dirname(file), match[1]!))
    .filter((path) => existsSync(path) && !relative(projectDir, path).startsWith('..'));
}

export function checksByEntry(registry: CheckRegistry): Map<ProfileKey, string[]> {
  const text = new Map<string, string>();
  const read = (file: string) => text.get(file) ?? text.set(file, readFileSync(file, 'utf8')).get(file)!;
  const reached = (start: string): Set<ProfileKey> => {
    const seen = new Set<string>();
    const entries = new Set<ProfileKey>();
    const stack = [start];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const source = read(file);
      for (const key of entriesNamedIn(source)) entries.add(key);
      // The engine's own files carry the readings (the profile's file defines them; it asks nothing).
      for (const next of importsOf(file, source)) if (/\/(suites|harness)\//.test(next)) stack.push(next);
    }
    return entries;
  };
  const byFile = new Map<string, Set<ProfileKey>>();
  const result = new Map<ProfileKey, string[]>(profileEntries.map((entry) => [entry.key, []]));
  for (const check of registry.checks) {
    const entries = byFile.get(check.file) ?? byFile.set(check.file, reached(join(projectDir, check.file))).get(check.file)!;
    for (const key of entries) result.get(key)!.push(check.id);
  }
  for (const ids of result.values()) ids.sort();
  return result;
}
