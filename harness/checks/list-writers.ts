// Who wrote to a list that would not stand still. A check that skips because the pages moved under
// it says so, and the writers are most often the suite's own checks running beside it, not other
// clients of the target: the items that came or went between two walks are judged by what the run
// knows it made (its ledger file, shared by every worker, and its marker in names and contact ids).
import { carriesRunMarker } from '../../lib/core/safety/run-names.ts';
import { readLedgerFile } from '../../lib/core/safety/sweep.ts';
import type { ProvidedTarget } from '../../lib/core/target/target.ts';

type Item = { id: string };

/** The ids of every object the run recorded as created so far (group conversations included), in any worker. */
function runsOwnIds(target: Pick<ProvidedTarget, 'ledgerFile'>): Set<string> {
  if (target.ledgerFile === undefined) return new Set();
  return new Set(
    readLedgerFile(target.ledgerFile).flatMap((entry) =>
      entry.conversation_id === undefined ? [entry.id] : [entry.id, entry.conversation_id],
    ),
  );
}

/** The items in some walks and not in others: those written (created, deleted, moved out) meanwhile. */
function changedItems(walks: ReadonlyArray<readonly Item[]>): Item[] {
  const counts = new Map<string, { item: Item; walks: number }>();
  for (const items of walks)
    for (const item of new Map(items.map((each) => [each.id, each])).values()) {
      const seen = counts.get(item.id);
      counts.set(item.id, { item, walks: (seen?.walks ?? 0) + 1 });
    }
  return [...counts.values()].filter((seen) => seen.walks < walks.length).map((seen) => seen.item);
}

/**
 * Who changed a list between walks of it, as the words of a skip reason: "the suite's own checks
 * writing to it at the same time", "other clients writing to it", both, or, when every walk held
 * the same items (only their order moved), that the pages do not show whose writes they were.
 */
export function listWriters(
  target: Pick<ProvidedTarget, 'ledgerFile' | 'runId'>,
  walks: ReadonlyArray<readonly Item[]>,
): string {
  const changed = changedItems(walks);
  if (changed.length === 0) return 'writes to it that its pages do not attribute';
  const own = runsOwnIds(target);
  const isOwn = (item: Item) =>
    own.has(item.id) || Object.values(item).some((value) => carriesRunMarker(value, target.runId));
  const ours = changed.filter(isOwn).length;
  if (ours === changed.length) return "the suite's own checks writing to it at the same time";
  if (ours === 0) return 'other clients writing to it';
  return "the suite's own checks and other clients writing to it";
}
