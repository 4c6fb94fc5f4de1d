// What lists show of a write, seen on a group the probe made (profile: list-consistency,
// default-list-scope): how long after the create its conversation is listed under its group_id (a
// list short enough for one page, whatever else the user holds), and, once that conversation is
// archived and archived=true lists it, whether the list without archived still holds it. Only the
// probe's own records are written to: the conversation once listed under its group and naming it.
// Reported commented out: one observation is not a promise.
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import { wait } from '../client/retry-after.ts';
import { everyReading, suggestedListDelayMs } from '../profile/server-profile.ts';

/** How long the probe waits for a list to show a write; past it, the probe says it cannot tell. */
export const LIST_WAIT_MS = 3_000;
const FIRST_PAUSE_MS = 25;

export interface ListObservation {
  /** In the setting's own syntax; undefined when it could not be told. */
  value: string | undefined;
  evidence: string;
}

/** The group the probe made for it: its id, its conversation, its created_at, and when its create was answered (performance.now()). */
export interface ProbeGroup {
  id: string;
  conversationId: unknown;
  createdAt: unknown;
  madeAt: number;
}

type Item = { id?: unknown; group_id?: unknown };

const itemsOn = (response: ApiResponse): Item[] | undefined => {
  const data = (response.body as { data?: unknown } | undefined)?.data;
  if (!everyReading.isSuccess(response.status) || !Array.isArray(data)) return undefined;
  return data.filter((item): item is Item => typeof item === 'object' && item !== null);
};

/** Reads until the page lists `id` or LIST_WAIT_MS have passed since `from`, after pauses that double. */
async function untilListed(
  read: () => Promise<ApiResponse>,
  id: string,
  from: number,
): Promise<{ afterMs: number; reads: number; item: Item } | { refused: ApiResponse } | undefined> {
  for (let reads = 1, pause = FIRST_PAUSE_MS; ; reads++, pause *= 2) {
    const response = await read();
    const items = itemsOn(response);
    if (items === undefined) return { refused: response };
    const item = items.find((candidate) => candidate.id === id);
    if (item !== undefined) return { afterMs: Math.round(performance.now() - from), reads, item };
    const left = LIST_WAIT_MS - (performance.now() - from);
    if (left <= 0) return undefined;
    await wait(Math.min(pause, left));
  }
}

export async function observeLists(
  client: ApiClient,
  group: ProbeGroup,
): Promise<{ consistency: ListObservation; scope: ListObservation }> {
  const unknown = (evidence: string): ListObservation => ({ value: undefined, evidence });
  const { conversationId } = group;
  if (typeof conversationId !== 'string') {
    const why = `the group made (${group.id}) named no conversation_id to look for`;
    return { consistency: unknown(why), scope: unknown(why) };
  }
  const listed = await untilListed(
    () => client.listConversations({ group_id: group.id }),
    conversationId,
    group.madeAt,
  );
  const where = 'GET /v1/conversations?group_id=<a group the probe made>';
  if (listed === undefined || 'refused' in listed) {
    const why =
      listed === undefined
        ? `${where} did not list the group's conversation within ${LIST_WAIT_MS} ms of the create`
        : `${where} answered ${listed.refused.status}, not a page`;
    return { consistency: unknown(why), scope: unknown(`${why}, so archiving it would show nothing`) };
  }
  const consistency: ListObservation =
    listed.reads === 1
      ? {
          value: 'immediate',
          evidence: `${where} listed the group's conversation at the first read after the create (${listed.afterMs} ms)`,
        }
      : {
          value: `eventual:${suggestedListDelayMs(listed.afterMs)}`,
          evidence: `${where} listed the group's conversation only ${listed.afterMs} ms after the create (read ${listed.reads} times)`,
        };
  // Written to only as the group's own: listed under its group_id, and saying so itself.
  if (listed.item.group_id !== group.id)
    return {
      consistency,
      scope: unknown("the group's conversation was listed without its group_id, so it was not archived"),
    };
  return { consistency, scope: await observeScope(client, group, conversationId) };
}

/** The group's conversation archived (its group's created_at: a timestamp in the server's own unit), then the lists with and without archived. */
async function observeScope(client: ApiClient, group: ProbeGroup, conversationId: string): Promise<ListObservation> {
  const unknown = (evidence: string): ListObservation => ({ value: undefined, evidence });
  if (typeof group.createdAt !== 'number')
    return unknown(
      `the group's created_at was ${JSON.stringify(group.createdAt)}, no timestamp to archive its conversation at`,
    );
  const archived = await client.updateConversation(conversationId, { archived_at: group.createdAt });
  if (!everyReading.isSuccess(archived.status))
    return unknown(`PUT archived_at on the group's conversation answered ${archived.status}`);
  const seen = await untilListed(
    () => client.listConversations({ group_id: group.id, archived: true }),
    conversationId,
    performance.now(),
  );
  const archivedWhere = 'GET /v1/conversations?group_id=<the group>&archived=true';
  if (seen === undefined || 'refused' in seen)
    return unknown(
      seen === undefined
        ? `${archivedWhere} did not list the archived conversation within ${LIST_WAIT_MS} ms`
        : `${archivedWhere} answered ${seen.refused.status}, not a page`,
    );
  const without = itemsOn(await client.listConversations({ group_id: group.id }));
  if (without === undefined) return unknown('GET /v1/conversations?group_id=<the group>, read again, was not a page');
  return without.some((item) => item.id === conversationId)
    ? {
        value: 'all',
        evidence: "the group's conversation, archived, was listed under archived=true and still under group_id alone",
      }
    : {
        value: 'active',
        evidence:
          "the group's conversation, archived, was listed under archived=true and no longer under group_id alone",
      };
}
