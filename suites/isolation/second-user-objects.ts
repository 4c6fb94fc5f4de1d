// What the second user makes while a check tries the first user's ids in its own requests: it is
// the second user's, so the second user deletes it (the check's cleanup acts as the first user,
// who cannot). Ids that are the first user's are never touched here: an answer that names one is
// the server's failure, and the first user's cleanup takes care of it.
import type { ResourceKind } from '../../lib/core/safety/created-resources.ts';
import type { ApiClient, ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { PrerequisiteFailure } from '../../harness/checks/check-failure.ts';
import { prerequisite } from '../../harness/checks/fixtures.ts';
import type { Conversation, Group } from '../../lib/api/resources.ts';

interface Made {
  kind: ResourceKind;
  id: string;
  /** A group's conversation, as its create answered: gone with the group (§3), or deleted after it. */
  conversationId?: string;
}

export class SecondUserObjects {
  private readonly made: Made[] = [];

  constructor(
    private readonly context: CheckContext,
    readonly client: ApiClient,
    /** The first user's ids: never the second user's to delete, whatever an answer says. */
    private readonly firstUsers: ReadonlySet<string>,
  ) {}

  /** Whatever a create of the second user answered with an id of its own, to be deleted by that user. */
  record(kind: ResourceKind, response: ApiResponse): void {
    if (!this.context.profile.isSuccess(response.status)) return;
    const body = (typeof response.body === 'object' && response.body !== null ? response.body : {}) as {
      id?: unknown;
      conversation_id?: unknown;
    };
    if (typeof body.id !== 'string' || this.firstUsers.has(body.id)) return;
    this.made.push({
      kind,
      id: body.id,
      ...(kind === 'group' && typeof body.conversation_id === 'string' ? { conversationId: body.conversation_id } : {}),
    });
  }

  /** A conversation the check needs the second user to have: blocked when the create fails. */
  async conversation(contactId: string): Promise<Conversation> {
    const response = await this.client.createConversation({ contact_id: contactId });
    this.record('conversation', response);
    return prerequisite(
      response,
      'conversation',
      "the second user's POST /v1/conversations",
      'conversations.create.defaults',
    );
  }

  async group(name: string): Promise<Group> {
    const response = await this.client.createGroup({ name });
    this.record('group', response);
    return prerequisite(response, 'group', "the second user's POST /v1/groups", 'groups.create.defaults');
  }

  /**
   * The second user deletes each, verified gone with its own retrieve, and the first user's
   * cleanup is told to leave it. What stays is a step of the check that failed (blocked).
   */
  async deleteAll(): Promise<void> {
    const left: string[] = [];
    let shown: ApiResponse | undefined;
    for (const { kind, id, conversationId } of this.made.splice(0).reverse()) {
      const gone = await this.remove(kind, id);
      if (gone !== true) {
        left.push(`${kind} ${id}`);
        shown ??= gone;
        continue;
      }
      if (conversationId === undefined || this.firstUsers.has(conversationId)) continue;
      // §3: the group's delete removes its conversation, or leaves it (profile:
      // group-delete-conversation); one still there is deleted on its own.
      const after = await this.client.retrieveConversation(conversationId);
      // Gone with its group (profile: group-delete-conversation, unknown-id-status).
      if (this.context.profile.isUnknownIdAnswer(after.status)) continue;
      const removed =
        this.context.ledger.refusal('conversation', conversationId) === undefined
          ? await this.remove('conversation', conversationId)
          : after;
      if (removed !== true) {
        left.push(`conversation ${conversationId} of group ${id}`);
        shown ??= removed;
      }
    }
    if (left.length === 0) return;
    throw new PrerequisiteFailure(
      {
        expected: "the second user's DELETE to remove what that user made during the check",
        received: `still retrievable by the second user: ${left.join(', ')} (left on the server)`,
        ...(shown ? { exchange: shown.exchange } : {}),
      },
      'conversations.delete.not-retrievable',
    );
  }

  /** True when the second user's retrieve no longer finds it; else the answer that shows it. */
  private async remove(kind: ResourceKind, id: string): Promise<true | ApiResponse> {
    if (kind === 'group') await this.client.deleteGroup(id);
    else await this.client.deleteConversation(id);
    const after = kind === 'group' ? await this.client.retrieveGroup(id) : await this.client.retrieveConversation(id);
    // Still there unless its id now names nothing (profile: unknown-id-status).
    if (!this.context.profile.isUnknownIdAnswer(after.status)) return after;
    this.context.created.forget(kind, id);
    return true;
  }
}

/**
 * Runs a check's body with the second user's objects, and deletes them afterwards as that user,
 * whether the body passed or not; the body's own failure is the one reported.
 */
export async function withSecondUserObjects(
  context: CheckContext,
  second: ApiClient,
  firstUsers: Iterable<string>,
  body: (objects: SecondUserObjects) => Promise<void>,
): Promise<void> {
  const objects = new SecondUserObjects(context, second, new Set(firstUsers));
  let failed = false;
  try {
    await body(objects);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    if (failed) await objects.deleteAll().catch(() => undefined);
    else await objects.deleteAll();
  }
}
