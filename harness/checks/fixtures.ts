// Creating and changing what a check needs. Each helper goes through the API and insists the step
// worked; when it did not, the check is blocked (the step's own check carries the failure), and
// whatever was created is recorded for deletion after the check.
import { everyReading } from '../../lib/core/profile/server-profile.ts';
import type { CheckId } from './check-ids.ts';
import type {
  Conversation,
  ConversationCreateParams,
  ConversationUpdateParams,
  Group,
  GroupCreateParams,
  GroupUpdateParams,
} from '../../lib/api/resources.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import { validateAgainst, type SchemaName, type SchemaTypes } from '../../lib/api/schemas/registry.ts';
import type { CheckContext } from './check-context.ts';
import { CheckFailure, PrerequisiteFailure, RefusedPremise } from './check-failure.ts';
import { expectBody, expectNoServerError, expectSuccess, expectThat, fieldDifferences } from './expect.ts';
import { usernames } from './members.ts';
import type { ResourceKind } from '../../lib/core/safety/created-resources.ts';

/**
 * Asks for the id a create answered with to be deleted after the check, before the body is
 * validated: a malformed answer to a create may still have made something. The client's ledger has
 * already recorded it from the create's own answer (ledger.ts); a group's conversation_id is NOT
 * taken as the suite's: the group's delete takes it along (§3), which the cleanup verifies, and
 * only a retrieve showing the group as its group_id makes it the suite's to change
 * (groupConversation). Returns the id.
 */
export function recordCreated(context: CheckContext, kind: ResourceKind, body: unknown): string | undefined {
  const { id } = (typeof body === 'object' && body !== null ? body : {}) as { id?: unknown };
  if (typeof id === 'string') context.created.add(kind, id);
  return typeof id === 'string' ? id : undefined;
}

/**
 * A group create that is the check's own subject (not a step it builds on): whatever it made is
 * recorded for deletion, and then it must be a 2xx with a valid group.
 */
export async function createGroupUnderTest(
  context: CheckContext,
  params: GroupCreateParams,
  what: string,
): Promise<{ response: ApiResponse; group: Group }> {
  const response = await context.client.createGroup(params);
  recordCreated(context, 'group', response.body);
  expectSuccess(context.profile, response, what);
  return { response, group: expectBody(response, 'group', 'the created group') };
}

/**
 * POST /v1/conversations with the id of a group, which already has its conversation (§1): a server
 * may answer with it, make a new one, or refuse (profile: group-conversation-create), or only the
 * one of these that GROUP_CONVERSATION_CREATE declares. Whatever it made is recorded for deletion;
 * a 5xx or a malformed body is never one of those readings.
 */
export async function createGroupConversation(
  context: CheckContext,
  group: Pick<Group, 'id' | 'conversation_id'>,
): Promise<ApiResponse> {
  const response = await context.client.createConversation({ group_id: group.id });
  recordCreated(context, 'conversation', response.body);
  expectNoServerError(context.profile, response, 'POST /v1/conversations with group_id');
  const answeredId = (response.body as { id?: unknown } | undefined)?.id;
  const reading = context.profile.isRefusal(response.status)
    ? 'refused'
    : context.profile.isSuccess(response.status) && typeof answeredId === 'string'
      ? answeredId === group.conversation_id
        ? 'existing'
        : 'new'
      : undefined;
  expectThat(
    reading === undefined || context.profile.allows('group-conversation-create', reading),
    response,
    `the reading GROUP_CONVERSATION_CREATE=${String(context.profile.declared['group-conversation-create'])} declared for a group that has its conversation (§1: "Each group has one conversation")`,
    reading === 'refused'
      ? `a refusal (status ${response.status})`
      : reading === 'existing'
        ? `the group's conversation ${group.conversation_id}`
        : `a new conversation ${String(answeredId)}`,
  );
  return response;
}

/**
 * A create whose answer names a record the users held before the run made nothing the suite may
 * touch: the ledger refused it, and the answer is the server's failure (§2.1, §2.2: the id is the
 * unique identifier of the new record), not something for the check to work with.
 */
function expectNewRecord(context: CheckContext, kind: ResourceKind, response: ApiResponse): void {
  const id = (response.body as { id?: unknown } | undefined)?.id;
  if (!context.profile.isSuccess(response.status) || typeof id !== 'string' || !context.ledger.prior?.has(kind, id))
    return;
  throw new CheckFailure({
    expected: `the id of a new ${kind} in the answer to its create (§2: the unique identifier of the ${kind})`,
    received: `${id}, which was among the user's ${kind}s before the run: the suite never changes it, whatever an answer says`,
    exchange: response.exchange,
  });
}

