// The page boundaries *.list.page-boundaries walks (harness/behaviours/page-partitions.ts): the page
// size each plans from a list as counted, and whether a walk's pages reached it. A walk that did not
// (the run's items all on one page, a last page of others' items only) must not count, so that the
// check skips instead of passing on it.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE,
  exactlyFull,
  oneItemMore,
  shortLastPageOfOwn,
  type Plan,
  type PlanOrNot,
} from '../../../harness/behaviours/page-partitions.ts';

/** A newest-first list: the run's `own` items in front, then `others` older items not the run's. */
function list(own: number, others: number): { counted: string[]; ownIds: string[] } {
  const ownIds = Array.from({ length: own }, (_, index) => `own-${index}`);
  return { counted: [...ownIds, ...Array.from({ length: others }, (_, index) => `other-${index}`)], ownIds };
}

/** The pages a faithful server answers for `counted` at `size`. */
function pagesOf(counted: readonly string[], size: number) {
  const pages: string[][] = [];
  for (let at = 0; at < counted.length; at += size) pages.push(counted.slice(at, at + size));
  return { size, pages };
}

const asPlan = (plan: PlanOrNot): Plan => {
  if (!('size' in plan)) throw new Error(`expected a page size, got ${JSON.stringify(plan)}`);
  return plan;
};

describe('a last page exactly full, and one item more', () => {
  it("plan a size whose pages split the run's items, and a faithful walk at it reaches the boundary", () => {
    const { counted, ownIds } = list(6, 3);
    const full = asPlan(exactlyFull.plan(counted, ownIds));
    expect(full.size).toBe(3);
    expect(exactlyFull.reachedBy(pagesOf(counted, full.size), ownIds)).toBe(true);
    const more = asPlan(oneItemMore.plan(counted, ownIds));
    expect(more.size).toBe(4);
    expect(oneItemMore.reachedBy(pagesOf(counted, more.size), ownIds)).toBe(true);
  });

  it("never pick a page that holds every one of the run's items, though a larger size divides the list", () => {
    // 36 items: 9 divides them, but a page of 9 holds all six of the run's; 4 splits them.
    const { counted, ownIds } = list(6, 30);
    const plan = asPlan(exactlyFull.plan(counted, ownIds));
    expect(plan.size).toBe(4);
    expect(exactlyFull.reachedBy(pagesOf(counted, 9), ownIds)).toBe(false);
  });

  it('ask for one item more when no size from 2 to 10 fits (a prime count)', () => {
    const { counted, ownIds } = list(6, 5);
    expect(exactlyFull.plan(counted, ownIds)).toMatchObject({ grow: 1 });
  });

  it('do not count a walk whose pages came out otherwise (others wrote to the list meanwhile)', () => {
    const { counted, ownIds } = list(6, 3);
    // Planned for 9 items in pages of 3; one more came: pages of 3, 3, 3, 1.
    expect(exactlyFull.reachedBy(pagesOf([...counted, 'other-new'], 3), ownIds)).toBe(false);
    expect(oneItemMore.reachedBy(pagesOf(counted, 3), ownIds)).toBe(false);
  });
});

describe("a short last page holding one of the run's items", () => {
  it("is reached by a walk of one item more whose last item is the run's (an oldest-first list)", () => {
    const { counted, ownIds } = list(6, 3);
    const oldestFirst = [...counted].reverse();
    const more = asPlan(oneItemMore.plan(oldestFirst, ownIds));
    expect(shortLastPageOfOwn.reachedBy(pagesOf(oldestFirst, more.size), ownIds)).toBe(true);
  });

  it("is not reached by a short last page of others' items only", () => {
    const { counted, ownIds } = list(6, 3);
    expect(shortLastPageOfOwn.reachedBy(pagesOf(counted, 4), ownIds)).toBe(false);
    const plan = asPlan(shortLastPageOfOwn.plan(counted, ownIds));
    expect(shortLastPageOfOwn.reachedBy(pagesOf(counted, plan.size), ownIds)).toBe(true);
  });

  it("asks for as many more of the run's items as a page of at most ten needs", () => {
    const { counted, ownIds } = list(6, 7);
    const grow = shortLastPageOfOwn.plan(counted, ownIds);
    expect(grow).toMatchObject({ grow: expect.any(Number) });
    const more = (grow as { grow: number }).grow;
    const grown = list(6 + more, 7);
    const plan = asPlan(shortLastPageOfOwn.plan(grown.counted, grown.ownIds));
    expect(plan.size).toBeLessThanOrEqual(DEFAULT_PAGE);
    expect(shortLastPageOfOwn.reachedBy(pagesOf(grown.counted, plan.size), grown.ownIds)).toBe(true);
  });

  it("needs a page beyond ten when nine or more of others' items end the list, and says so when even that cannot be had", () => {
    const { counted, ownIds } = list(6, 10);
    const more = (shortLastPageOfOwn.plan(counted, ownIds) as { grow: number }).grow;
    const grown = list(6 + more, 10);
    const plan = asPlan(shortLastPageOfOwn.plan(grown.counted, grown.ownIds));
    expect(plan.size).toBeGreaterThan(DEFAULT_PAGE);
    expect(shortLastPageOfOwn.reachedBy(pagesOf(grown.counted, plan.size), grown.ownIds)).toBe(true);

    const crowded = list(6, 35);
    expect(shortLastPageOfOwn.plan(crowded.counted, crowded.ownIds)).toEqual({
      unreachable:
        "35 items that are not the run's come after its last one, and a short last page holding one of the run's would need a list longer than 40",
    });
    expect(shortLastPageOfOwn.plan(list(0, 5).counted, ['gone'])).toMatchObject({
      unreachable: expect.stringContaining("none of the run's items"),
    });
  });
});
