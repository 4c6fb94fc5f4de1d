// Listing with a filter and walking its pages at a drawn page size: of this run's own objects,
// every one listed matches the filter, none is listed twice, nothing deleted shows up, and every
// one the model says matches is found.
import type { AsyncCommand } from 'fast-check';
import type { Conversation } from '../../../api/resources.ts';
import { CheckFailure } from '../../checks/check-failure.ts';
import { expectThat } from '../../checks/expect.ts';
import { walkConversations, walkGroups, type Walk } from '../../checks/list-walk.ts';
import { pick, type Model, type Real } from './model.ts';

export type ListFilter = 'muted' | 'pinned' | 'archived' | 'group_id' | 'archived-groups';

const matches: Record<Exclude<ListFilter, 'group_id' | 'archived-groups'>, (item: Conversation) => boolean> = {
  muted: (item) => item.is_muted,
  pinned: (item) => item.is_pinned,
  archived: (item) => item.archived_at !== null,
};

interface Plan {
  query: Record<string, string>;
  /** The run's own objects that must be listed. */
  expected: Set<string>;
  /** Every id that is the run's own, deleted ones included. */
  own: Set<string>;
  walking: () => Promise<Walk<{ id: string }>>;
}

export class ListAndWalk implements AsyncCommand<Model, Real, false> {
  constructor(readonly filter: ListFilter, readonly limit: number, readonly index: number) {}

  check = (model: Readonly<Model>) => (this.filter === 'group_id' ? model.groups.length > 0 : true);

  async run(model: Model, real: Real): Promise<void> {
    // Walks of small pages over lists that other checks and runs write to at the same time can
    // lose their cursor or shift; a server that really lists wrongly does so on every walk.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.walkAndCompare(model, real);
      } catch (error) {
        if (!(error instanceof CheckFailure) || attempt === 3) throw error;
      }
    }
  }

  private async walkAndCompare(model: Model, { context, log }: Real): Promise<void> {
    const { query, expected, own, walking } = this.plan(model, context);
    const walk = await log.step(`${this.toString()} → ${new URLSearchParams(query)}`, walking);
    const last = walk.pages.at(-1)!;
    const listedOwn = walk.items.filter((item) => own.has(item.id)).map((item) => item.id);
    const repeated = listedOwn.filter((id, at) => listedOwn.indexOf(id) !== at);
    expectThat(repeated.length === 0, last, `each of the run's own objects listed at most once (§4.3), limit=${this.limit}`, `repeated: ${repeated.join(', ')}`);
    const wrong = listedOwn.filter((id) => !expected.has(id));
    expectThat(wrong.length === 0, last, `only objects that match ${this.filter} and still exist (§3, §4)`, `also listed: ${wrong.join(', ')}`);
    const missing = [...expected].filter((id) => !listedOwn.includes(id));
    if (walk.complete || walk.stoppedBecause === 'found what it looked for') {
      expectThat(missing.length === 0, last, `every object the model says matches ${this.filter} listed (§4.1, §4.2: the list filters)`, `missing: ${missing.join(', ')}`);
    }
  }

  /** What to ask for, which of the run's own objects must be listed, and which are its own at all. */
  private plan(model: Model, context: Real['context']): Plan {
    const gone = model.gone.map((item) => item.id);
    if (this.filter === 'archived-groups') {
      const expected = new Set(model.groups.filter((group) => group.archived_at !== null).map((group) => group.id));
      const own = new Set([...model.groups.map((group) => group.id), ...gone]);
      const walking = () => walkGroups(context, { archived: true }, { limit: this.limit, stopWhen: stopWhenAll(expected) });
      return { query: { archived: 'true', limit: String(this.limit) }, expected, own, walking };
    }
    const own = new Set([...model.conversations.map((conversation) => conversation.id), ...gone]);
    if (this.filter === 'group_id') {
      const group = pick(model.groups, this.index);
      const expected = new Set(model.conversations.filter((item) => item.group_id === group.id).map((item) => item.id));
      const walking = () => walkConversations(context, { group_id: group.id }, { limit: this.limit, stopWhen: stopWhenAll(expected) });
      return { query: { group_id: group.id, limit: String(this.limit) }, expected, own, walking };
    }
    const filter = this.filter;
    const expected = new Set(model.conversations.filter(matches[filter]).map((item) => item.id));
    const walking = () => walkConversations(context, { [filter]: true }, { limit: this.limit, stopWhen: stopWhenAll(expected) });
    return { query: { [filter]: 'true', limit: String(this.limit) }, expected, own, walking };
  }

  toString = () => `ListAndWalk(${this.filter}, limit=${this.limit}${this.filter === 'group_id' ? `, group #${this.index}` : ''})`;
}

// Stopping once every expected object is seen keeps the walk short on a target full of foreign
// data; an empty expectation walks to the end, so that an object listed wrongly can still show.
const stopWhenAll = (expected: ReadonlySet<string>) => (items: ReadonlyArray<{ id: string }>) =>
  expected.size > 0 && [...expected].every((id) => items.some((item) => item.id === id));
