// What a check created, so that it is deleted afterwards, also when the check fails. Only ids
// recorded here are ever deleted: the suite never touches data it did not create.
import type { ApiClient } from '../client/api-client.ts';
import type { Ledger } from '../client/ledger.ts';

export type ResourceKind = 'conversation' | 'group';

export interface Leftover {
  kind: ResourceKind;
  id: string;
  reason: string;
}

export class CreatedResources {
  private readonly conversations = new Set<string>();
  private readonly groups = new Set<string>();

  /** Every id added is also recorded in the run's ledger, which outlives this check's cleanup. */
  constructor(private readonly ledger?: Ledger) {}

  add(kind: ResourceKind, id: string): void {
    this.ledger?.record(kind, id);
    (kind === 'group' ? this.groups : this.conversations).add(id);
  }

  /** Forget an id the check itself deleted. */
  forget(kind: ResourceKind, id: string): void {
    (kind === 'group' ? this.groups : this.conversations).delete(id);
  }

  /**
   * Groups first, then conversations: a group's delete also removes its conversation (§3), so a
   * conversation that is already gone is not a leftover.
   */
  async deleteAll(client: ApiClient): Promise<Leftover[]> {
    const leftovers: Leftover[] = [];
    const attempt = async (kind: ResourceKind, id: string): Promise<void> => {
      try {
        const deleted = kind === 'group' ? await client.deleteGroup(id) : await client.deleteConversation(id);
        // The retrieve is the proof: a delete may answer anything (§4.3), and a conversation
        // already removed with its group answers with whatever 4xx the server uses.
        const check = kind === 'group' ? await client.retrieveGroup(id) : await client.retrieveConversation(id);
        if (check.status < 400 || check.status >= 500) {
          leftovers.push({ kind, id, reason: `still retrievable (${check.status}) after DELETE answered ${deleted.status}` });
        }
      } catch (error) {
        leftovers.push({ kind, id, reason: (error as Error).message });
      }
    };
    for (const id of this.groups) await attempt('group', id);
    for (const id of this.conversations) await attempt('conversation', id);
    this.conversations.clear();
    this.groups.clear();
    return leftovers;
  }
}
