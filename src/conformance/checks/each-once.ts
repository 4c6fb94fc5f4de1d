// The page-walk check shared by both resources: walking every page returns each of the suite's
// items exactly once and ends with has_more false (§4.1, §4.2, §4.3).
import type { ApiResponse } from '../../core/client/api-client.ts';
import type { CheckContext } from './check-context.ts';
import { CheckFailure } from './check-failure.ts';
import { expectThat } from './expect.ts';
import { positionalPagination, type Walk } from './list-walk.ts';

/** Cursors are stable; page numbers and offsets shift with every write of others, so they get more tries. */
const attemptsFor = (context: CheckContext) => (positionalPagination(context) ? 5 : 3);

/** A page walk needs a declared way to the next page; without one the check is skipped, saying so. */
/** (profile: pagination) */
export function requirePagination(context: CheckContext): void {
  if (context.target.pagination.kind === 'none') {
    context.skip('PAGINATION=none: no way to ask for the next page was declared (§4.3 does not show one)');
  }
}

/** The run's own items a walk listed more than once (with how often), and those it did not list. */
export function ownItemsSeen(walk: Walk<{ id: string }>, own: Iterable<string>): { repeated: string[]; missing: string[] } {
  const ids = new Set(own);
  const counts = new Map<string, number>();
  for (const item of walk.items) if (ids.has(item.id)) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
  return {
    repeated: [...counts].filter(([, count]) => count > 1).map(([id, count]) => `${id} (${count} times)`),
    missing: [...ids].filter((id) => !counts.has(id)),
  };
}

/** What a walk that listed an own item twice, or missed one, is reported as having received. */
export const walkSummary = (walk: Walk<{ id: string }>, repeated: readonly string[], missing: readonly string[]): string =>
  [`${walk.pages.length} page(s), ${walk.items.length} item(s)`, repeated.length > 0 ? `repeated: ${repeated.join(', ')}` : '', missing.length > 0 ? `missing: ${missing.join(', ')}` : '']
    .filter(Boolean).join('; ');

/**
 * Offset and page numbers legitimately shift when another run creates or deletes items between two
 * pages, so a repeat, a gap or a broken walk is only reported when it happens in every one of
 * several whole walks: a server that really repeats or skips does it every time.
 */
export async function expectEachOnceAcrossPages(
  context: CheckContext,
  walkOnce: () => Promise<Walk<{ id: string }>>,
  ownIds: readonly string[],
  described: string,
): Promise<void> {
  const ids = new Set(ownIds);
  const attempts = attemptsFor(context);
  let problem: { page: ApiResponse; received: string } | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let walk: Walk<{ id: string }>;
    try {
      walk = await walkOnce();
    } catch (error) {
      if (!(error instanceof CheckFailure) || attempt === attempts) throw error;
      continue;
    }
    const seen = ownItemsSeen(walk, ids);
    // A repeat shows even in a walk cut short; absence is only proven by a walk that reached the end.
    if (seen.repeated.length === 0 && !walk.complete) context.skip(`the whole list could not be read: ${walk.stoppedBecause}`);
    const missing = walk.complete ? seen.missing : [];
    if (seen.repeated.length === 0 && missing.length === 0) return;
    problem = { page: walk.pages.at(-1)!, received: walkSummary(walk, seen.repeated, missing) };
  }
  expectThat(
    false,
    problem!.page,
    `each of the suite's ${ids.size} ${described} exactly once in a walk of every page that ends with has_more false (§4.1, §4.2: has_more; profile: pagination, PAGINATION=${context.target.pagination.kind}), in ${attempts} attempts`,
    problem!.received,
  );
}
