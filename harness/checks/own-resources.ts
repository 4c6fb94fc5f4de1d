// What a security check owns before it tests that a request without the owner's token cannot reach
// it: a one-to-one conversation and a group (with the group's conversation), as the owner retrieves
// them. Afterwards the owner retrieves them again and they must be exactly as they were.
// The auth checks and the isolation checks both use it.
import type { ServerProfile } from '../../lib/core/profile/server-profile.ts';
import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from './check-context.ts';
import { comparableConversation, comparableGroup } from './comparable.ts';
import { expectThat, fieldDifferences } from './expect.ts';
import { createConversation, createGroup, prerequisite } from './fixtures.ts';
import { showValue } from '../../lib/api/schemas/describe-errors.ts';

export interface OwnResources {
  conversation: Conversation;
  group: Group;
}

/** Creates a conversation and a group for the first user. */
export async function createOwnResources(context: CheckContext, label: string): Promise<OwnResources> {
  const { conversation } = await createConversation(context, { contact_id: context.names.contactId(label) });
  const { group } = await createGroup(context, { name: context.names.groupName(label) });
  return { conversation, group };
}

async function retrieveOwn(context: CheckContext, id: { conversation: string; group: string }) {
  return {
    conversation: await context.client.retrieveConversation(id.conversation),
    group: await context.client.retrieveGroup(id.group),
  };
}

/**
 * Creates them and retrieves them: "unchanged" later compares a retrieve with a retrieve, so a
 * server whose retrieve differs from its create blocks the check instead of failing it.
 */
export async function snapshotOwnResources(context: CheckContext, label: string): Promise<OwnResources> {
  const created = await createOwnResources(context, label);
  const retrieved = await retrieveOwn(context, { conversation: created.conversation.id, group: created.group.id });
  return {
    conversation: prerequisite(
      retrieved.conversation,
      'conversation',
      'GET /v1/conversations/:id',
      'conversations.retrieve.same-object',
    ),
    group: prerequisite(retrieved.group, 'group', 'GET /v1/groups/:id', 'groups.retrieve.same-object'),
  };
}

function expectStillThere(
  profile: ServerProfile,
  response: ApiResponse,
  kind: 'conversation' | 'group',
  cause: string,
  why: string,
): void {
  expectThat(
    profile.isSuccess(response.status),
    response,
    `the ${kind} still retrievable by its owner after ${cause} (${why})`,
    `status ${response.status}: the ${kind} is gone`,
  );
}

/** The owner retrieves both again: still there, every field as in the snapshot. */
export async function expectUnchanged(
  context: CheckContext,
  before: OwnResources,
  /** The requests that must have left each alone, as a message names them. */
  cause: { conversation: string; group: string },
  why: string,
): Promise<void> {
  const after = await retrieveOwn(context, { conversation: before.conversation.id, group: before.group.id });
  expectStillThere(context.profile, after.conversation, 'conversation', cause.conversation, why);
  expectStillThere(context.profile, after.group, 'group', cause.group, why);
  const conversation = prerequisite(
    after.conversation,
    'conversation',
    'GET /v1/conversations/:id',
    'conversations.retrieve.same-object',
  );
  const group = prerequisite(after.group, 'group', 'GET /v1/groups/:id', 'groups.retrieve.same-object');
  const conversationChanges = fieldDifferences(
    context.profile,
    comparableConversation(conversation),
    comparableConversation(before.conversation),
  );
  const groupChanges = fieldDifferences(context.profile, comparableGroup(group), comparableGroup(before.group));
  await unlessChangingOnItsOwn(
    context,
    {
      conversation: conversationChanges.length > 0 ? conversation : undefined,
      group: groupChanges.length > 0 ? group : undefined,
    },
    cause,
    { conversation: conversationChanges, group: groupChanges },
  );
  expectThat(
    conversationChanges.length === 0,
    after.conversation,
    `the conversation exactly as before ${cause.conversation} (${why})`,
    conversationChanges.join('; '),
  );
  expectThat(
    groupChanges.length === 0,
    after.group,
    `the group exactly as before ${cause.group} (${why})`,
    groupChanges.join('; '),
  );
}

/**
 * Before a change is laid on the requests that came before it, the owner reads what changed once
 * more, with no request of this check in between. An object that changes again then changes while
 * nothing of this check writes to it (another client of the user, a job of the server): whether
 * those requests changed it cannot be told, so the check ends unjudged (skipped, saying so)
 * instead of blaming them. An object that holds still keeps the change on them.
 */
async function unlessChangingOnItsOwn(
  context: CheckContext,
  changed: Partial<OwnResources>,
  cause: { conversation: string; group: string },
  changes: { conversation: readonly string[]; group: readonly string[] },
): Promise<void> {
  for (const kind of ['conversation', 'group'] as const) {
    const first = changed[kind];
    if (first === undefined) continue;
    const response =
      kind === 'conversation'
        ? await context.client.retrieveConversation(first.id)
        : await context.client.retrieveGroup(first.id);
    if (!context.profile.isSuccess(response.status) || typeof response.body !== 'object' || response.body === null)
      continue;
    const now =
      kind === 'conversation'
        ? comparableConversation(response.body as Conversation)
        : comparableGroup(response.body as Group);
    const again = fieldDifferences(
      context.profile,
      now,
      kind === 'conversation' ? comparableConversation(first as Conversation) : comparableGroup(first as Group),
    );
    if (again.length > 0) {
      context.skip(
        `the ${kind} changed after ${cause[kind]} (${changes[kind].join('; ')}), then changed again between two reads of its owner with nothing of this check sent between them (${again.join('; ')}): it changes while this check is not writing to it (another client of the same user, or the server itself), so whether ${cause[kind]} changed it cannot be told`,
      );
    }
  }
}

/** Values that only the owner can know: ids, the contact, the group's name and conversation. */
function ownData({ conversation, group }: Partial<OwnResources>): string[] {
  return [conversation?.id, conversation?.contact_id, group?.id, group?.name, group?.conversation_id].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
}

// A value shows when the body holds it as a JSON string, or, for values long enough not to occur
// by chance (an id "4" inside "401"), anywhere in the text (an error message quoting it).
const shows = (text: string, value: string): boolean =>
  text.includes(JSON.stringify(value)) || (value.length >= 8 && text.includes(value));

/**
 * The body of a refused request shows none of the owner's data, apart from what the request itself
 * carried (an error may quote the id of its path).
 */
export function expectNoOwnData(
  response: ApiResponse,
  own: Partial<OwnResources>,
  sent: readonly string[],
  what: string,
  why: string,
): void {
  const shown = ownData(own).filter((value) => !sent.includes(value) && shows(response.text, value));
  expectThat(
    shown.length === 0,
    response,
    `no data of the owner's conversation or group in the answer to ${what} (${why})`,
    `a body that shows ${shown.map(showValue).join(', ')}`,
  );
}
