// The two readings of lists in the harness (harness/checks/list-consistency.ts, list-scope.ts):
// a list read after a write read again until it shows it under LIST_CONSISTENCY=eventual:<ms>, and
// no longer than that; undeclared, read once more for the hint, once a check; which lists hold an
// archived record under DEFAULT_LIST_SCOPE. Counted in reads, never in time.
import { describe, expect, it } from 'vitest';
import {
  serverProfile,
  suggestedListDelayMs,
  type DeclaredReadings,
} from '../../../lib/core/profile/server-profile.ts';
import type { CheckContext } from '../../../harness/checks/check-context.ts';
import { CheckFailure } from '../../../harness/checks/check-failure.ts';
import { readAfterWrite, walkShows } from '../../../harness/checks/list-consistency.ts';
import { scopeHolds } from '../../../harness/checks/list-scope.ts';

const contextOf = (declared: DeclaredReadings): CheckContext =>
  ({ profile: serverProfile(declared), hints: new Set<string>() }) as unknown as CheckContext;

/** A read that shows the write from its `from`-th call on (never, for Infinity), counting its calls. */
function readShowingFrom(from: number) {
  let calls = 0;
  return { read: async () => ++calls, shows: (call: number) => call >= from, calls: () => calls };
}

describe('a list read after a write (list-consistency)', () => {
  it('under eventual:<ms> is read again until it shows the write, and that read is the one judged', async () => {
    const { read, shows, calls } = readShowingFrom(4);
    const context = contextOf({ 'list-consistency': 'eventual:60000' });
    expect(await readAfterWrite(context, read, shows)).toBe(4);
    expect(calls()).toBe(4);
    expect(context.hints.size).toBe(0);
  });

  it('under eventual:<ms> stops when the bound has passed, with the last read, or the last failure a read threw', async () => {
    const { read, shows, calls } = readShowingFrom(Infinity);
    const result = await readAfterWrite(contextOf({ 'list-consistency': 'eventual:100' }), read, shows);
    expect(result).toBe(calls());
    // 20, 40 and the rest of 100 ms: a handful of reads, never one a millisecond.
    expect(calls()).toBeGreaterThan(1);
    expect(calls()).toBeLessThan(8);
    const failing = async () => {
      throw new CheckFailure({ expected: 'a page', received: 'a refused cursor' });
    };
    await expect(readAfterWrite(contextOf({ 'list-consistency': 'eventual:50' }), failing, () => true)).rejects.toThrow(
      /a refused cursor/,
    );
  });

  it('undeclared is held to the write at once: the first read is judged, and one read again, once a check, says whether eventual would describe the server', async () => {
    const late = readShowingFrom(2);
    const context = contextOf({});
    expect(await readAfterWrite(context, late.read, late.shows)).toBe(1);
    expect(late.calls()).toBe(2);
    expect([...context.hints]).toEqual([
      expect.stringMatching(
        /the same read \d+ ms later did: LIST_CONSISTENCY=eventual:\d+000 would describe this server/,
      ),
    ]);
    // Once a check: a second read that does not show its write is not read again.
    const again = readShowingFrom(2);
    expect(await readAfterWrite(context, again.read, again.shows)).toBe(1);
    expect(again.calls()).toBe(1);
    // A list that never shows it gets no hint: it is not late, it is wrong.
    const never = readShowingFrom(Infinity);
    const other = contextOf({});
    await readAfterWrite(other, never.read, never.shows);
    expect([never.calls(), other.hints.size]).toEqual([2, 0]);
    // A list that shows it at once is read once.
    const now = readShowingFrom(1);
    await readAfterWrite(contextOf({}), now.read, now.shows);
    expect(now.calls()).toBe(1);
  });

  it('suggests a bound of twice the delay seen, in whole seconds', () => {
    expect([suggestedListDelayMs(120), suggestedListDelayMs(1_010), suggestedListDelayMs(2_600)]).toEqual([
      1_000, 3_000, 6_000,
    ]);
  });

  it('a walk shows the write when what it should hold is there as written, nothing it should not, and is not judged on pages it never read', () => {
    const walk = (ids: string[], complete = true) => ({
      items: ids.map((id) => ({ id, name: id === 'b' ? 'old' : 'new' })),
      complete,
    });
    const current = (item: { name: string }) => item.name === 'new';
    expect(walkShows(walk(['a', 'b']), { listed: [{ id: 'a' }] })).toBe(true);
    expect(walkShows(walk(['b']), { listed: [{ id: 'a' }] })).toBe(false);
    expect(walkShows(walk(['b'], false), { listed: [{ id: 'a' }] })).toBe(true);
    expect(walkShows(walk(['a', 'b']), { listed: [{ id: 'b' }], current })).toBe(false);
    expect(walkShows(walk(['a', 'b']), { unlisted: ['b'] })).toBe(false);
    expect(walkShows(walk(['a']), { unlisted: ['b'], holds: (items) => items.length === 1 })).toBe(true);
    expect(walkShows(walk(['a', 'c']), { holds: (items) => items.length === 1 })).toBe(false);
  });
});

describe('which lists hold an archived record (default-list-scope)', () => {
  const archived = { archived_at: 1_700_000_000 };
  const active = { archived_at: null };

  it('undeclared (all): every list without archived holds it, archived=true only the archived', () => {
    const context = contextOf({});
    expect([
      scopeHolds(context, {}, archived),
      scopeHolds(context, { muted: true }, archived),
      scopeHolds(context, { archived: true }, archived),
      scopeHolds(context, { archived: true }, active),
    ]).toEqual([true, true, true, false]);
  });

  it('DEFAULT_LIST_SCOPE=active: a list without archived holds the active ones only, whatever its other filters', () => {
    const context = contextOf({ 'default-list-scope': 'active' });
    expect([
      scopeHolds(context, {}, archived),
      scopeHolds(context, { group_id: 'g' }, archived),
      scopeHolds(context, {}, active),
      scopeHolds(context, { archived: true }, archived),
    ]).toEqual([false, false, true, true]);
  });
});
