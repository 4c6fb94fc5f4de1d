import {
  archivedFilter, badLimitIsNoServerError, defaultPageSizeIsTen, expectFilter, limitIsHonoured, listEnvelope,
} from '../../src/conformance/behaviours/list-pages.ts';
import { check } from '../../src/conformance/checks/define-check.ts';
import { expectEachOnceAcrossPages, requirePagination } from '../../src/conformance/checks/each-once.ts';
import { expectBody, expectSuccess, expectThat } from '../../src/conformance/checks/expect.ts';
import { createConversation, createConversations, createGroup, updateConversation } from '../../src/conformance/checks/fixtures.ts';
import { walkConversations } from '../../src/conformance/checks/list-walk.ts';
import { conversations } from '../../src/conformance/checks/resource-under-test.ts';

check('conversations.list.envelope', listEnvelope(conversations));
check('conversations.list.default-page-size', defaultPageSizeIsTen(conversations));
check('conversations.list.limit', limitIsHonoured(conversations));

check('conversations.list.has-more-false-at-end', async (context) => {
  // The conversations of a group of the suite's own: a list that fits on one page.
  const { group } = await createGroup(context);
  const response = await context.client.listConversations({ group_id: group.id });
  expectSuccess(response, 'GET /v1/conversations?group_id=');
  const page = expectBody(response, 'conversation-list', 'the list');
  expectThat(page.data.length <= 10, response, `the one conversation of group ${group.id}`, `${page.data.length} conversations`);
  expectThat(!page.has_more, response, '§4.1: has_more false on the last page', 'has_more true on a page that holds the whole list');
});

check('conversations.list.muted-filter', async (context) => {
  // Two, one left unmuted: a filter that ignores muted=true lists it and fails "only muted".
  const [muted] = await createConversations(context, 2, 'muted');
  await updateConversation(context, muted!.id, { is_muted: true }, 'conversations.update.is-muted');
  await expectFilter(context, conversations, { muted: true }, (item) => item.is_muted, [muted!], 'muted');
});

check('conversations.list.pinned-filter', async (context) => {
  const [pinned] = await createConversations(context, 2, 'pinned');
  await updateConversation(context, pinned!.id, { is_pinned: true }, 'conversations.update.is-pinned');
  await expectFilter(context, conversations, { pinned: true }, (item) => item.is_pinned, [pinned!], 'pinned');
});

check('conversations.list.archived-filter', archivedFilter(conversations));

check('conversations.list.group-id-filter', async (context) => {
  const { group } = await createGroup(context);
  await createConversation(context);
  const walk = await walkConversations(context, { group_id: group.id });
  const wrong = walk.items.filter((item) => item.group_id !== group.id);
  expectThat(wrong.length === 0, walk.pages[0]!, `§4.1: group_id=${group.id} returns only conversations of that group`, `also ${wrong.map((item) => item.id).join(', ')}`);
  expectThat(
    walk.items.some((item) => item.id === group.conversation_id),
    walk.pages[0]!,
    `the group's conversation ${group.conversation_id} listed under group_id=${group.id}`,
    'not listed',
  );
});

check('conversations.list.pagination', async (context) => {
  requirePagination(context);
  const own = await createConversations(context, 5, 'pages');
  // Muted, pinned and archived: a narrow list that few other checks write to while it is walked.
  for (const conversation of own) {
    await updateConversation(context, conversation.id, { is_muted: true, is_pinned: true, archived_at: conversation.created_at }, 'conversations.update.is-muted');
  }
  await expectEachOnceAcrossPages(
    context,
    () => walkConversations(context, { muted: true, pinned: true, archived: true }, { limit: 2 }),
    own.map((conversation) => conversation.id),
    'muted, pinned, archived conversations (limit=2)',
  );
});

check('conversations.list.bad-limit', badLimitIsNoServerError(conversations));
