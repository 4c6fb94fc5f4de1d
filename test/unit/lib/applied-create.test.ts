import { describe, expect, it } from 'vitest';
import { appliedCreate, markedTextsIn, type AnsweredPage } from '../../../lib/core/client/applied-create.ts';
import type { QueryValue } from '../../../lib/api/operations.ts';

const isSuccess = (status: number) => status >= 200 && status <= 299;

/** A list of groups of these names, in pages of `size` asked for by starting_after, and the queries it got. */
function pagedList(names: string[], size = 100) {
  const asked: Array<Record<string, QueryValue>> = [];
  const list = async (query: Record<string, QueryValue>): Promise<AnsweredPage> => {
    asked.push(query);
    const after = query.starting_after === undefined ? 0 : Number(String(query.starting_after).slice(4)) + 1;
    const data = names.slice(after, after + size).map((name, i) => ({ id: `grp_${after + i}`, name }));
    return { status: 200, body: { has_more: after + size < names.length, data } };
  };
  return { list, asked };
}

describe('whether a create that got no answer was applied', () => {
  it('finds the object by what it sent on a later page, read in the declared pagination', async () => {
    const names = [...Array.from({ length: 250 }, (_, i) => `other-${i}`), 'msgapi0123abcdgmine1'];
    const { list, asked } = pagedList(names);
    const found = await appliedCreate(
      'createGroup',
      ['msgapi0123abcdgmine1'],
      { kind: 'starting_after' },
      list,
      isSuccess,
    );
    expect(found).toEqual({ applied: true, id: 'grp_250', conversationId: undefined });
    expect(asked).toEqual([
      { limit: 100 },
      { limit: 100, starting_after: 'grp_99' },
      { limit: 100, starting_after: 'grp_199' },
    ]);
  });

  it('finds it stored normalised (profile: text-storage), and says not applied once the list ended without it', async () => {
    const { list } = pagedList(['msgapi0123abcdgmine1']);
    expect(
      await appliedCreate('createGroup', [' msgapi0123abcdgmine1 '], { kind: 'starting_after' }, list, isSuccess),
    ).toMatchObject({ applied: true });
    expect(
      await appliedCreate('createGroup', ['msgapi0123abcdgmine2'], { kind: 'starting_after' }, list, isSuccess),
    ).toEqual({ applied: false });
  });

  it('finds nothing to look for when nothing marked was sent; cannot tell when the list is refused or cannot be walked to its end', async () => {
    const { list } = pagedList(
      Array.from({ length: 30 }, (_, i) => `other-${i}`),
      10,
    );
    const refused = async (): Promise<AnsweredPage> => ({ status: 503, body: undefined });
    // Nothing of the run's sent: nothing to look for (and nothing of the run's to lose by sending it again).
    expect(await appliedCreate('createConversation', [], { kind: 'starting_after' }, list, isSuccess)).toEqual({
      unmarked: true,
    });
    expect(await appliedCreate('createGroup', ['x'], { kind: 'starting_after' }, refused, isSuccess)).toEqual({
      unknown: 'the list answered 503 without a page of items',
    });
    expect(await appliedCreate('createGroup', ['x'], { kind: 'none' }, list, isSuccess)).toEqual({
      unknown: 'the list has more pages than can be asked for',
    });
  });

  it("takes the run's marked texts out of a body sent as written, whatever its encoding", () => {
    expect(markedTextsIn('["msgapi468c3081kcce2f3arra1"]')).toEqual(['msgapi468c3081kcce2f3arra1']);
    expect(markedTextsIn('name=msgapiea9a2941gbc77b7firs1&name=msgapiea9a2941gbc77b7seco2')).toEqual([
      'msgapiea9a2941gbc77b7firs1',
      'msgapiea9a2941gbc77b7seco2',
    ]);
    expect(markedTextsIn('{"name":"a group"}')).toEqual([]);
  });
});
