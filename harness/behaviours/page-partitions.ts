// The page boundaries a walk of a short list can reach, as *.list.page-boundaries walks them: a last
// page exactly full, one item after full pages, and a short last page that holds one of the run's
// items; each with the run's items on both sides of a page boundary. Pure: how a page size is
// chosen from the list as counted, and whether the pages a walk got reached the boundary (a check
// whose walks never did skips, saying which, rather than pass on a walk that proved nothing).

/** §8: "Default page size of list operations | 10 items": page sizes up to it any server serves in full. */
export const DEFAULT_PAGE = 10;

/** Page walks read at most this many pages, and a list longer than that is not walked in small pages. */
export const WALK_PAGES = 40;

/** A page size for a walk, and the partition of the list it makes, in words. */
export type Plan = { size: number; partition: string };

/** What a boundary asks of the list as counted: a walk at a size; more of the run's items first; or nothing it can do. */
export type PlanOrNot = Plan | { grow: number; because: string } | { unreachable: string };

/** The ids of each page of a walk at `size`, in order. */
export type WalkedPages = { size: number; pages: ReadonlyArray<readonly string[]> };

export interface PageBoundary {
  /** The boundary in words, as a skip names it. */
  described: string;
  /** A page size from the list as counted (its ids in list order) and the run's ids. */
  plan(counted: readonly string[], own: readonly string[]): PlanOrNot;
  /** Whether a walk's pages reached it, the run's items on both sides of a page boundary. */
  reachedBy(walked: WalkedPages, own: readonly string[]): boolean;
}

/** Where the run's items stand in the list, in list order. */
const positionsOf = (counted: readonly string[], own: readonly string[]): number[] =>
  counted.flatMap((id, index) => (own.includes(id) ? [index] : []));

/** Whether pages of `size` put a boundary between two of the run's items. */
function splitsOwn(positions: readonly number[], size: number): boolean {
  if (positions.length < 2) return false;
  return Math.floor(positions[0]! / size) !== Math.floor(positions.at(-1)! / size);
}

/** The run's items lie on two pages or more: a page boundary falls among them. */
function ownAcrossPages(walked: WalkedPages, own: readonly string[]): boolean {
  return walked.pages.filter((page) => page.some((id) => own.includes(id))).length >= 2;
}

/** Every page but the last holds exactly `size`, and there are at least `pages` of them. */
const fullBeforeLast = (walked: WalkedPages, pages: number): boolean =>
  walked.pages.length >= pages && walked.pages.slice(0, -1).every((page) => page.length === walked.size);

/**
 * The largest page size from 2 to 10 that divides `full` into at least two pages and puts a
 * boundary between two of the run's items (in a newest-first list of others' older items, a page
 * of ten may hold all of the run's at once, which a walk would never split).
 */
function fillingSize(full: number, positions: readonly number[]): number | undefined {
  for (let size = Math.min(DEFAULT_PAGE, Math.floor(full / 2)); size >= 2; size--) {
    if (full % size === 0 && splitsOwn(positions, size)) return size;
  }
  return undefined;
}

export const exactlyFull: PageBoundary = {
  described: 'a last page exactly full after a full page',
  plan: (counted, own) => {
    const total = counted.length;
    const size = fillingSize(total, positionsOf(counted, own));
    if (size === undefined)
      return {
        grow: 1,
        because: `no page size from 2 to ${DEFAULT_PAGE} divided the ${total} items counted into full pages with the run's on two of them`,
      };
    return { size, partition: `${total} items: ${total / size} full pages, the last exactly full` };
  },
  reachedBy: (walked, own) =>
    fullBeforeLast(walked, 2) && walked.pages.at(-1)!.length === walked.size && ownAcrossPages(walked, own),
};

export const oneItemMore: PageBoundary = {
  described: 'a last page of one item after two full pages',
  plan: (counted, own) => {
    const total = counted.length;
    const size = fillingSize(total - 1, positionsOf(counted, own));
    if (size === undefined)
      return {
        grow: 1,
        because: `no page size from 2 to ${DEFAULT_PAGE} divided ${total - 1} of the ${total} items counted into full pages with the run's on two of them`,
      };
    return { size, partition: `${total} items: ${(total - 1) / size} full pages and one item more` };
  },
  reachedBy: (walked, own) =>
    fullBeforeLast(walked, 3) && walked.pages.at(-1)!.length === 1 && ownAcrossPages(walked, own),
};

/** A page size up to `largest` whose last page is short and holds the run's last item, with the run's items on two pages. */
function shortSize(counted: readonly string[], own: readonly string[], largest: number): Plan | undefined {
  const total = counted.length;
  const positions = positionsOf(counted, own);
  const othersAfter = total - 1 - positions.at(-1)!;
  for (let size = Math.min(largest, total - 1); size >= 2; size--) {
    const short = total % size;
    if (short > othersAfter && splitsOwn(positions, size)) {
      return {
        size,
        partition: `${total} items: ${Math.floor(total / size)} full page(s) of ${size} and a last page of ${short}, one of the run's among them`,
      };
    }
  }
  return undefined;
}

/** Stand-ins for items the run would add: in front of the list, where a newest-first list puts them. */
const standIns = (count: number) => Array.from({ length: count }, (_, index) => `\u0000more-${index}`);

/**
 * A last page that is not full and holds one of the run's items: where the list ends with others'
 * items (older ones, in a newest-first list), a short last page of only those would prove nothing
 * about the run's. A walk of oneItemMore whose last item is the run's reached it already. Pages of
 * at most ten are tried first, with as few more of the run's items as give one; with nine or more
 * of others' items after the run's last, only a larger page can, which the check asks the server
 * for before it walks (a server may serve no page larger than ten, §8: "narrows the page size").
 */
export const shortLastPageOfOwn: PageBoundary = {
  described: "a short last page holding one of the run's items",
  plan: (counted, own) => {
    const total = counted.length;
    const positions = positionsOf(counted, own);
    if (positions.length === 0)
      return { unreachable: `none of the run's items was in the list of ${total} when it was counted` };
    const othersAfter = total - 1 - positions.at(-1)!;
    for (const largest of [DEFAULT_PAGE, WALK_PAGES]) {
      for (let more = 0; total + more <= WALK_PAGES; more++) {
        const added = standIns(more);
        const plan = shortSize([...added, ...counted], [...own, ...added], largest);
        if (plan === undefined) continue;
        if (more === 0) return plan;
        return {
          grow: more,
          because: `${othersAfter} items that are not the run's come after its last one, and ${own.length} of the run's were too few for a short last page to hold one of them`,
        };
      }
    }
    return {
      unreachable: `${othersAfter} items that are not the run's come after its last one, and a short last page holding one of the run's would need a list longer than ${WALK_PAGES}`,
    };
  },
  reachedBy: (walked, own) => {
    const last = walked.pages.at(-1) ?? [];
    return (
      fullBeforeLast(walked, 2) &&
      last.length > 0 &&
      last.length < walked.size &&
      last.some((id) => own.includes(id)) &&
      ownAcrossPages(walked, own)
    );
  },
};

/** The boundaries *.list.page-boundaries walks, in order: a later one may be reached by an earlier one's walk. */
export const pageBoundaries: readonly PageBoundary[] = [exactlyFull, oneItemMore, shortLastPageOfOwn];
