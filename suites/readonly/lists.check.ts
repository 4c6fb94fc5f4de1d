// Read-only checks work with what the target already holds: they send nothing but GETs.
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { walkConversations, walkGroups } from '../../harness/checks/list-walk.ts';

// A few pages: enough to see the shapes, little enough for a production target.
const pages = { maxPages: 3 };

export const checks = [
  defineCheck(
    {
      id: 'readonly.lists.shapes',
      title: 'the first pages of both lists, as the target holds them, are {has_more, data} envelopes of valid objects',
      level: 'spec',
      assumes: ['list-order', 'pagination', 'refusal-status', 'success-status'],
      tags: ['conversations', 'groups'],
      readOnly: true,
    },
    async (context) => {
      // Each page is validated against its envelope schema as it is read (list-walk.ts).
      await walkConversations(context, {}, pages);
      await walkGroups(context, {}, pages);
    },
  ),
];

registerWhenRunByVitest(import.meta, checks);
