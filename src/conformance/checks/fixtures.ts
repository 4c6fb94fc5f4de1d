// Creating and changing what a check needs. Each helper goes through the API and insists the step
// worked; when it did not, the check is blocked (the step's own check carries the failure), and
// whatever was created is recorded for deletion after the check.
import type { CheckId } from './check-ids.ts';
import type {
  Conversation, ConversationCreateParams, ConversationUpdateParams, Group, GroupCreateParams, GroupUpdateParams,
} from '../../api/resources.ts';
import type { ApiResponse } from '../../core/client/api-client.ts';
import { validateAgainst, type SchemaName, type SchemaTypes } from '../../api/schemas/registry.ts';
import type { CheckContext } from './check-context.ts';
import { PrerequisiteFailure } from './check-failure.ts';
import type { ResourceKind } from '../../core/safety/created-resources.ts';

/**
 * Records for deletion whatever a create answered with (a group's conversation too), before the
 * body is validated: a malformed answer to a create may still have made something. Returns the id.
 */
export function recordCreated(context: CheckContext, kind: ResourceKind, body: unknown): string | undefined {
  const { id, conversation_id: conversationId } = (body ?? {}) as { id?: unknown; conversation_id?: unknown };
  if (typeof id === 'string') context.created.add(kind, id);
  if (kind === 'group' && typeof conversationId === 'string') context.created.add('conversation', conversationId);
  return typeof id === 'string' ? id : undefined;
}

/** The body of a successful step, or a PrerequisiteFailure blaming the step's own check. */
export function prerequisite<N extends SchemaName>(response: ApiResponse, schema: N, step: string, blamed: CheckId): SchemaTypes[N] {
  if (response.status < 200 || response.status >= 300) {
    throw new PrerequisiteFailure(
      { expected: `a 2xx status for ${step}`, received: `status ${response.status} ${(response.exchange.responseBody ?? '').slice(0, 300)}`, exchange: response.exchange },
      blamed,
    );
  }
  const verdict = validateAgainst(schema, response.body, schema);
  if (!verdict.valid) {
    throw new PrerequisiteFailure(
      { expected: `a ${schema} for ${step}`, received: verdict.problems.join('; ') || 'no JSON body', exchange: response.exchange },
      blamed,
    );
  }
  return response.body as SchemaTypes[N];
}

export async function createConversation(
  context: CheckContext,
  params: ConversationCreateParams = { contact_id: context.names.contactId('contact') },
): Promise<{ conversation: Conversation; response: ApiResponse }> {
  const response = await context.client.createConversation(params);
  recordCreated(context, 'conversation', response.body);
  const conversation = prerequisite(response, 'conversation', 'POST /v1/conversations', 'conversations.create.defaults');
  return { conversation, response };
}

export async function createGroup(
  context: CheckContext,
  params: GroupCreateParams = { name: context.names.groupName('group') },
): Promise<{ group: Group; response: ApiResponse }> {
  const response = await context.client.createGroup(params);
  recordCreated(context, 'group', response.body);
  const group = prerequisite(response, 'group', 'POST /v1/groups', 'groups.create.defaults');
  return { group, response };
}

/** Creates `count` conversations, a few at a time. */
export async function createConversations(context: CheckContext, count: number, label = 'bulk'): Promise<Conversation[]> {
  const created: Conversation[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, () =>
      createConversation(context, { contact_id: context.names.contactId(label) }));
    created.push(...(await Promise.all(batch)).map((result) => result.conversation));
  }
  return created;
}

export async function createGroups(context: CheckContext, count: number, label = 'bulk'): Promise<Group[]> {
  const created: Group[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, () =>
      createGroup(context, { name: context.names.groupName(label) }));
    created.push(...(await Promise.all(batch)).map((result) => result.group));
  }
  return created;
}

/** A PUT that the check needs to have worked (to mute, pin or archive what it then lists). */
export async function updateConversation(context: CheckContext, id: string, params: ConversationUpdateParams, blamed: CheckId): Promise<Conversation> {
  const response = await context.client.updateConversation(id, params);
  return prerequisite(response, 'conversation', `PUT /v1/conversations/:id with ${Object.keys(params).join(', ')}`, blamed);
}

export async function updateGroup(context: CheckContext, id: string, params: GroupUpdateParams, blamed: CheckId): Promise<Group> {
  const response = await context.client.updateGroup(id, params);
  return prerequisite(response, 'group', `PUT /v1/groups/:id with ${Object.keys(params).join(', ')}`, blamed);
}

/** Deletes through the API and forgets the id; the check then tests what deletion did. */
export async function deleteResource(context: CheckContext, kind: ResourceKind, id: string, blamed: CheckId): Promise<ApiResponse> {
  const response = kind === 'group' ? await context.client.deleteGroup(id) : await context.client.deleteConversation(id);
  if (response.status < 200 || response.status >= 300) {
    throw new PrerequisiteFailure(
      { expected: `a 2xx status for DELETE of the ${kind}`, received: `status ${response.status}`, exchange: response.exchange },
      blamed,
    );
  }
  context.created.forget(kind, id);
  return response;
}

