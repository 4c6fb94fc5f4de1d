import { expectFilter, pageAfterGroupsConversation } from '../../harness/behaviours/list-pages.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectBody, expectSuccess, expectThat } from '../../harness/checks/expect.ts';
import {
  createConversation,
  createConversations,
  createGroup,
  expectListed,
  updateConversation,
} from '../../harness/checks/fixtures.ts';
import { walkConversations } from '../../harness/checks/list-walk.ts';
import { holdsAll, pageAfterWrite } from '../../harness/checks/list-consistency.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';
import { listChecks } from '../both/list.ts';
import { inFileOrder } from '../both/shared-checks.ts';

export const checks = inFileOrder(listChecks(conversations), (shared) => [
  shared.envelope,
  shared.defaultPageSize,
  shared.limit,

  defineCheck(
    {
      id: 'conversations.list.has-more-false-at-end',
      title: 'the last page of a list has has_more false',
      level: 'spec',
      assumes: ['list-consistency', 'success-status'],
    },
    async (context) => {
      // The conversations of a group of the suite's own: a list that fits on one page.
      const { group } = await createGroup(context);
      const response = await pageAfterWrite(
        context,
        () => context.client.listConversations({ group_id: group.id }),
        holdsAll([group.conversation_id]),
      );
      expectSuccess(context.profile, response, 'GET /v1/conversations?group_id=');
      const page = expectBody(response, 'conversation-list', 'the list');
      // The premise: the list is the group's, its conversation among them (else nothing is proven).
      expectListed(
        page.data,
        [group.conversation_id],
        response,
        `GET /v1/conversations?group_id=${group.id}`,
        'conversations.list.group-id-filter',
      );
      expectThat(
        page.data.length <= 10,
        response,
        `§8: a page of at most the default page size (10 items) for the one conversation of group ${group.id}`,
        `${page.data.length} conversations`,
      );
      expectThat(
        !page.has_more,
        response,
        '§4.1: has_more false on the last page',
        'has_more true on a page that holds the whole list',
      );
    },
  ),

  defineCheck(
    {
      id: 'conversations.list.has-more-false-at-limit',
      title: 'a page that holds exactly limit items and ends the list has has_more false',
      level: 'spec',
      assumes: ['list-consistency', 'success-status'],
    },
    async (context) => {
      // A group's conversations: one, so limit=1 fills the page and nothing comes after it.
      const { group } = await createGroup(context);
      const response = await pageAfterWrite(
        context,
        () => context.client.listConversations({ group_id: group.id, limit: 1 }),
        holdsAll([group.conversation_id]),
      );
      expectSuccess(context.profile, response, 'GET /v1/conversations?group_id=&limit=1');
      const page = expectBody(response, 'conversation-list', 'the list');
      expectListed(
        page.data,
        [group.conversation_id],
        response,
        `GET /v1/conversations?group_id=${group.id}&limit=1`,
        'conversations.list.group-id-filter',
      );
      expectThat(
        !page.has_more,
        response,
        `§4.1: has_more false on the last page, here the one conversation of group ${group.id} with limit=1`,
        'has_more true with nothing after the page',
      );
    },
  ),

  defineCheck(
    {
      id: 'conversations.list.muted-filter',
      title: "muted=true returns only muted conversations, the suite's muted ones among them",
      level: 'spec',
      assumes: [
        'default-list-scope',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
      ],
    },
    async (context) => {
      // Two, one left unmuted: a filter that ignores muted=true lists it and fails "only muted".
      const [muted] = await createConversations(context, 2, 'muted');
      await updateConversation(context, muted!.id, { is_muted: true }, 'conversations.update.is-muted');
      await expectFilter(context, conversations, { muted: true }, (item) => item.is_muted, [muted!], 'muted');
    },
  ),

  defineCheck(
    {
      id: 'conversations.list.pinned-filter',
      title: "pinned=true returns only pinned conversations, the suite's pinned ones among them",
      level: 'spec',
      assumes: [
        'default-list-scope',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
      ],
    },
    async (context) => {
      const [pinned] = await createConversations(context, 2, 'pinned');
      await updateConversation(context, pinned!.id, { is_pinned: true }, 'conversations.update.is-pinned');
      await expectFilter(context, conversations, { pinned: true }, (item) => item.is_pinned, [pinned!], 'pinned');
    },
  ),

  shared.archivedFilter,

  defineCheck(
    {
      id: 'conversations.list.group-id-filter',
      title: "group_id returns only that group's conversations, its own conversation among them",
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status'],
    },
    async (context) => {
      const { group } = await createGroup(context);
      await createConversation(context);
      const walk = await walkConversations(
        context,
        { group_id: group.id },
        { expect: { listed: [{ id: group.conversation_id }] } },
      );
      const wrong = walk.items.filter((item) => item.group_id !== group.id);
      expectThat(
        wrong.length === 0,
        walk.pages[0]!,
        `§4.1: group_id=${group.id} returns only conversations of that group`,
        `also ${wrong.map((item) => item.id).join(', ')}`,
      );
      expectThat(
        walk.items.some((item) => item.id === group.conversation_id),
        walk.pages[0]!,
        `the group's conversation ${group.conversation_id} listed under group_id=${group.id} (§4.1: "Only conversations of the given group are returned"; §2.2: conversation_id)`,
        'not listed',
      );
    },
  ),

  shared.pagination,
  shared.badLimit,
  shared.badNextPage,
  shared.pageAfterItem,

  defineCheck(
    {
      id: 'conversations.list.page-after-last-of-group',
      title:
        "under PAGINATION=starting_after, the page after a group's one conversation, filtered by that group, is empty and says has_more false",
      level: 'spec',
      assumes: ['list-consistency', 'pagination', 'success-status'],
    },
    pageAfterGroupsConversation,
  ),
]);

registerWhenRunByVitest(import.meta, checks);
