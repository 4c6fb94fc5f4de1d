// What a check created, so that it is deleted afterwards, also when the check fails. Only ids
// recorded here are ever deleted: the suite never touches data it did not create.
import type { ApiClient } from '../client/api-client.ts';

export type ResourceKind = 'conversation' | 'group';

export interface Leftover {
  kind: ResourceKind;
  id: string;
  reason: string;
}

export class CreatedResources {
  private readonly conversations = new Set<string>();
  private readonly groups = new Set<string>();

  add(kind: ResourceKind, id: string): void {
    (kind === 'group' ? this.groups : this.conversations).add(id);
  }

  /** Forget an id the check itself deleted. */
  forget(kind: ResourceKind, id: string): void {
    (kind === 'group' ? this.groups : this.conversations).delete(id);
  }

  /**
   * Conversations first, then groups: a group's delete also removes its conversation (§3), so a
   * conversation that is already gone answers with a non-2xx that is not a leftover.
   */
  async deleteAll(client: ApiClient): Promise<Leftover[]> {
    const leftovers: Leftover[] = [];
    const attempt = async (kind: ResourceKind, id: string): Promise<void> => {
      try {
        const response = kind === 'group' ? await client.deleteGroup(id) : await client.deleteConversation(id);
        if (response.status >= 300 && response.status !== 404 && response.status !== 410) {
          leftovers.push({ kind, id, reason: `delete answered ${response.status}` });
        }
      } catch (error) {
        leftovers.push({ kind, id, reason: (error as Error).message });
      }
    };
    for (const id of this.conversations) await attempt('conversation', id);
    for (const id of this.groups) await attempt('group', id);
    this.conversations.clear();
    this.groups.clear();
    return leftovers;
  }
}
