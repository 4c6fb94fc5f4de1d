// The safety protocol's one module (lib/core/safety/safe-run.ts), which msgapi check, msgapi load,
// the matrix and msgapi cleanup all use: the ledger file and the snapshot beside it, and the
// clean-up that follows the work whatever became of it. Whole runs stopped half-way and cleaned up
// are test/e2e/safety.test.ts's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LedgerFile, withSafeRun } from '../../../lib/core/safety/safe-run.ts';
import type { Snapshot } from '../../../lib/core/safety/snapshot.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-safe-run-');

const snapshot: Snapshot = {
  taken_at: '2026-01-01T00:00:00.000Z',
  complete: true,
  incomplete: [],
  conversations: ['c-held'],
  groups: ['g-held'],
};

describe("a run's ledger file", () => {
  it('is created empty under the name msgapi cleanup looks for, keeps the snapshot beside it, and goes with it', () => {
    const dir = newDir();
    const ledger = LedgerFile.create(dir, '1a2b3c4d', '-ab');
    expect(ledger.path).toBe(join(dir, 'ledger-1a2b3c4d-ab.jsonl'));
    expect(readFileSync(ledger.path, 'utf8')).toBe('');
    expect(ledger.prior()).toBeUndefined();
    ledger.keepSnapshot(snapshot);
    expect(ledger.snapshotFile).toBe(join(dir, 'ledger-1a2b3c4d-ab.snapshot.json'));
    expect(ledger.prior()?.has('group', 'g-held')).toBe(true);
    expect(ledger.prior()?.has('conversation', 'g-held')).toBe(false);
    // As msgapi cleanup reads it, from the file alone.
    expect(LedgerFile.existing(ledger.path).prior()?.has('conversation', 'c-held')).toBe(true);
    expect(LedgerFile.existing(ledger.path).recorded()).toEqual([]);
    ledger.remove();
    expect([existsSync(ledger.path), existsSync(ledger.snapshotFile)]).toEqual([false, false]);
  });
});

describe('withSafeRun', () => {
  const signals = () => [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];

  it('cleans up after the work and returns both, watching for Ctrl-C only while the work runs', async () => {
    const before = signals();
    let during: number[] = [];
    const run = await withSafeRun(
      { ledger: 'ledger-x.jsonl', work: 'the test', cleanUp: async (after) => after },
      async (signal) => {
        during = signals();
        return signal.aborted ? 'aborted' : 'done';
      },
    );
    expect(run).toEqual({
      value: 'done',
      cleaned: { interruptedBy: undefined, failed: false },
      interruptedBy: undefined,
    });
    expect(during).toEqual(before.map((count) => count + 1));
    expect(signals()).toEqual(before);
  });

  it('cleans up after a work that failed, saying so, and then throws its error', async () => {
    const before = signals();
    const cleaned: Array<{ failed: boolean }> = [];
    const run = withSafeRun(
      { ledger: 'ledger-x.jsonl', work: 'the test', cleanUp: async (after) => void cleaned.push(after) },
      async () => {
        throw new Error('the target went away');
      },
    );
    await expect(run).rejects.toThrow('the target went away');
    expect(cleaned).toEqual([{ interruptedBy: undefined, failed: true }]);
    expect(signals()).toEqual(before);
  });
});
