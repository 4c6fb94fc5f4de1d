// A list read that follows a write, and what it should show of it (profile: list-consistency). A
// retrieve shows a write at once; a list may show it only within the bound LIST_CONSISTENCY
// declares (eventual:<ms>): the read is made again, after pauses that double, until it shows what
// the check expects or the bound has passed, and the last read is the one judged. Every list read
// of the checks that expects a write goes through here (list-walk.ts's `expect`, and single pages).
//
// Nothing declared, lists are held to a write at once (the assumed reading). A read that does not
// show it is made once more a moment later (once a check); when that one does, the check's failure
// says that LIST_CONSISTENCY=eventual:<ms> would describe the server. It stays a failure.
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import { wait } from '../../lib/core/client/retry-after.ts';
import { suggestedListDelayMs } from '../../lib/core/profile/server-profile.ts';
import type { CheckContext } from './check-context.ts';
import { CheckFailure } from './check-failure.ts';

/** The first pause before a list is read again; each next one is twice as long, within the bound. */
const FIRST_PAUSE_MS = 20;

/** Nothing declared: how long before the one read again, past the lag of an index that is merely late. */
export const HINT_PAUSE_MS = 1_000;

/**
 * The checks that have read a list again for the hint already: each pays the pause once at most. By
 * their hints, which the copies of a context a property makes for each case share.
 */
const hinted = new WeakSet<ReadonlySet<string>>();

/**
 * `read`, and when what it gives does not `show` what the check wrote: under eventual:<ms> read
 * again until it does or <ms> have passed since the first read (a read that throws a failure, a
 * cursor the index does not hold yet, counts as not showing it until then); nothing declared, read
 * once more a moment later, for the hint. What a check judges is returned: the last read, or the
 * first when nothing was declared.
 */
export async function readAfterWrite<R>(
  context: CheckContext,
  read: () => Promise<R>,
  shows: (result: R) => boolean,
): Promise<R> {
  const bound = context.profile.listDelayMs();
  const started = performance.now();
  if (bound === 0) {
    const result = await read();
    if (!shows(result)) await hintIfLate(context, read, shows, started);
    return result;
  }
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    let failure: CheckFailure | undefined;
    let result: R | undefined;
    try {
      result = await read();
      if (shows(result)) return result;
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      failure = error;
    }
    const left = bound - (performance.now() - started);
    if (left <= 0) {
      if (failure !== undefined) throw failure;
      return result!;
    }
    await wait(Math.min(pause, left));
    pause *= 2;
  }
}

/** Nothing declared: the same read a moment later; when it shows the write, the hint for the check's failure. */
async function hintIfLate<R>(
  context: CheckContext,
  read: () => Promise<R>,
  shows: (result: R) => boolean,
  started: number,
): Promise<void> {
  if (hinted.has(context.hints)) return;
  hinted.add(context.hints);
  try {
    await wait(HINT_PAUSE_MS);
    if (!shows(await read())) return;
  } catch {
    // A diagnosis never hides the failure it would explain.
    return;
  }
  const elapsed = Math.round(performance.now() - started);
  context.hints.add(
    `a list read after a write did not show it, and the same read ${elapsed} ms later did: LIST_CONSISTENCY=eventual:${suggestedListDelayMs(elapsed)} would describe this server (undeclared, a list is held to a write at once)`,
  );
}

/** What a walk of a list should show of the check's own writes (list-walk.ts: WalkOptions.expect). */
export interface ListExpectation<T> {
  /** Items the list should hold (an archived one is looked for under archived=true too, for the hint of default-list-scope). */
  listed?: ReadonlyArray<{ id: string; archived_at?: unknown }>;
  /** Ids the list should not hold: deleted, or no longer matching its filters. */
  unlisted?: readonly string[];
  /** Whether a listed copy shows the write (its fields as the write left them); being listed is enough by default. */
  current?: (listed: T) => boolean;
  /** What else the items of a walk to the end of the list should show (exactly one of a group's conversations, none). */
  holds?: (items: readonly T[]) => boolean;
}

/**
 * Whether a walk shows what was expected. An item it should hold that is not among the pages of a
 * walk cut short is not judged here: the check says the list could not be read (skipped), as before.
 */
export function walkShows<T extends { id: string }>(
  walk: { items: readonly T[]; complete: boolean },
  expected: ListExpectation<T>,
): boolean {
  const byId = new Map(walk.items.map((item) => [item.id, item]));
  if ((expected.unlisted ?? []).some((id) => byId.has(id))) return false;
  if (expected.holds !== undefined && walk.complete && !expected.holds(walk.items)) return false;
  return (expected.listed ?? []).every(({ id }) => {
    const found = byId.get(id);
    if (found === undefined) return !walk.complete;
    return expected.current === undefined || expected.current(found);
  });
}

/** The envelope of a successful list answer whose data is a list; undefined for any other answer (the check judges that one as it is). */
export function pageOf(
  context: CheckContext,
  response: ApiResponse,
): { has_more: unknown; data: Array<{ id: string }> } | undefined {
  const body = response.body as { has_more?: unknown; data?: unknown } | undefined;
  if (
    !context.profile.isSuccess(response.status) ||
    typeof body !== 'object' ||
    body === null ||
    !Array.isArray(body.data)
  )
    return undefined;
  return body as { has_more: unknown; data: Array<{ id: string }> };
}

/**
 * One page read after writes that should show in it: `shows` asked of its envelope; an answer that
 * is no page is taken as it is (the check judges it), unless `refusedUntilShown` (a cursor naming a
 * new item, which an index may not hold yet).
 */
export function pageAfterWrite(
  context: CheckContext,
  read: () => Promise<ApiResponse>,
  shows: (page: { has_more: unknown; data: Array<{ id: string }> }) => boolean,
  options: { refusedUntilShown?: boolean } = {},
): Promise<ApiResponse> {
  return readAfterWrite(context, read, (response) => {
    const page = pageOf(context, response);
    if (page === undefined) return !(options.refusedUntilShown && context.profile.isRefusal(response.status));
    return shows(page);
  });
}

/** Every one of `ids` is on the page. */
export const holdsAll =
  (ids: readonly string[]) =>
  (page: { data: ReadonlyArray<{ id: string }> }): boolean =>
    ids.every((id) => page.data.some((item) => item.id === id));

/**
 * Before a read that proves a write absent with nothing that should show to wait for (a refused
 * create, another user's list): under eventual:<ms>, the bound itself, so that a write that did
 * happen would be listed by then. Nothing declared, no wait.
 */
export async function untilListsCaughtUp(context: CheckContext): Promise<void> {
  const bound = context.profile.listDelayMs();
  if (bound > 0) await wait(bound);
}
