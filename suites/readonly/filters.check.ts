import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectThat } from '../../harness/checks/expect.ts';
import { walkConversations, walkGroups, type Walk } from '../../harness/checks/list-walk.ts';

const pages = { maxPages: 3 };

function expectAllMatch<T extends { id: string }>(
  walk: Walk<T>,
  matches: (item: T) => boolean,
  filterRule: string,
): void {
  for (const [index, page] of walk.pages.entries()) {
    const wrong = (page.body as { data: T[] }).data.filter((item) => !matches(item));
    expectThat(
      wrong.length === 0,
      page,
      `${filterRule} (page ${index + 1})`,
      `also listed: ${wrong.map((item) => item.id).join(', ')}`,
    );
  }
}

export const checks = [
  defineCheck(
    {
      id: 'readonly.filters.match',
      title:
        'every conversation listed under muted, pinned or archived=true, and every group under archived=true, matches its filter',
      level: 'spec',
      assumes: ['list-order', 'pagination', 'refusal-status', 'success-status'],
      tags: ['conversations', 'groups'],
      readOnly: true,
    },
    async (context) => {
      expectAllMatch(
        await walkConversations(context, { muted: true }, pages),
        (item) => item.is_muted,
        '§4.1: muted=true returns only muted conversations',
      );
      expectAllMatch(
        await walkConversations(context, { pinned: true }, pages),
        (item) => item.is_pinned,
        '§4.1: pinned=true returns only pinned conversations',
      );
      expectAllMatch(
        await walkConversations(context, { archived: true }, pages),
        (item) => item.archived_at !== null,
        '§4.1: archived=true returns only archived conversations',
      );
      expectAllMatch(
        await walkGroups(context, { archived: true }, pages),
        (item) => item.archived_at !== null,
        '§4.2: archived=true returns only archived groups',
      );
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
