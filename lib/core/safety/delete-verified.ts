// One of the run's own records deleted and proved gone with a retrieve (a DELETE may answer
// anything, §4.3). A target may keep an archived record its DELETE did not remove (§3 says DELETE
// removes one in "any" state, so that is the target's fault, but the record is still the run's to
// remove): it is restored (PUT archived_at=null) and deleted again. Restoring is "not shown" (§3,
// register: restore), so a refusal is not a failure: the record is a leftover, with the reason.
import { everyReading } from '../profile/server-profile.ts';
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import type { LedgerKind } from '../client/ledger.ts';

export type DeleteOutcome = { gone: true; restored: boolean } | { gone: false; reason: string };

const retrieve = (client: ApiClient, kind: LedgerKind, id: string): Promise<ApiResponse> =>
  kind === 'group' ? client.retrieveGroup(id) : client.retrieveConversation(id);

const remove = (client: ApiClient, kind: LedgerKind, id: string): Promise<ApiResponse> =>
  kind === 'group' ? client.deleteGroup(id) : client.deleteConversation(id);

/** The archived_at a retrieve shows for this very id, when it shows it archived (a timestamp, §3). */
function archivedAt(response: ApiResponse, id: string): unknown {
  const body = response.body as Record<string, unknown> | undefined;
  if (!everyReading.isSuccess(response.status) || body?.id !== id) return undefined;
  return body.archived_at === null ? undefined : body.archived_at;
}

/**
 * DELETE, then a retrieve; when the record is still there and archived, PUT archived_at=null
 * (through the typed client, so the ledger must have the id as the run's own of this type, as for
 * the DELETE), DELETE again and a retrieve. Throws what the client throws (a transport error, a
 * ledger refusal); the caller makes it a leftover.
 */
export async function deleteVerified(client: ApiClient, kind: LedgerKind, id: string): Promise<DeleteOutcome> {
  const answer = await remove(client, kind, id);
  const after = await retrieve(client, kind, id);
  if (everyReading.isUnknownIdAnswer(after.status)) return { gone: true, restored: false };
  const stillThere = `still retrievable after DELETE answered ${answer.status}`;
  const archived = archivedAt(after, id);
  if (archived === undefined) return { gone: false, reason: stillThere };
  const restore = await client.call(kind === 'group' ? 'updateGroup' : 'updateConversation', {
    id,
    body: { archived_at: null },
  });
  if (!everyReading.isSuccess(restore.status)) {
    return {
      gone: false,
      reason: `${stillThere}, archived (archived_at ${JSON.stringify(archived)}); restoring it to delete it again (PUT archived_at=null, which §3 does not show) answered ${restore.status}, so it stays archived`,
    };
  }
  const again = await remove(client, kind, id);
  const last = await retrieve(client, kind, id);
  if (everyReading.isUnknownIdAnswer(last.status)) return { gone: true, restored: true };
  return {
    gone: false,
    reason: `${stillThere}, archived; restored (PUT archived_at=null answered ${restore.status}) and deleted again (DELETE answered ${again.status}), still retrievable (${last.status})`,
  };
}
