// The body of the four auth checks. Each of the ten operations (§4.1, §4.2) is sent with wrong
// credentials, against a conversation and a group the check made with the right ones, and must be
// refused (any 4xx: §7 names no status, profile: auth-refusal-status; 401 is the convention
// auth.unknown-token.401 looks for), show none of their data, and change nothing: the two still
// retrieve as before and the refused creates made nothing.
import type { CheckId } from '../../harness/checks/check-ids.ts';
import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { ApiResponse, CallOptions } from '../../lib/core/client/api-client.ts';
import { operations, type OperationName } from '../../lib/api/operations.ts';
import { authorizationHeader, type WrongCredentials } from '../../harness/checks/wrong-credentials.ts';

export { authorizationHeader, type WrongCredentials };
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { CheckFailure, PrerequisiteFailure } from '../../harness/checks/check-failure.ts';
import type { ResourceKind } from '../../lib/core/safety/created-resources.ts';
import { expectStatusOf, expectThat } from '../../harness/checks/expect.ts';
import { recordCreated } from '../../harness/checks/fixtures.ts';
import { walkConversations, walkGroups, type Walk } from '../../harness/checks/list-walk.ts';
import { untilListsCaughtUp } from '../../harness/checks/list-consistency.ts';
import {
  expectNoOwnData,
  expectUnchanged,
  snapshotOwnResources,
  type OwnResources,
} from '../../harness/checks/own-resources.ts';

export const authRule =
  '§4: "All endpoints require authentication"; §5: "Every request carries the header Authorization with the value Bearer <ACCESS_TOKEN>"';

interface Markers {
  /** contact_id of the refused conversation create. */
  contactId: string;
  /** name of the refused group create. */
  groupName: string;
}

interface Attempt {
  operation: OperationName;
  options: CallOptions;
  /** What the request carries, for messages, after its method and path: " with is_muted=true". */
  detail: string;
  /** For a create: the kind of resource that, refused, it must not have made. */
  creates?: ResourceKind;
}

// Deletes last: a delete that wrongly went through would leave nothing for the other requests.
function attempts(own: OwnResources, markers: Markers, rename: string): Attempt[] {
  const conversationId = own.conversation.id;
  const groupId = own.group.id;
  return [
    { operation: 'listConversations', options: {}, detail: '' },
    {
      operation: 'createConversation',
      options: { body: { contact_id: markers.contactId } },
      detail: ' with contact_id',
      creates: 'conversation',
    },
    { operation: 'retrieveConversation', options: { id: conversationId }, detail: " of the check's conversation" },
    {
      operation: 'updateConversation',
      options: { id: conversationId, body: { is_muted: true } },
      detail: ' with is_muted=true',
    },
    { operation: 'listGroups', options: {}, detail: '' },
    {
      operation: 'createGroup',
      options: { body: { name: markers.groupName } },
      detail: ' with a name',
      creates: 'group',
    },
    { operation: 'retrieveGroup', options: { id: groupId }, detail: " of the check's group" },
    { operation: 'updateGroup', options: { id: groupId, body: { name: rename } }, detail: ' with a new name' },
    { operation: 'deleteConversation', options: { id: conversationId }, detail: " of the check's conversation" },
    { operation: 'deleteGroup', options: { id: groupId }, detail: " of the check's group" },
  ];
}

/** The strings a request itself carried: an error may quote them without showing anything. */
function sentValues(options: CallOptions): string[] {
  const values = Object.values(options.body ?? {}).filter((value): value is string => typeof value === 'string');
  return options.id === undefined ? values : [options.id, ...values];
}

interface RefusedCreate {
  kind: ResourceKind;
  id: string;
}

/**
 * Sends each of the ten operations once, with the variants taken in turn, so that every operation
 * gets one refused request and every variant reaches at least one operation.
 */