/** What a refused premise sent, as one reads it in a form: name="…", contacts=[…]. */
const shown = (params: object, keys: readonly string[]) =>
  keys.map((key) => `${key}=${JSON.stringify((params as Record<string, unknown>)[key])}`).join(', ');

/**
 * A write that only sets up a premise, with the plain values SuiteNames invents. Refused (a 4xx
 * that is not a 429, which the client already waits out), it is sent once more with the plainest
 * values (SuiteNames.plainestOf): a server may limit the format and length of every text (§2.2:
 * "not shown"). Refused again, or when nothing is plainer, the check is blocked with one sentence
 * naming the fields and values the server refused. Returns the answer taken and what it was sent.
 */
async function sendPremise<P extends object>(
  context: CheckContext,
  params: P,
  step: string,
  blamed: CheckId,
  send: (params: P) => Promise<ApiResponse>,
): Promise<{ response: ApiResponse; params: P }> {
  const refused = (status: number) => everyReading.isRefusal(status) && !everyReading.isTooManyRequests(status);
  const first = await send(params);
  if (!refused(first.status)) return { response: first, params };
  const plainest = context.names.plainestOf(params);
  const again = plainest === undefined ? undefined : await send(plainest);
  if (again !== undefined && !refused(again.status)) return { response: again, params: plainest! };
  const last = again ?? first;
  const tried = plainest ?? params;
  const changed = Object.keys(tried).filter(
    (key) =>
      plainest === undefined ||
      JSON.stringify((params as Record<string, unknown>)[key]) !==
        JSON.stringify((plainest as Record<string, unknown>)[key]),
  );
  const candidates = changed.length > 0 ? changed : Object.keys(tried);
  // A refusal that names some of them (an error's param or message) narrows it to those.
  const named = candidates.filter((key) => new RegExp(`\\b${key}\\b`).test(last.exchange.responseBody ?? ''));
  const suspects = named.length > 0 ? named : candidates;
  const refusedText = `${suspects.length === 1 ? '' : 'one of '}${shown(tried, suspects)}`;
  throw new RefusedPremise(
    {
      expected: `${step} to take values any server should take (ASCII letters and digits; §2.2 shows no format or length limit)`,
      received:
        `status ${first.status} to ${shown(params, Object.keys(params))}` +
        (again === undefined
          ? ''
          : `, and status ${again.status} again to the plainest values, ${shown(tried, Object.keys(tried))}`) +
        `: the server refuses ${refusedText}`,
      exchange: last.exchange,
    },
    blamed,
    `${step} was refused (status ${last.status})${again === undefined ? '' : ', also with the plainest values'}: the server refuses ${refusedText}: the check cannot set up what it tests, and since §2.2 shows no format or length limit, this is not counted against the server`,
  );
}

/** The body of a successful step, or a PrerequisiteFailure blaming the step's own check. */
export function prerequisite<N extends SchemaName>(
  response: ApiResponse,
  schema: N,
  step: string,
  blamed: CheckId,
): SchemaTypes[N] {
  // A premise asks whether the step worked at all; the blamed check judges its status (a declared SUCCESS_STATUS).
  if (!everyReading.isSuccess(response.status)) {
    throw new PrerequisiteFailure(
      {
        expected: `a 2xx status for ${step}`,
        received: `status ${response.status} ${(response.exchange.responseBody ?? '').slice(0, 300)}`,
        exchange: response.exchange,
      },
      blamed,
    );
  }
  const verdict = validateAgainst(schema, response.body, schema);
  if (!verdict.valid) {
    throw new PrerequisiteFailure(
      {
        expected: `a ${schema} for ${step}`,
        received: verdict.problems.join('; ') || 'no JSON body',
        exchange: response.exchange,
      },
      blamed,
    );
  }
  return response.body as SchemaTypes[N];
}

/** The ids each check's creates answered with: a create that names one again made nothing new. */
const createdIds = new WeakMap<CheckContext, Set<string>>();

/**
 * The premises of every check that builds on a step: the object answered carries what was sent (an
 * empty text may come back as null, profile: empty-text; members are compared by username, and
 * only those sent must be there, since merge or replace is open, §4.2), and a create answered with
 * an id of its own. Otherwise the check is blocked, naming the check whose subject the step is.
 */
