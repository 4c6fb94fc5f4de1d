// What a check created, so that it is deleted afterwards, also when the check fails. The ledger
// decides what may be deleted: every id the check's own creates recorded in it (also those a check
// lost because the answer failed its schema), and ids a check adds that the ledger has as the
// run's own of that type. Anything else is never sent a DELETE: it is a leftover with the reason.
import { forEachInParallel } from './in-parallel.ts';
import { everyReading } from '../profile/server-profile.ts';
import type { ApiClient } from '../client/api-client.ts';
import type { Ledger } from '../client/ledger.ts';

export type ResourceKind = 'conversation' | 'group';

export interface Leftover {
  kind: ResourceKind;
  id: string;
  reason: string;
  /** The run's leftovers: the msgapi cleanup command that tries again (cleanup-command.ts; no token in it). */
  cleanup?: string;
}

export class CreatedResources {
  private readonly added = { conversation: new Set<string>(), group: new Set<string>() };
  private readonly forgotten = { conversation: new Set<string>(), group: new Set<string>() };
  /** What the ledger held when this began: what was recorded since is this one's to delete. */
  private readonly mark: number;

  /**
   * `onlyAdded`: delete only what add() was given, not everything the ledger recorded since: for
   * one of several parts of a check that create at the same time (the model's strands), each of
   * which must not delete the others' objects. The check's own CreatedResources still sweeps
   * whatever any part recorded and left.
   */
  constructor(
    private readonly ledger?: Ledger,
    private readonly options: { onlyAdded?: boolean } = {},
  ) {
    this.mark = ledger?.size ?? 0;
  }

  /** Asks for an id to be deleted after the check; only the ledger's say-so gets it a DELETE. */
  add(kind: ResourceKind, id: string): void {
    this.added[kind].add(id);
    this.forgotten[kind].delete(id);
  }

  /** Forget an id the check itself deleted. */
  forget(kind: ResourceKind, id: string): void {
    this.added[kind].delete(id);
    this.forgotten[kind].add(id);
    this.ledger?.settle(kind, id);
  }

  private pending(kind: ResourceKind): string[] {
    const recorded = this.options.onlyAdded
      ? []
      : (this.ledger?.createdSince(this.mark) ?? []).filter((entry) => entry.kind === kind).map((entry) => entry.id);
    return [...new Set([...recorded, ...this.added[kind]])].filter((id) => !this.forgotten[kind].has(id));
  }

  /**
   * Groups first, each verified gone with a retrieve; then the conversation each group's create
   * answer named is retrieved: gone with its group (§3), as it should be, or deleted directly only
   * when a retrieve verified it as the group's (ledger.ts), else a leftover with the reason. Then
   * the conversations, each delete verified with a retrieve.
   */
  async deleteAll(client: ApiClient): Promise<Leftover[]> {
    const leftovers: Leftover[] = [];
    const groups = this.pending('group');
    const conversations = this.pending('conversation');
    const handled = new Set<string>();
    const refused = (kind: ResourceKind, id: string): boolean => {
      const why = this.ledger?.refusal(kind, id);
      if (why !== undefined) leftovers.push({ kind, id, reason: `not deleted: ${why}` });
      return why !== undefined;
    };
    const attempt = async (kind: ResourceKind, id: string): Promise<boolean> => {
      try {
        const deleted = kind === 'group' ? await client.deleteGroup(id) : await client.deleteConversation(id);
        // The retrieve is the proof: a delete may answer anything (§4.3), and a conversation
        // already removed with its group answers with whatever 4xx the server uses.
        const check = kind === 'group' ? await client.retrieveGroup(id) : await client.retrieveConversation(id);
        if (!everyReading.isUnknownIdAnswer(check.status)) {
          leftovers.push({
            kind,
            id,
            reason: `still retrievable (${check.status}) after DELETE answered ${deleted.status}`,
          });
          return false;
        }
        this.ledger?.settle(kind, id);
        return true;
      } catch (error) {
        leftovers.push({ kind, id, reason: (error as Error).message });
        return false;
      }
    };
    await forEachInParallel(groups, async (id) => {
      if (refused('group', id) || !(await attempt('group', id))) return;
      const conversationId = this.ledger?.conversationClaimedBy(id);
      if (conversationId === undefined || this.forgotten.conversation.has(conversationId)) return;
      handled.add(conversationId);
      try {
        const left = await client.retrieveConversation(conversationId);
        if (everyReading.isUnknownIdAnswer(left.status)) {
          this.ledger?.settle('conversation', conversationId);
          return;
        }
        const why = this.ledger?.refusal('conversation', conversationId);
        if (why === undefined) await attempt('conversation', conversationId);
        else {
          leftovers.push({
            kind: 'conversation',
            id: conversationId,
            reason: `the conversation group ${id}'s create answer named is still retrievable (${left.status}) after the group's delete; not deleted: ${why}`,
          });
        }
      } catch (error) {
        leftovers.push({
          kind: 'conversation',
          id: conversationId,
          reason: `group ${id}'s conversation could not be verified gone: ${(error as Error).message}`,
        });
      }
    });
    await forEachInParallel(conversations, async (id) => {
      if (handled.has(id) || refused('conversation', id)) return;
      await attempt('conversation', id);
    });
    for (const kind of ['conversation', 'group'] as const) this.added[kind].clear();
    return leftovers;
  }
}
