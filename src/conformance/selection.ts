// Which checks a run takes: --only and --read-only, resolved against the registry into exact ids,
// so that choosing by resource also finds the isolation, read-only and property checks that
// exercise it (they carry the resource as a tag).
import { HarnessError } from '../core/errors.ts';
import type { CheckRegistry, RegisteredCheck } from './registry.ts';

export interface SelectionRequest {
  /** Check ids, id prefixes ending in a dot (`conversations.update.`), or tags (`conversations`). */
  only?: readonly string[];
  /** Only the checks that send nothing but GETs. */
  readOnly?: boolean;
}

function matches(check: RegisteredCheck, item: string): boolean {
  if (item.endsWith('.')) return check.id.startsWith(item);
  return check.id === item || check.tags.includes(item);
}

/** The ids chosen, in registry order; a selector that names no check is a usage error. */
export function selectChecks(registry: CheckRegistry, request: SelectionRequest): string[] {
  let chosen: readonly RegisteredCheck[] = registry.checks;
  if (request.only) {
    const unknown = request.only.filter((item) => !registry.checks.some((check) => matches(check, item)));
    if (request.only.length === 0 || unknown.length > 0) {
      throw new HarnessError(
        'MSGAPI_USAGE',
        `--only names ${unknown.join(', ') || 'nothing'}, which is no check id, id prefix ending in a dot, or tag (tags: ${registry.tags.join(', ')}; ids: docs/checks.md).`,
      );
    }
    chosen = chosen.filter((check) => request.only!.some((item) => matches(check, item)));
  }
  if (request.readOnly) {
    const readOnly = chosen.filter((check) => check.readOnly);
    if (readOnly.length === 0) {
      const all = registry.checks.filter((check) => check.readOnly).map((check) => check.id);
      throw new HarnessError('MSGAPI_USAGE', `--only chose no read-only check; with --read-only only these run: ${all.join(', ')}.`);
    }
    chosen = readOnly;
  }
  return chosen.map((check) => check.id);
}