function expectStepTook(
  context: CheckContext,
  response: ApiResponse,
  object: { id: string; contacts?: Array<{ username: string }> },
  sent: object,
  step: string,
  blamed: { carried: CheckId; unique?: CheckId },
): void {
  const { contacts, ...fields } = sent as { contacts?: Array<{ username: string }> };
  const differences = fieldDifferences(context.profile, object, fields);
  if (contacts) {
    const held = new Set(usernames(object.contacts ?? []));
    const missing = usernames(contacts).filter((name) => !held.has(name));
    if (missing.length > 0) differences.push(`contacts: ${missing.join(', ')} sent but not among the members`);
  }
  if (differences.length > 0) {
    throw new PrerequisiteFailure(
      {
        expected: `the answer to ${step} to carry what was sent`,
        received: differences.join('; '),
        exchange: response.exchange,
      },
      blamed.carried,
    );
  }
  if (!blamed.unique) return;
  const ids = createdIds.get(context) ?? createdIds.set(context, new Set()).get(context)!;
  if (ids.has(object.id)) {
    throw new PrerequisiteFailure(
      {
        expected: `a new id for ${step}`,
        received: `id ${object.id}, which an earlier create of this check got`,
        exchange: response.exchange,
      },
      blamed.unique,
    );
  }
  ids.add(object.id);
}

export async function createConversation(
  context: CheckContext,
  params: ConversationCreateParams = { contact_id: context.names.contactId('contact') },
): Promise<{ conversation: Conversation; response: ApiResponse }> {
  const blamed: CheckId = 'conversations.create.defaults';
  const sent = await sendPremise(context, params, 'POST /v1/conversations', blamed, async (each) => {
    const answer = await context.client.createConversation(each);
    recordCreated(context, 'conversation', answer.body);
    return answer;
  });
  const { response } = sent;
  params = sent.params;
  expectNewRecord(context, 'conversation', response);
  const conversation = prerequisite(response, 'conversation', 'POST /v1/conversations', blamed);
  expectStepTook(context, response, conversation, params, 'POST /v1/conversations', {
    carried: params.group_id === undefined ? 'conversations.create.defaults' : 'conversations.create.with-group',
    unique: 'conversations.create.unique-id',
  });
  return { conversation, response };
}

export async function createGroup(
  context: CheckContext,
  params: GroupCreateParams = { name: context.names.groupName('group') },
): Promise<{ group: Group; response: ApiResponse }> {
  const sent = await sendPremise(context, params, 'POST /v1/groups', 'groups.create.defaults', async (each) => {
    const answer = await context.client.createGroup(each);
    recordCreated(context, 'group', answer.body);
    return answer;
  });
  const { response } = sent;
  params = sent.params;
  expectNewRecord(context, 'group', response);
  const group = prerequisite(response, 'group', 'POST /v1/groups', 'groups.create.defaults');
  expectStepTook(context, response, group, params, 'POST /v1/groups', {
    carried: 'groups.create.defaults',
    unique: 'groups.create.unique-id',
  });
  return { group, response };
}

/**
 * The conversation of a group the check created, retrieved and verified as that group's (its
 * group_id is the group's id, and the user did not hold it before the run): only then may the
 * check update or delete it. Otherwise the check is blocked, blaming groups.create.conversation.
 */
export async function groupConversation(context: CheckContext, group: Group): Promise<Conversation> {
  const response = await context.client.retrieveConversation(group.conversation_id);
  const conversation = prerequisite(
    response,
    'conversation',
    "GET /v1/conversations/:id of the group's conversation_id",
    'groups.create.conversation',
  );
  const why = context.ledger.verifyGroupConversation(group.conversation_id, response.body);
  if (why !== undefined) {
    throw new PrerequisiteFailure(
      {
        expected: `the conversation of group ${group.id}, as this run's to change`,
        received: `conversation ${group.conversation_id}: ${why}`,
        exchange: response.exchange,
      },
      'groups.create.conversation',
    );
  }
  return conversation;
}

/**
 * Every create of a batch answered before the first failure is thrown: the check's cleanup then
 * finds every id the batch made in the ledger, none still on its way (Promise.all would leave early).
 */
async function settled<T>(batch: ReadonlyArray<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(batch);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/** Creates `count` conversations, a few at a time. */
export async function createConversations(
  context: CheckContext,
  count: number,
  label = 'bulk',
): Promise<Conversation[]> {
  const created: Conversation[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, () =>
      createConversation(context, { contact_id: context.names.contactId(label) }),
    );
    created.push(...(await settled(batch)).map((result) => result.conversation));
  }
  return created;
}

