// Data on a target that is not the suite's: seeded before a run, compared field for field after
// it. The suite must pass around it and leave every record exactly as it was.
import { carriesRunMarker } from '../../lib/core/safety/run-names.ts';
import { everyReading } from '../../lib/core/profile/server-profile.ts';
import { isDeepStrictEqual } from 'node:util';
import type { ApiClient } from '../../lib/core/client/api-client.ts';
import { firstUserClient } from '../../lib/core/client/user-clients.ts';
import { nextPageQuery } from '../../lib/core/client/pagination.ts';
import type { PaginationStyle } from '../../lib/core/config/settings.ts';
import type { QueryValue } from '../../lib/api/operations.ts';

export interface ForeignRecord {
  kind: 'conversation' | 'group';
  id: string;
  /** The record as its owner retrieved it after seeding. */
  body: unknown;
  owner: ApiClient;
}

/** A client of the data's owner: the user whose token it carries, free of any run's ledger. */
export function ownerClient(url: string, token: string): ApiClient {
  return firstUserClient({ accessToken: token }, { baseUrl: url, encoding: 'json', timeoutMs: 10_000 });
}

/** Muted, pinned and archived conversations and groups with members, as their owner's client makes them. */
export async function seedForeignData(owner: ApiClient, label: string): Promise<ForeignRecord[]> {
  const records: ForeignRecord[] = [];
  for (let n = 0; n < 25; n++) {
    const created = (await owner.createConversation({ contact_id: `${label}-contact-${n}` })).body as {
      id: string;
      created_at: number;
    };
    const flags = {
      is_muted: n % 2 === 0,
      is_pinned: n % 3 === 0,
      ...(n % 4 === 0 ? { archived_at: created.created_at } : {}),
    };
    await owner.updateConversation(created.id, flags);
    records.push({
      kind: 'conversation',
      id: created.id,
      body: (await owner.retrieveConversation(created.id)).body,
      owner,
    });
  }
  for (let n = 0; n < 12; n++) {
    const created = (
      await owner.createGroup({ name: `${label} group ${n}`, contacts: [{ username: `${label}-${n}` }] })
    ).body as { id: string; created_at: number };
    if (n % 3 === 0) await owner.updateGroup(created.id, { archived_at: created.created_at });
    records.push({ kind: 'group', id: created.id, body: (await owner.retrieveGroup(created.id)).body, owner });
  }
  // Each record must be one of its own: a seed that met another record would make the comparison
  // after the runs judge the seeding, not the suite (and only on a machine slow enough to show it).
  const ids = records.map((record) => `${record.kind} ${record.id}`);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined)
    throw new Error(
      `seeding the user's own data (${label}) met ${repeated} twice: the server answered a create with an older record`,
    );
  return records;
}

/** One line per record that is no longer as it was seeded. */
export async function changedForeignRecords(records: readonly ForeignRecord[]): Promise<string[]> {
  const changed: string[] = [];
  for (const record of records) {
    const now =
      record.kind === 'group'
        ? await record.owner.retrieveGroup(record.id)
        : await record.owner.retrieveConversation(record.id);
    if (!everyReading.isSuccess(now.status)) changed.push(`${record.kind} ${record.id} is gone (${now.status})`);
    else if (!isDeepStrictEqual(now.body, record.body))
      changed.push(`${record.kind} ${record.id} changed: ${JSON.stringify(now.body)}`);
  }
  return changed;
}

/**
 * What the runs left behind: every listed record whose name or contact_id carries one of their
 * markers (carriesRunMarker), counted as listed, whatever id the list gives it. Lists are read to
 * a bounded depth; a list that cannot be read is said, not taken for an empty one.
 */
export async function markedLeftovers(
  owner: ApiClient,
  runIds: readonly string[],
  pagination: PaginationStyle,
  maxPages = 30,
): Promise<string[]> {
  const marked = (text: unknown) => runIds.some((runId) => carriesRunMarker(text, runId));
  const found: string[] = [];
  for (const kind of ['group', 'conversation'] as const) {
    let query: Record<string, QueryValue> = {};
    for (let index = 0, seen = 0; ; index++) {
      if (index === maxPages) {
        found.push(`the ${kind}s list was not read to its end (${maxPages} pages)`);
        break;
      }
      const response = await owner.call(kind === 'group' ? 'listGroups' : 'listConversations', {
        query: { ...query, limit: 100 },
      });
      const page = response.body as { has_more?: unknown; data?: Array<Record<string, unknown>> } | undefined;
      if (!everyReading.isSuccess(response.status) || !Array.isArray(page?.data)) {
        found.push(`the ${kind}s list could not be read (${response.status})`);
        break;
      }
      for (const item of page.data) {
        const mark = kind === 'group' ? item.name : item.contact_id;
        if (marked(mark)) found.push(`${kind} ${String(item.id)} (${String(mark)}) left behind`);
      }
      seen += page.data.length;
      if (page.has_more !== true) break;
      const next = nextPageQuery(pagination, {
        index,
        itemsSoFar: seen,
        lastId: page.data.at(-1)?.id as string | undefined,
        envelope: page as Record<string, unknown>,
      });
      if (!('query' in next)) break;
      query = next.query;
    }
  }
  return found;
}
