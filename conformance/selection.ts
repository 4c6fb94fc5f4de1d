// Which checks a run takes: --only and --read-only, resolved against the registry into exact ids,
// so that choosing by resource also finds the isolation, read-only and property checks that
// exercise it (they carry the resource as a tag).
import { distance } from 'fastest-levenshtein';
import { HarnessError } from '../lib/core/errors.ts';
import type { CheckRegistry, RegisteredCheck } from './registry.ts';

export interface SelectionRequest {
  /** Check ids, id prefixes ending in a dot (`conversations.update.`), or tags (`conversations`). */
  only?: readonly string[];
  /** Checks left out, in the same syntax as `only`. */
  exclude?: readonly string[];
  /** Only the checks that send nothing but GETs. */
  readOnly?: boolean;
  /** How an error names `only`: the flag the user gave it by (msgapi matrix takes it as --checks). */
  onlyFlag?: string;
}

function matches(check: RegisteredCheck, item: string): boolean {
  if (item.endsWith('.')) return check.id.startsWith(item);
  return check.id === item || check.tags.includes(item);
}

/** What a selector that names no check was probably meant to be: the prefix with its dot
 * (conversations.create → conversations.create.), else the nearest id, prefix or tag. */
export function nearestSelector(registry: CheckRegistry, item: string): string | undefined {
  if (!item.endsWith('.') && registry.checks.some((check) => check.id.startsWith(`${item}.`))) return `${item}.`;
  const prefixes = registry.checks.flatMap((check) =>
    check.id
      .split('.')
      .slice(0, -1)
      .map((_, index, parts) => `${parts.slice(0, index + 1).join('.')}.`),
  );
  return nearestName(item, [...new Set([...registry.checks.map((check) => check.id), ...prefixes, ...registry.tags])]);
}

/** The candidate a mistyped name was probably meant to be: the nearest, a few letters off at most. */
export function nearestName(item: string, candidates: Iterable<string>): string | undefined {
  let best: { candidate: string; apart: number } | undefined;
  for (const candidate of candidates) {
    const apart = distance(item, candidate);
    if (apart <= Math.max(2, Math.floor(item.length / 5)) && (best === undefined || apart < best.apart))
      best = { candidate, apart };
  }
  return best?.candidate;
}

function checkSelectors(registry: CheckRegistry, flag: string, items: readonly string[]): void {
  const unknown = items.filter((item) => !registry.checks.some((check) => matches(check, item)));
  if (items.length > 0 && unknown.length === 0) return;
  const meant = unknown
    .map((item) => [item, nearestSelector(registry, item)] as const)
    .filter(([, near]) => near !== undefined);
  const suggestion =
    meant.length === 0
      ? '.'
      : `; did you mean ${meant.map(([item, near]) => (unknown.length === 1 ? near : `${near} for ${item}`)).join(', ')}?`;
  throw new HarnessError(
    'MSGAPI_USAGE',
    `${flag} names ${unknown.join(', ') || 'nothing'}, which is no check id, id prefix ending in a dot, or tag (tags: ${registry.tags.join(', ')}; ids: docs/checks.md)${suggestion}`,
  );
}

/** The ids chosen, in registry order; a selector that names no check is a usage error. */
export function selectChecks(registry: CheckRegistry, request: SelectionRequest): string[] {
  let chosen: readonly RegisteredCheck[] = registry.checks;
  if (request.only) {
    checkSelectors(registry, request.onlyFlag ?? '--only', request.only);
    chosen = chosen.filter((check) => request.only!.some((item) => matches(check, item)));
  }
  if (request.exclude) {
    checkSelectors(registry, '--exclude', request.exclude);
    chosen = chosen.filter((check) => !request.exclude!.some((item) => matches(check, item)));
    if (chosen.length === 0) throw new HarnessError('MSGAPI_USAGE', '--exclude leaves no check to run.');
  }
  if (request.readOnly) {
    const readOnly = chosen.filter((check) => check.readOnly);
    if (readOnly.length === 0) {
      const all = registry.checks.filter((check) => check.readOnly).map((check) => check.id);
      throw new HarnessError(
        'MSGAPI_USAGE',
        `--only chose no read-only check; with --read-only only these run: ${all.join(', ')}.`,
      );
    }
    chosen = readOnly;
  }
  return chosen.map((check) => check.id);
}
