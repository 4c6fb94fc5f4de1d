// The page-walk check shared by both resources: walking every page returns each of the suite's
// items exactly once and ends with has_more false (§4.1, §4.2, §4.3).
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from './check-context.ts';
import { CheckFailure, RepeatedPageFailure } from './check-failure.ts';
import { positionalPagination, undisturbedWalk, type Walk } from './list-walk.ts';

/** Cursors are stable: a repeat or a gap in each of this many whole walks is the server's. */
const CURSOR_ATTEMPTS = 3;

/** A page walk needs a declared way to the next page; without one the check is skipped, saying so. */
/** (profile: pagination) */
export function requirePagination(context: CheckContext): void {
  if (context.target.pagination.kind === 'none') {
    context.skip('PAGINATION=none: no way to ask for the next page was declared (§4.3 does not show one)');
  }
}

/** The run's own items a walk listed more than once (with how often), and those it did not list. */
export function ownItemsSeen(
  walk: Walk<{ id: string }>,
  own: Iterable<string>,
): { repeated: string[]; missing: string[] } {
  const ids = new Set(own);
  const counts = new Map<string, number>();
  for (const item of walk.items) if (ids.has(item.id)) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
  return {
    repeated: [...counts].filter(([, count]) => count > 1).map(([id, count]) => `${id} (${count} times)`),
    missing: [...ids].filter((id) => !counts.has(id)),
  };
}

/** What a walk that listed an own item twice, or missed one, is reported as having received. */
export const walkSummary = (
  walk: Walk<{ id: string }>,
  repeated: readonly string[],
  missing: readonly string[],
): string =>
  [
    `${walk.pages.length} page(s), ${walk.items.length} item(s)`,
    repeated.length > 0 ? `repeated: ${repeated.join(', ')}` : '',
    missing.length > 0 ? `missing: ${missing.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');

/** The verdict on one walk: undefined when each own item was listed exactly once. */
function problemIn(
  context: CheckContext,
  walk: Walk<{ id: string }>,
  ids: ReadonlySet<string>,
): { page: ApiResponse; received: string } | undefined {
  const seen = ownItemsSeen(walk, ids);
  // A repeat shows even in a walk cut short; absence is only proven by a walk that reached the end.
  if (seen.repeated.length === 0 && !walk.complete)
    context.skip(`the whole list could not be read: ${walk.stoppedBecause}`);
  const missing = walk.complete ? seen.missing : [];
  if (seen.repeated.length === 0 && missing.length === 0) return undefined;
  return { page: walk.pages.at(-1)!, received: walkSummary(walk, seen.repeated, missing) };
}

/** Page numbers and offsets move under others' writes: a walk is judged only when the list stood still, up to this many tries. */
const SHIFTING_ATTEMPTS = 5;

/**
 * Walking every page lists each of `ownIds` exactly once and ends with has_more false. Returns the
 * walk judged.
 *
 * Cursors hold their place whatever others write, so a repeat or a gap is reported when it happens
 * in each of three whole walks: a server that really repeats or skips does it every time.
 *
 * Page numbers and offsets do not: another check's delete before the page moves an item past it, and
 * under a loaded machine every one of several walks may be disturbed (a false failure seen in CI).
 * So a walk that lists each item once is taken, and a walk that does not is judged only when the
 * list stood still: two walks in a row alike (undisturbedWalk), and the list the same before and
 * after them when `listNow` is given. A list that never stood still skips the check, saying so.
 */
export async function expectEachOnceAcrossPages<T extends { id: string }>(
  context: CheckContext,
  walkOnce: () => Promise<Walk<T>>,
  ownIds: readonly string[],
  described: string,
  listNow?: () => Promise<string>,
): Promise<Walk<T>> {
  const ids = new Set(ownIds);
  const expected = (attempts: string) =>
    `each of the suite's ${ids.size} ${described} exactly once in a walk of every page that ends with has_more false (§4.1, §4.2: has_more; profile: pagination, PAGINATION=${context.target.pagination.kind}), ${attempts}`;
  if (!positionalPagination(context)) {
    let problem: { page: ApiResponse; received: string } | undefined;
    for (let attempt = 1; attempt <= CURSOR_ATTEMPTS; attempt++) {
      let walk: Walk<T>;
      try {
        walk = await walkOnce();
      } catch (error) {
        if (!(error instanceof CheckFailure) || attempt === CURSOR_ATTEMPTS) throw error;
        continue;
      }
      problem = problemIn(context, walk, ids);
      if (problem === undefined) return walk;
    }
    throw new CheckFailure({
      expected: expected(`in ${CURSOR_ATTEMPTS} attempts`),
      received: problem!.received,
      exchange: problem!.page.exchange,
    });
  }
  try {
    const first = await walkOnce();
    if (problemIn(context, first, ids) === undefined) return first;
  } catch (error) {
    // A page of items already seen is judged below, on walks of a list that stood still.
    if (!(error instanceof RepeatedPageFailure)) throw error;
  }
  for (let attempt = 1; attempt <= SHIFTING_ATTEMPTS; attempt++) {
    const before = await listNow?.();
    let walk: Walk<T> | undefined;
    try {
      walk = await undisturbedWalk(walkOnce, 2);
    } catch (error) {
      // The walker's own verdict (a page of items already seen) stands when every try meets it.
      if (!(error instanceof RepeatedPageFailure) || attempt === SHIFTING_ATTEMPTS) throw error;
      continue;
    }
    if (walk === undefined || (listNow !== undefined && (await listNow()) !== before)) continue;
    const problem = problemIn(context, walk, ids);
    if (problem === undefined) return walk;
    throw new CheckFailure({
      expected: expected('on two walks in a row alike, the list unchanged meanwhile'),
      received: problem.received,
      exchange: problem.page.exchange,
    });
  }
  return context.skip(
    `the list of ${described} changed during each of ${SHIFTING_ATTEMPTS} tries at two alike walks, and PAGINATION=${context.target.pagination.kind} pages move with it`,
  );
}
