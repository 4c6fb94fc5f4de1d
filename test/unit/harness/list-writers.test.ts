// Who moved a list under a check's walks (issue 26, part 7): a skip reason names the suite's own
// checks when what came and went between the walks is the run's (its ledger file, its marker), and
// other clients only when it is not.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../harness/checks/check-context.ts';
import { CheckSkipped } from '../../../harness/checks/check-failure.ts';
import { walkFinding, type Walk } from '../../../harness/checks/list-walk.ts';
import { listWriters } from '../../../harness/checks/list-writers.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-list-writers-');
const runId = '1a2b3c4d';

/** A ledger file of the run holding these conversations, as the run's workers append to it. */
function targetWithLedger(ids: readonly string[]) {
  const ledgerFile = join(newDir(), `ledger-${runId}.jsonl`);
  writeFileSync(ledgerFile, ids.map((id) => `${JSON.stringify({ kind: 'conversation', id })}\n`).join(''));
  return { runId, ledgerFile };
}

const held = { id: 'held-before', contact_id: 'someone' };

describe('listWriters', () => {
  it("names the suite's own checks when every item that came or went is in the run's ledger", () => {
    const target = targetWithLedger(['own-1', 'own-2']);
    expect(
      listWriters(target, [
        [held, { id: 'own-1' }],
        [held, { id: 'own-2' }],
      ]),
    ).toBe("the suite's own checks writing to it at the same time");
  });

  it("names the suite's own checks for an item carrying the run's marker that the ledger does not hold yet", () => {
    const target = targetWithLedger([]);
    const marked = { id: 'not-yet-in-ledger', contact_id: `msgapi${runId}kabc123bulk1` };
    expect(listWriters(target, [[held], [held, marked]])).toBe("the suite's own checks writing to it at the same time");
  });

  it('names other clients only when what changed is not the run’s, and both when both wrote', () => {
    const target = targetWithLedger(['own-1']);
    const foreign = { id: 'foreign-1', contact_id: 'msgapi9f9f9f9fkzzz1' };
    expect(listWriters(target, [[held], [held, foreign]])).toBe('other clients writing to it');
    expect(
      listWriters(target, [
        [held, { id: 'own-1' }],
        [held, foreign],
      ]),
    ).toBe("the suite's own checks and other clients writing to it");
  });

  it('does not guess when the walks held the same items in another order', () => {
    expect(
      listWriters(targetWithLedger([]), [
        [held, { id: 'x' }],
        [{ id: 'x' }, held],
      ]),
    ).toBe('writes to it that its pages do not attribute');
  });
});

describe('a walk that never stood still', () => {
  it("skips naming the suite's own concurrent checks, not others, when they were the writers", async () => {
    const target = { ...targetWithLedger(['own-1', 'own-2', 'own-3', 'own-4', 'own-5']), pagination: { kind: 'page' } };
    const context = {
      target,
      skip: (reason: string) => {
        throw new CheckSkipped(reason);
      },
    } as unknown as CheckContext;
    // Each walk shows another of the run's items beside the one the check looks for, and misses that one.
    let walks = 0;
    const walkOnce = async (): Promise<Walk<{ id: string }>> => ({
      items: [held, { id: `own-${++walks}` }],
      pages: [],
      complete: true,
    });
    const skipped = await walkFinding(context, walkOnce, ['sought'], 'the list of conversations').catch(
      (error: unknown) => error,
    );
    expect(skipped).toBeInstanceOf(CheckSkipped);
    expect((skipped as CheckSkipped).reason).toBe(
      "the list of conversations changed between every two walks (the suite's own checks writing to it at the same time), and PAGINATION=page pages move with it",
    );
  });
});