export async function createGroups(context: CheckContext, count: number, label = 'bulk'): Promise<Group[]> {
  const created: Group[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, () =>
      createGroup(context, { name: context.names.groupName(label) }),
    );
    created.push(...(await settled(batch)).map((result) => result.group));
  }
  return created;
}

/** A PUT that the check needs to have worked (to mute, pin or archive what it then lists). */
export async function updateConversation(
  context: CheckContext,
  id: string,
  params: ConversationUpdateParams,
  blamed: CheckId,
): Promise<Conversation> {
  const step = `PUT /v1/conversations/:id with ${Object.keys(params).join(', ')}`;
  const sent = await sendPremise(context, params, step, blamed, (each) => context.client.updateConversation(id, each));
  const { response } = sent;
  params = sent.params;
  const conversation = prerequisite(response, 'conversation', step, blamed);
  expectStepTook(context, response, conversation, { id, ...params }, step, { carried: blamed });
  return conversation;
}

export async function updateGroup(
  context: CheckContext,
  id: string,
  params: GroupUpdateParams,
  blamed: CheckId,
): Promise<Group> {
  const step = `PUT /v1/groups/:id with ${Object.keys(params).join(', ')}`;
  const sent = await sendPremise(context, params, step, blamed, (each) => context.client.updateGroup(id, each));
  const { response } = sent;
  params = sent.params;
  const group = prerequisite(response, 'group', step, blamed);
  expectStepTook(context, response, group, { id, ...params }, step, { carried: blamed });
  return group;
}

/** The premise that a list holds what the check made; otherwise the check is blocked, naming the filter's check. */
export function expectListed(
  items: ReadonlyArray<{ id: string }>,
  ids: readonly string[],
  response: ApiResponse,
  step: string,
  blamed: CheckId,
): void {
  const missing = ids.filter((id) => !items.some((item) => item.id === id));
  if (missing.length === 0) return;
  throw new PrerequisiteFailure(
    {
      expected: `${step} to list ${ids.join(', ')}`,
      received: `${missing.join(', ')} not listed`,
      exchange: response.exchange,
    },
    blamed,
  );
}

/**
 * Deletes a group's own conversation, verified as the run's (groupConversation). A server may
 * refuse it: whether a group may lose its one conversation is not shown (§1 "Each group has one
 * conversation"; profile: group-conversation-delete). A check that needs it gone is then skipped,
 * unless GROUP_CONVERSATION_DELETE=allowed is declared.
 */
export async function deleteGroupConversation(
  context: CheckContext,
  conversationId: string,
  blamed: CheckId,
): Promise<ApiResponse> {
  const response = await context.client.deleteConversation(conversationId);
  if (context.profile.isRefusal(response.status) && context.profile.allows('group-conversation-delete', 'refused')) {
    context.skip(
      `DELETE /v1/conversations/:id of a group's own conversation was refused (${response.status}): a server may keep a group's one conversation until the group goes (§1; profile: group-conversation-delete)`,
    );
  }
  if (!context.profile.isDeleteSuccess(response.status)) {
    throw new PrerequisiteFailure(
      {
        expected: `${context.profile.describe('delete-answer')} for DELETE of the group's conversation${context.profile.allows('group-conversation-delete', 'refused') ? ', or a refusal' : ' (GROUP_CONVERSATION_DELETE=allowed)'}`,
        received: `status ${response.status}`,
        exchange: response.exchange,
      },
      blamed,
    );
  }
  context.created.forget('conversation', conversationId);
  return response;
}

/** Deletes through the API and forgets the id; the check then tests what deletion did. */
export async function deleteResource(
  context: CheckContext,
  kind: ResourceKind,
  id: string,
  blamed: CheckId,
): Promise<ApiResponse> {
  const response =
    kind === 'group' ? await context.client.deleteGroup(id) : await context.client.deleteConversation(id);
  // Any 2xx, with any body or none (§4.3), or a declared DELETE_STATUS.
  if (!context.profile.isDeleteSuccess(response.status)) {
    throw new PrerequisiteFailure(
      {
        expected: `${context.profile.describe('delete-answer')} for DELETE of the ${kind}`,
        received: `status ${response.status}`,
        exchange: response.exchange,
      },
      blamed,
    );
  }
  context.created.forget(kind, id);
  return response;
}