export async function expectEveryOperationRejected(
  context: CheckContext,
  variants: readonly WrongCredentials[],
): Promise<void> {
  const own = await snapshotOwnResources(context, 'auth');
  const markers = {
    contactId: context.names.contactId('auth-refused-create'),
    groupName: context.names.groupName('auth refused create'),
  };
  const refusedCreates: RefusedCreate[] = [];
  const sent = new Map<OperationName, string>();
  for (const [index, attempt] of attempts(own, markers, context.names.groupName('auth refused rename')).entries()) {
    const wrong = variants[index % variants.length]!;
    const { method, path } = operations[attempt.operation];
    const what = `${method} ${path}${attempt.detail}, sent with ${wrong.label}`;
    sent.set(attempt.operation, what);
    const response = await context.client.as(wrong.credentials).call(attempt.operation, attempt.options);
    const madeId = attempt.creates && recordCreated(context, attempt.creates, response.body);
    if (attempt.creates && madeId) refusedCreates.push({ kind: attempt.creates, id: madeId });
    expectStatusOf(context.profile, 'auth-refusal-status', response, `${what} (${authRule})`);
    expectNoOwnData(response, own, sentValues(attempt.options), what, authRule);
  }
  // Any of the ten could have changed them; these are the ones that would on a server that
  // ignored the header, so the message names them.
  await expectUnchanged(
    context,
    own,
    {
      conversation: `the refused requests (${sent.get('updateConversation')}; ${sent.get('deleteConversation')})`,
      group: `the refused requests (${sent.get('updateGroup')}; ${sent.get('deleteGroup')})`,
    },
    authRule,
  );
  for (const create of refusedCreates) await expectNotRetrievable(context, create);
  await expectMarkersNotListed(context, markers);
}

async function expectNotRetrievable(context: CheckContext, create: RefusedCreate): Promise<void> {
  const response =
    create.kind === 'group'
      ? await context.client.retrieveGroup(create.id)
      : await context.client.retrieveConversation(create.id);
  expectThat(
    context.profile.isUnknownIdAnswer(response.status),
    response,
    `nothing made by the refused POST whose answer named ${create.kind} ${create.id} (${authRule})`,
    `status ${response.status}: the ${create.kind} exists`,
  );
}

/** A list walk as a step of a check: if listing itself fails, the list's own checks say so (blocked). */
export async function walkAsStep<T>(walking: Promise<Walk<T>>, blamed: CheckId): Promise<Walk<T>> {
  try {
    return await walking;
  } catch (error) {
    if (error instanceof CheckFailure && !(error instanceof PrerequisiteFailure))
      throw new PrerequisiteFailure(error.details, blamed);
    throw error;
  }
}

// Enough for any target the suite's own runs leave behind; a longer list leaves this step open.
const markerWalk = { maxPages: 10 };

/** The page of a walk that holds the item, to show in the failure. */
function pageWith(walk: Walk<{ id: string }>, id: string): ApiResponse {
  return walk.pages.find((page) => page.text.includes(JSON.stringify(id))) ?? walk.pages.at(-1)!;
}

async function expectMarkersNotListed(context: CheckContext, markers: Markers): Promise<void> {
  // A list may show a write late (profile: list-consistency): absence is read once it would show.
  await untilListsCaughtUp(context);
  const conversations = await walkAsStep(
    walkConversations(
      context,
      {},
      {
        ...markerWalk,
        stopWhen: (items) => items.some((item) => item.contact_id === markers.contactId),
      },
    ),
    'conversations.list.pagination',
  );
  const conversation = conversations.items.find((item: Conversation) => item.contact_id === markers.contactId);
  // An incomplete walk that did not find it proves nothing either way; that step is left out.
  if (conversation) {
    // Found in a list, so never the suite's to delete (the ledger takes ids only from its own
    // creates): it is reported, and the refused request's answer, if it named it, recorded it.
    throw new CheckFailure({
      expected: `no conversation with the contact_id of the refused POST /v1/conversations (${authRule})`,
      received: `conversation ${conversation.id} with contact_id ${markers.contactId} is listed`,
      exchange: pageWith(conversations, conversation.id).exchange,
    });
  }
  const groups = await walkAsStep(
    walkGroups(
      context,
      {},
      {
        ...markerWalk,
        stopWhen: (items) => items.some((item) => item.name === markers.groupName),
      },
    ),
    'groups.list.pagination',
  );
  const group = groups.items.find((item: Group) => item.name === markers.groupName);
  if (group) {
    throw new CheckFailure({
      expected: `no group with the name of the refused POST /v1/groups (${authRule})`,
      received: `group ${group.id} named ${JSON.stringify(markers.groupName)} is listed`,
      exchange: pageWith(groups, group.id).exchange,
    });
  }
}
