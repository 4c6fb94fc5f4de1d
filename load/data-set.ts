// The data set the list endpoints are measured over: by default 1,000 conversations (a share
// muted, pinned or archived) and 100 groups with contacts, created concurrently, every id in the
// run's ledger as it is made, every name carrying the run's marker, and all of it removed after.
// Only what its own creates answered is ever updated or deleted (lib/core/client/ledger.ts).
import { everyReading } from '../lib/core/profile/server-profile.ts';
import type { ApiClient, ApiResponse } from '../lib/core/client/api-client.ts';
import { LedgerRefusal, type LedgerEntry } from '../lib/core/client/ledger.ts';
import { SuiteNames } from '../lib/core/safety/run-names.ts';
import type { Leftover } from '../lib/core/safety/created-resources.ts';
import { HarnessError } from '../lib/core/errors.ts';
import { sweepLedger } from '../lib/core/safety/sweep.ts';

import type { DataSetPlan } from './data-set-plan.ts';

export { defaultPlan, type DataSetPlan } from './data-set-plan.ts';

export interface DataSet {
  groupIds: string[];
  conversations: number;
  groups: number;
}

/** Requests in flight at once while seeding and removing. */
const concurrency = 16;

/** Stops taking new items once `signal` is aborted (Ctrl-C): what was made by then is in the ledger. */
async function inParallel<T>(
  items: readonly T[],
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

function created(response: ApiResponse, what: string): { id: string; createdAt: unknown } {
  const body = response.body as { id?: unknown; created_at?: unknown } | undefined;
  if (!everyReading.isSuccess(response.status) || typeof body?.id !== 'string') {
    throw new HarnessError(
      'MSGAPI_SUITE_CRASHED',
      `Seeding failed: ${what} answered status ${response.status} (${response.text.slice(0, 200) || 'no body'}); run msgapi check to see why.`,
    );
  }
  return { id: body.id, createdAt: body.created_at };
}

/** An update of what the seeding just made; the client refuses one of an id that is not the run's own. */
async function expectUpdated(update: () => Promise<ApiResponse>, what: string): Promise<void> {
  let response: ApiResponse;
  try {
    response = await update();
  } catch (error) {
    if (!(error instanceof LedgerRefusal)) throw error;
    // The create answered with an id the user held before the run: nothing was sent.
    throw new HarnessError(
      'MSGAPI_SUITE_CRASHED',
      `Seeding failed: ${what} was not sent: ${error.message}; run msgapi check to see why.`,
    );
  }
  if (!everyReading.isSuccess(response.status)) {
    throw new HarnessError(
      'MSGAPI_SUITE_CRASHED',
      `Seeding failed: ${what} answered status ${response.status} (${response.text.slice(0, 200) || 'no body'}).`,
    );
  }
}

/**
 * The unit of timestamps is not shown (§2): archiving uses the object's own created_at, which is in
 * the server's unit whatever it is (as the archive checks do).
 */
const archivedAt = (createdAt: unknown) => createdAt as number;

/**
 * `client` must carry the run's ledger (with its file and the snapshot of what the user held
 * before), so that every id is recorded from its create's answer before the next request, an
 * interrupted seeding is still swept, and no update reaches an id that is not the run's own.
 */
export async function seedDataSet(
  client: ApiClient,
  runId: string,
  plan: DataSetPlan,
  onProgress: (done: number, total: number) => void,
  record: (entry: LedgerEntry) => void,
  signal?: AbortSignal,
): Promise<DataSet> {
  const names = new SuiteNames(runId);
  const total = plan.conversations + plan.groups;
  let done = 0;
  const step = () => onProgress(++done, total);
  const groupIds: string[] = [];

  await inParallel(
    Array.from({ length: plan.groups }, (_, index) => index),
    async (index) => {
      const contacts = Array.from({ length: 1 + (index % 4) }, () => ({ username: names.username('load-member') }));
      const { id, createdAt } = created(
        await client.createGroup({
          name: names.groupName('load-group'),
          description: `load data set ${runId}`,
          contacts,
        }),
        'POST /v1/groups',
      );
      record({ kind: 'group', id });
      groupIds.push(id);
      if (index % 5 === 4)
        await expectUpdated(
          () => client.updateGroup(id, { archived_at: archivedAt(createdAt) }),
          'PUT /v1/groups/:id with archived_at',
        );
      step();
    },
    signal,
  );

  await inParallel(
    Array.from({ length: plan.conversations }, (_, index) => index),
    async (index) => {
      const { id, createdAt } = created(
        await client.createConversation({ contact_id: names.contactId('load-contact') }),
        'POST /v1/conversations',
      );
      record({ kind: 'conversation', id });
      // About a quarter muted, a tenth pinned, a seventh archived; some are several at once.
      const update = {
        ...(index % 4 === 0 ? { is_muted: true } : {}),
        ...(index % 10 === 1 ? { is_pinned: true } : {}),
        ...(index % 7 === 2 ? { archived_at: archivedAt(createdAt) } : {}),
      };
      if (Object.keys(update).length > 0)
        await expectUpdated(() => client.updateConversation(id, update), 'PUT /v1/conversations/:id');
      step();
    },
    signal,
  );
  return { groupIds, conversations: plan.conversations, groups: plan.groups };
}

/**
 * Deletes what the ledger names, as the types recorded, groups first: their conversations go with
 * them (§3), which a retrieve verifies; a group's conversation still there is a leftover with the
 * reason, never deleted directly (the data set never verifies it as the group's).
 */
export async function removeDataSet(
  entries: readonly LedgerEntry[],
  client: ApiClient,
): Promise<{ deleted: number; leftovers: Leftover[] }> {
  let deleted = 0;
  const leftovers: Leftover[] = [];
  for (const kind of ['group', 'conversation'] as const) {
    const ofKind = entries.filter((entry) => entry.kind === kind);
    const slices = Array.from({ length: concurrency }, (_, slice) =>
      ofKind.filter((_, index) => index % concurrency === slice),
    );
    await inParallel(slices, async (slice) => {
      const result = await sweepLedger(slice, client);
      deleted += result.deleted;
      leftovers.push(...result.leftovers);
    });
  }
  return { deleted, leftovers };
}
