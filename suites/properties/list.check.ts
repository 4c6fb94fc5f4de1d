import fc from 'fast-check';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectEachOnceAcrossPages, requirePagination } from '../../harness/checks/each-once.ts';
import { createConversations, updateConversation } from '../../harness/checks/fixtures.ts';
import { walkConversations } from '../../harness/checks/list-walk.ts';
import { checkProperty } from '../../harness/properties/run-property.ts';

export const checks = [
  // Whatever the page size, the pages of a filtered list partition it: each of the suite's items
  // on exactly one page, none left out (§4.1, §4.3).
  defineCheck(
    {
      id: 'properties.list.pages-partition',
      title: "for any page size, the pages of a filtered list hold each of the suite's items exactly once",
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status'],
      tags: ['conversations', 'groups'],
    },
    async (context) => {
      requirePagination(context);
      const arbitrary = fc.record({ items: fc.integer({ min: 1, max: 5 }), limit: fc.integer({ min: 1, max: 4 }) });
      await checkProperty(
        context,
        arbitrary,
        async ({ items, limit }, log) => {
          const own = await log.step(`create ${items} conversations, muted and pinned`, async () => {
            const created = await createConversations(context, items, 'pbt-pages');
            for (const conversation of created) {
              await updateConversation(
                context,
                conversation.id,
                { is_muted: true, is_pinned: true },
                'conversations.update.is-muted',
              );
            }
            return created;
          });
          await log.step(`walk muted=true&pinned=true with limit=${limit}`, () =>
            expectEachOnceAcrossPages(
              context,
              () => walkConversations(context, { muted: true, pinned: true }, { limit, expect: { listed: own } }),
              own.map((conversation) => conversation.id),
              `muted, pinned conversations (limit=${limit})`,
            ),
          );
        },
        { numRuns: Math.min(context.target.propertyRuns, 5) },
      );
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
