// The findings the end of the probe gives: what a DELETE of its groups answers (DELETE_STATUS), each
// group removed side by side, and what a second DELETE of one of them answers (DELETE_OF_NOTHING),
// sent as soon as the first group in order is gone.
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import { everyReading } from '../profile/server-profile.ts';
import { keepFindings, unknown, type Finding } from './findings.ts';
import { removeMade, type Made } from './probe-groups.ts';

/**
 * Deletes every group made (each tried once here; what did not go is a leftover already, not to be
 * tried again) and the first one gone a second time; what they show goes `into`.
 */
export async function deleteFindings(
  client: ApiClient,
  groups: Made[],
  leftovers: string[],
  into: Finding[],
): Promise<void> {
  if (groups.length === 0) {
    into.push(unknown('DELETE_STATUS', 'nothing was made to delete'));
    into.push(await deleteOfNothing(client, undefined));
    return;
  }
  // removeMade says a failure as a leftover; only the second DELETE may throw (a dropped connection).
  const removals = groups.splice(0).map(async (group) => {
    const answer = await removeMade(client, group, leftovers);
    return answer === undefined ? undefined : { id: group.id, answer };
  });
  await keepFindings(
    [
      Promise.all(removals).then((removed) =>
        deleteStatus(removed.flatMap((removal) => (removal === undefined ? [] : [removal.answer]))),
      ),
      firstGone(removals).then((id) => deleteOfNothing(client, id)),
    ],
    into,
  );
}

/** The id of the first group, in the order made, whose delete took: awaited in that order, so it is known as soon as it is gone. */
async function firstGone(removals: readonly Promise<{ id: string } | undefined>[]): Promise<string | undefined> {
  for (const removal of removals) {
    const gone = await removal;
    if (gone !== undefined) return gone.id;
  }
  return undefined;
}

function deleteStatus(answers: readonly ApiResponse[]): Finding {
  if (answers.length === 0) return unknown('DELETE_STATUS', 'no DELETE of the groups made was accepted');
  const list = [...new Set(answers.map((answer) => answer.status))].sort().join(',');
  const bodies = answers.filter((answer) => answer.text !== '').length;
  return {
    setting: 'DELETE_STATUS',
    value: list,
    evidence: `DELETE /v1/groups/<id> answered ${list}, ${bodies === 0 ? 'with no body' : `with a body (${bodies} of ${answers.length})`}`,
  };
}

/**
 * A second DELETE of a group the probe made and deleted, an id that now names nothing (profile:
 * delete-of-nothing): refused as an unknown id, or answered as a DELETE that removed something.
 */
async function deleteOfNothing(client: ApiClient, id: string | undefined): Promise<Finding> {
  if (id === undefined)
    return unknown('DELETE_OF_NOTHING', 'no group the probe made was deleted, so none could be deleted again');
  const again = await client.deleteGroup(id);
  const seen = `a second DELETE /v1/groups/<id> of a group the probe deleted answered ${again.status}`;
  if (everyReading.isUnknownIdAnswer(again.status))
    return { setting: 'DELETE_OF_NOTHING', value: 'refused', evidence: seen };
  if (everyReading.isDeleteSuccess(again.status))
    return { setting: 'DELETE_OF_NOTHING', value: 'success', evidence: `${seen}, as a DELETE that removed something` };
  return unknown('DELETE_OF_NOTHING', seen);
}
