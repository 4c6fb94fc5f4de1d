import type { Conversation, ConversationListParams } from '../../src/api/resources.ts';
import type { CheckContext } from '../../src/checks/check-context.ts';
import { check } from '../../src/checks/define-check.ts';
import { expectBody, expectNoServerError, expectSuccess, expectThat } from '../../src/checks/expect.ts';
import { createConversation, createConversations, createGroup, updateConversation } from '../../src/checks/fixtures.ts';
import { expectEachOnceAcrossPages } from '../../src/checks/each-once.ts';
import { hasAll, walkConversations } from '../../src/checks/list-walk.ts';

check('conversations.list.envelope', async (context) => {
  // One conversation of the suite's own, so that the page is not empty on an empty target.
  await createConversation(context);
  const response = await context.client.listConversations();
  expectSuccess(response, 'GET /v1/conversations');
  expectBody(response, 'conversation-list', 'the list');
});

check('conversations.list.default-page-size', async (context) => {
  // Eleven of the suite's own guarantee that more than ten exist, whatever else the target holds.
  await createConversations(context, 11, 'page-size');
  const response = await context.client.listConversations();
  expectSuccess(response, 'GET /v1/conversations');
  const page = expectBody(response, 'conversation-list', 'the list');
  expectThat(page.data.length === 10, response, '§4.1, §8: exactly ten conversations (the default page size) when more exist', `${page.data.length} conversations`);
  expectThat(page.has_more, response, 'has_more true, since more than ten conversations exist', 'has_more false');
});

check('conversations.list.limit', async (context) => {
  await createConversations(context, 3, 'limit');
  const response = await context.client.listConversations({ limit: 2 });
  expectSuccess(response, 'GET /v1/conversations?limit=2');
  const page = expectBody(response, 'conversation-list', 'the list');
  expectThat(page.data.length === 2, response, '§4.1: limit=2 returns exactly two conversations when more exist', `${page.data.length} conversations`);
  expectThat(page.has_more, response, 'has_more true, since more than two conversations exist', 'has_more false');
});

check('conversations.list.has-more-false-at-end', async (context) => {
  // The conversations of a group of the suite's own: a list that fits on one page.
  const { group } = await createGroup(context);
  const response = await context.client.listConversations({ group_id: group.id });
  expectSuccess(response, 'GET /v1/conversations?group_id=');
  const page = expectBody(response, 'conversation-list', 'the list');
  expectThat(page.data.length <= 10, response, `the one conversation of group ${group.id}`, `${page.data.length} conversations`);
  expectThat(!page.has_more, response, '§4.1: has_more false on the last page', 'has_more true on a page that holds the whole list');
});

/** Walks `filters` and insists every item matches and every one of `own` is found. */
async function expectFilter(
  context: CheckContext,
  filters: ConversationListParams,
  matches: (item: Conversation) => boolean,
  own: Conversation[],
  described: string,
): Promise<void> {
  const walk = await walkConversations(context, filters, { stopWhen: hasAll(own.map((item) => item.id)) });
  const query = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString();
  for (const [index, page] of walk.pages.entries()) {
    const wrong = (page.body as { data: Conversation[] }).data.filter((item) => !matches(item));
    expectThat(wrong.length === 0, page, `§4.1: ${query} returns only ${described} conversations`, `on page ${index + 1}: ${wrong.map((item) => item.id).join(', ')}`);
  }
  const seen = new Set(walk.items.map((item) => item.id));
  const missing = own.filter((item) => !seen.has(item.id));
  if (missing.length > 0 && !walk.complete) context.skip(`the suite's ${described} conversations were not among the pages read: ${walk.stoppedBecause}`);
  expectThat(missing.length === 0, walk.pages.at(-1)!, `the suite's ${described} conversations listed under ${query}`, `missing: ${missing.map((item) => item.id).join(', ')}`);
}

check('conversations.list.muted-filter', async (context) => {
  // Two, one left unmuted: a filter that ignores muted=true lists it and fails "only muted".
  const [muted] = await createConversations(context, 2, 'muted');
  await updateConversation(context, muted!.id, { is_muted: true }, 'conversations.update.is-muted');
  await expectFilter(context, { muted: true }, (item) => item.is_muted, [muted!], 'muted');
});

check('conversations.list.pinned-filter', async (context) => {
  const [pinned] = await createConversations(context, 2, 'pinned');
  await updateConversation(context, pinned!.id, { is_pinned: true }, 'conversations.update.is-pinned');
  await expectFilter(context, { pinned: true }, (item) => item.is_pinned, [pinned!], 'pinned');
});

check('conversations.list.archived-filter', async (context) => {
  const [archived] = await createConversations(context, 2, 'archived');
  await updateConversation(context, archived!.id, { archived_at: archived!.created_at }, 'conversations.archive.sets-timestamp');
  await expectFilter(context, { archived: true }, (item) => item.archived_at !== null, [archived!], 'archived');
});

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
  if (context.target.pagination.kind === 'none') context.skip('PAGINATION=none: no way to ask for the next page was declared');
  const own = await createConversations(context, 5, 'pages');
  for (const conversation of own) {
    await updateConversation(context, conversation.id, { is_muted: true, is_pinned: true }, 'conversations.update.is-muted');
  }
  await expectEachOnceAcrossPages(
    context,
    () => walkConversations(context, { muted: true, pinned: true }, { limit: 2 }),
    own.map((conversation) => conversation.id),
    'muted, pinned conversations (muted=true&pinned=true, limit=2)',
  );
});

check('conversations.list.bad-limit', async (context) => {
  for (const limit of [0, -1, 1_000_000, 'abc']) {
    const response = await context.client.call('listConversations', { query: { limit } });
    expectNoServerError(response, `GET /v1/conversations?limit=${limit}`);
    if (response.status >= 200 && response.status < 300) expectBody(response, 'conversation-list', `the list for limit=${limit}`);
  }
});
