// The groups the probe makes, and the rules it keeps with them: a group is the probe's only when a
// create answered with it (its id, the name sent, which carries the run marker); it is written to
// only after a retrieve shows it so (stillOurs); and it is deleted at the end, verified as the
// run's sweep verifies, with what could not be removed said as a leftover.
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import { everyReading } from '../profile/server-profile.ts';
import type { SuiteNames } from '../safety/run-names.ts';
import { allEnded } from './all-ended.ts';

export interface Made {
  id: string;
  name: string;
  body: Record<string, unknown>;
}

/**
 * What every part of the probe that writes shares. Each part makes groups of its own (named with
 * the run marker by `names`) and writes only to those, so parts run side by side never touch each
 * other's objects; `groups` holds all of them for the deletes at the end.
 */
export interface Probing {
  client: ApiClient;
  names: SuiteNames;
  groups: Made[];
  leftovers: string[];
}

export const asRecord = (body: unknown): Record<string, unknown> | undefined =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

/**
 * The group a create made, when its answer is that group: a 2xx with an id and the name sent. An
 * answer naming another group (a server that answers with an older one) is none of the probe's,
 * so nothing is ever written to it.
 */
export function made(response: ApiResponse, name: string): Made | undefined {
  const body = asRecord(response.body);
  if (
    !everyReading.isSuccess(response.status) ||
    body === undefined ||
    typeof body.id !== 'string' ||
    body.name !== name
  )
    return undefined;
  return { id: body.id, name, body };
}

/**
 * A 2xx create answer that is not the group made: reported, never written to by the id it gave (it
 * may be another's). The group it may have made is found by the probe's marker at the end.
 */
export function noteStranger(response: ApiResponse, name: string, strangers: string[]): void {
  if (everyReading.isSuccess(response.status) && made(response, name) === undefined) {
    const id = asRecord(response.body)?.id;
    strangers.push(
      `a create of the group "${name}" answered ${response.status} with ${typeof id === 'string' ? `another object (${id})` : 'no group'}: not touched; look for "${name}"`,
    );
  }
}

/** Whether a retrieve shows the group as the probe made it (its name carries the run marker): the premise of every write to it. */
export async function stillOurs(client: ApiClient, group: Made): Promise<ApiResponse | undefined> {
  const retrieved = await client.retrieveGroup(group.id);
  return asRecord(retrieved.body)?.name === group.name ? retrieved : undefined;
}

/** Deletes a group the probe made, only once a retrieve shows the name it was made with; the DELETE's answer when it took. */
async function removeOne(client: ApiClient, group: Made, leftovers: string[]): Promise<ApiResponse | undefined> {
  if ((await stillOurs(client, group)) === undefined) {
    leftovers.push(`group ${group.id}: not deleted, a retrieve did not show it as the group made`);
    return undefined;
  }
  const answer = await client.deleteGroup(group.id);
  if (!everyReading.isDeleteSuccess(answer.status)) {
    leftovers.push(`group ${group.id} ("${group.name}"): DELETE answered ${answer.status}`);
    return undefined;
  }
  // Verified, as the run's sweep does: the group gone, and its conversation gone with it (§3), or
  // deleted here when a retrieve still shows it as this group's. Both reads follow the DELETE, not
  // each other, so they go together.
  const { conversation_id: named } = group.body;
  const conversationId = typeof named === 'string' ? named : undefined;
  const [after, conversation] = await allEnded([
    client.retrieveGroup(group.id),
    conversationId === undefined ? undefined : client.retrieveConversation(conversationId),
  ]);
  if (!everyReading.isUnknownIdAnswer(after.status))
    leftovers.push(
      `group ${group.id} ("${group.name}"): still retrievable (${after.status}) after DELETE answered ${answer.status}`,
    );
  if (
    conversationId !== undefined &&
    conversation !== undefined &&
    !everyReading.isUnknownIdAnswer(conversation.status)
  ) {
    const stillOfGroup = asRecord(conversation.body)?.group_id === group.id;
    const removed =
      stillOfGroup && everyReading.isDeleteSuccess((await client.deleteConversation(conversationId)).status);
    if (!removed)
      leftovers.push(
        `conversation ${conversationId} of the group "${group.name}": still retrievable after the group's DELETE${stillOfGroup ? ', and its DELETE failed' : ', no longer showing the group, so not deleted'}`,
      );
  }
  return answer;
}

/** removeOne, with a failure (a dropped connection) said as a leftover instead of thrown: each group is tried once. */
export async function removeMade(
  client: ApiClient,
  group: Made,
  leftovers: string[],
): Promise<ApiResponse | undefined> {
  try {
    return await removeOne(client, group, leftovers);
  } catch (error) {
    leftovers.push(`group ${group.id} ("${group.name}"): ${(error as Error).message}`);
    return undefined;
  }
}

/** Removes every group still held, side by side (each its own chain of requests), and lets go of them. */
export async function removeAll(client: ApiClient, groups: Made[], leftovers: string[]): Promise<void> {
  await Promise.all(groups.splice(0).map((group) => removeMade(client, group, leftovers)));
}
