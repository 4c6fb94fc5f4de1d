// Which way of asking for the next page a server takes (§4.3: "Pagination beyond limit and has_more
// (cursor or page parameters): not shown"), found from two pages of one item: the first item of
// `limit=2` is the first page's, its second item must be what the next page asks for. A style the
// server ignores answers the first page again; only the style it reads gives the second item.
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import { formatPagination } from '../config/parse-values.ts';
import type { PaginationStyle } from '../config/value-types.ts';
import { nextPageQuery } from '../client/pagination.ts';
import { everyReading } from '../profile/server-profile.ts';
import { allEnded } from './all-ended.ts';

export interface PaginationFinding {
  /** Undefined when it could not be found out (why says so). */
  style: PaginationStyle | undefined;
  evidence: string;
}

interface Page {
  ids: string[];
  hasMore: boolean;
  envelope: Record<string, unknown>;
}

function pageOf(response: ApiResponse): Page | undefined {
  const body = response.body;
  if (!everyReading.isSuccess(response.status) || typeof body !== 'object' || body === null || Array.isArray(body))
    return undefined;
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) return undefined;
  const ids = data.map((item) =>
    typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined,
  );
  if (!ids.every((id): id is string => typeof id === 'string')) return undefined;
  return {
    ids,
    hasMore: (body as { has_more?: unknown }).has_more === true,
    envelope: body as Record<string, unknown>,
  };
}

/** Envelope fields that may carry a cursor, and the query parameters a server may read it from. */
const cursorParamsFor = (field: string): string[] =>
  [
    ...new Set([field.replace(/^next_?/i, '') || field, field, 'cursor', 'page_token', 'after', 'next', 'token']),
  ].filter((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name));

/** The styles to try, most usual first: starting_after is the suite's default. */
function candidates(envelope: Record<string, unknown>): PaginationStyle[] {
  const cursorFields = Object.entries(envelope)
    .filter(
      ([name, value]) =>
        name !== 'data' &&
        name !== 'has_more' &&
        ((typeof value === 'string' && value !== '') || typeof value === 'number'),
    )
    .map(([name]) => name);
  return [
    { kind: 'starting_after' },
    ...cursorFields.flatMap((field) =>
      cursorParamsFor(field).map((param): PaginationStyle => ({ kind: 'cursor', param, field })),
    ),
    { kind: 'page', param: 'page' },
    { kind: 'offset', param: 'offset' },
    { kind: 'offset', param: 'skip' },
  ];
}

/**
 * Tries each style on the conversation list. Two tries, since another run may add a conversation
 * between the requests and shift the list.
 */
export async function detectPagination(client: ApiClient): Promise<PaginationFinding> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const finding = await tryOnce(client);
    if (finding !== 'list changed') return finding;
  }
  return { style: undefined, evidence: 'the list changed between requests, twice (another run writing to it)' };
}

async function tryOnce(client: ApiClient): Promise<PaginationFinding | 'list changed'> {
  // Side by side: a list that moved between them shows as a first page not beginning with the first item of two.
  const [two, first] = (
    await allEnded([client.listConversations({ limit: 2 }), client.listConversations({ limit: 1 })])
  ).map(pageOf);
  if (two === undefined || first === undefined)
    return { style: undefined, evidence: 'the list did not answer a page of conversations with ids' };
  if (two.ids.length < 2 || !first.hasMore)
    return {
      style: undefined,
      evidence: `the list holds fewer than two conversations (limit=2 gave ${two.ids.length}), so no second page could be asked for`,
    };
  const [a, b] = two.ids as [string, string];
  if (first.ids[0] !== a) return 'list changed';
  const tried: string[] = [];
  // A style the server reads but pages wrongly with (it answers neither the first item again nor
  // the second): taken, so that the page walks fail and show it, rather than skip as under none.
  let misread: { style: PaginationStyle; evidence: string } | undefined;
  for (const style of candidates(first.envelope)) {
    const next = nextPageQuery(style, { index: 0, itemsSoFar: 1, lastId: a, envelope: first.envelope });
    if (!('query' in next)) continue;
    const response = await client.listConversations({ limit: 1 }, next.query);
    const page = pageOf(response);
    const query = new URLSearchParams(
      Object.entries(next.query).map(([name, value]) => [name, String(value)]),
    ).toString();
    if (page?.ids[0] === b) {
      if (!(await stillTheSame(client, a, b))) return 'list changed';
      return {
        style,
        evidence: `GET /v1/conversations?limit=1 gave ${a}; ?limit=1&${query} gave ${b}, the second item of ?limit=2`,
      };
    }
    const gave =
      page === undefined
        ? `answered ${response.status}`
        : page.ids.length === 0
          ? 'an empty page'
          : `began with ${page.ids[0]}`;
    if (misread === undefined && page !== undefined && page.ids[0] !== a) {
      misread = {
        style,
        evidence: `?limit=1&${query} ${gave}, neither the first item (${a}) nor the second (${b}) of ?limit=2: the server reads ${formatPagination(style)} but pages wrongly, which the page walks will show`,
      };
    }
    if (misread === undefined && page?.ids[0] === a && style.kind !== 'cursor') {
      // The first page again: ignored, or read wrongly (the page after X beginning with X). One
      // step further tells: a server that ignores the parameter answers the first page again.
      const further = nextPageQuery(style, { index: 1, itemsSoFar: 2, lastId: b, envelope: first.envelope });
      const onward =
        'query' in further ? pageOf(await client.listConversations({ limit: 1 }, further.query)) : undefined;
      if (onward !== undefined && onward.ids[0] !== a) {
        misread = {
          style,
          evidence: `?limit=1&${query} began with ${a} again, but one page further began with ${onward.ids[0] ?? 'nothing'}: the server reads ${formatPagination(style)} but pages wrongly, which the page walks will show`,
        };
      }
    }
    tried.push(`${formatPagination(style)} (${gave})`);
  }
  if (!(await stillTheSame(client, a, b))) return 'list changed';
  if (misread !== undefined) return misread;
  // Every way answered the first page again (or was refused): a server that shows no way to the
  // next page, which §4.3 allows; the page walks are then skipped.
  return { style: { kind: 'none' }, evidence: `no way found to ask for the second page: tried ${tried.join(', ')}` };
}

/** Whether the list still begins with the two items the probe compared against (no insert meanwhile). */
async function stillTheSame(client: ApiClient, a: string, b: string): Promise<boolean> {
  const now = pageOf(await client.listConversations({ limit: 2 }));
  return now?.ids[0] === a && now.ids[1] === b;
}
