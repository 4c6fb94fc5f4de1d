// The probe's last resort for what it made but holds no id of (a create answered with another
// object): found by the run marker its names carry, and removed as the run's sweep removes.
import { findMarked, sweepClient, sweepLedger } from '../safety/sweep.ts';
import type { Target } from '../target/target.ts';
import type { DetectOptions, Detection } from './findings.ts';

/**
 * What the probe could not remove by the ids it was given (a create answered with something other
 * than the group, or with another group's id, which it never writes to): whatever carries the
 * probe's marker is found, each only when its own retrieve shows the marker, and deleted as the
 * run's sweep deletes; what remains is a leftover with the reason. The notes of what happened stay
 * unless a second search shows nothing carrying the marker is left. Returns the requests it made.
 */
export async function sweepMarker(
  target: Target,
  options: DetectOptions,
  detection: Detection,
  notes: readonly string[],
): Promise<number> {
  const sweepTarget = {
    url: target.url,
    accessToken: target.users.accessToken,
    encoding: detection.bodyEncoding ?? target.choices.bodyEncoding,
    timeoutMs: options.timeoutMs,
  };
  const pagination = detection.pagination ?? target.choices.pagination;
  const finder = sweepClient(sweepTarget, []);
  const search = () =>
    findMarked(finder, detection.marker, pagination, undefined, undefined, { groupConversations: true });
  let requests = 0;
  try {
    const found = await search();
    if (found.entries.length > 0) {
      const sweeper = sweepClient(sweepTarget, found.entries);
      const swept = await sweepLedger(found.entries, sweeper);
      requests = sweeper.journal.length;
      detection.leftovers.push(
        ...swept.leftovers.map((leftover) => `${leftover.kind} ${leftover.id}: ${leftover.reason}`),
      );
      const again = await search();
      if (again.entries.length === 0 && again.unread.length === 0) return requests + finder.journal.length;
    }
    detection.leftovers.push(...notes);
  } catch (error) {
    detection.leftovers.push(
      ...notes.map((note) => `${note} (the marker could not be looked for: ${(error as Error).message})`),
    );
  }
  return requests + finder.journal.length;
}
