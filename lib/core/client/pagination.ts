// How to ask for the page after this one, in the style the user declared (PAGINATION), since the
// spec shows only limit and has_more (§4.3).
import type { PaginationStyle } from '../config/settings.ts';
import type { QueryValue } from '../../api/operations.ts';

export interface PageSeen {
  /** 0 for the first page. */
  index: number;
  /** How many items all pages so far held, this one included. */
  itemsSoFar: number;
  lastId: string | undefined;
  envelope: Record<string, unknown>;
}

export type NextPage = { query: Record<string, QueryValue> } | { problem: string } | { unsupported: true };

export function nextPageQuery(style: PaginationStyle, page: PageSeen): NextPage {
  switch (style.kind) {
    case 'starting_after':
      if (page.lastId === undefined)
        return { problem: 'a page with has_more true holds no item whose id could be passed as starting_after' };
      return { query: { starting_after: page.lastId } };
    case 'cursor': {
      const cursor = page.envelope[style.field];
      if ((typeof cursor !== 'string' || cursor === '') && typeof cursor !== 'number') {
        return {
          problem: `a page with has_more true has no cursor in its "${style.field}" field (PAGINATION=cursor:${style.param}:${style.field})`,
        };
      }
      return { query: { [style.param]: cursor } };
    }
    case 'page':
      return { query: { [style.param]: page.index + 2 } };
    case 'offset':
      return { query: { [style.param]: page.itemsSoFar } };
    case 'none':
      return { unsupported: true };
  }
}
