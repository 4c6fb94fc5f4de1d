// Creating what a check needs: each helper creates through the API, insists the create worked
// (a check cannot go on without it), and records the id for deletion after the check.
import type { Conversation, ConversationCreateParams, Group, GroupCreateParams } from '../api/resources.ts';
import type { ApiResponse } from '../client/api-client.ts';
import type { CheckContext } from './check-context.ts';
import type { ResourceKind } from './created-resources.ts';
import { expectBody, expectSuccess } from './expect.ts';

// Recorded before the body is validated: a malformed answer to a create still made something to delete.
function trackCreated(context: CheckContext, kind: ResourceKind, response: ApiResponse): void {
  const id = (response.body as { id?: unknown } | undefined)?.id;
  if (typeof id === 'string') context.created.add(kind, id);
}

export async function createConversation(
  context: CheckContext,
  params: ConversationCreateParams = { contact_id: context.names.contactId('contact') },
): Promise<{ conversation: Conversation; response: ApiResponse }> {
  const response = await context.client.createConversation(params);
  expectSuccess(response, 'POST /v1/conversations');
  trackCreated(context, 'conversation', response);
  const conversation = expectBody(response, 'conversation');
  return { conversation, response };
}

export async function createGroup(
  context: CheckContext,
  params: GroupCreateParams = { name: context.names.groupName('group') },
): Promise<{ group: Group; response: ApiResponse }> {
  const response = await context.client.createGroup(params);
  expectSuccess(response, 'POST /v1/groups');
  trackCreated(context, 'group', response);
  const group = expectBody(response, 'group');
  return { group, response };
}
