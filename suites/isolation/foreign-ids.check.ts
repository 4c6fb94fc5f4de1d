import type { Conversation, ConversationUpdateParams, GroupUpdateParams } from '../../lib/api/resources.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { comparableConversation } from '../../harness/checks/comparable.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { expectBody, expectNoServerError, expectThat, fieldDifferences } from '../../harness/checks/expect.ts';
import { groupConversation, prerequisite } from '../../harness/checks/fixtures.ts';
import {
  expectNoOwnData,
  expectUnchanged,
  snapshotOwnResources,
  type OwnResources,
} from '../../harness/checks/own-resources.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { expectRefused, isolationRule, secondUser } from './other-user.ts';
import { withSecondUserObjects } from './second-user-objects.ts';

// The first user's ids where a request carries ids besides its path: the body of a create, the
// body of an update. (Paths: retrieve, update and delete.check.ts; the group_id query: list.check.ts.)

const foreignRule = `${isolationRule}; profile foreign-id-status: another user's object is neither revealed nor changed`;

/** The first user's group's conversation still there and exactly as before. */
async function expectGroupConversationUnchanged(
  context: CheckContext,
  before: Conversation,
  cause: string,
): Promise<void> {
  const response = await context.client.retrieveConversation(before.id);
  expectThat(
    context.profile.isSuccess(response.status),
    response,
    `the first user's group's conversation still retrievable by its owner after ${cause} (${foreignRule})`,
    `status ${response.status}: the conversation is gone`,
  );
  const after = prerequisite(
    response,
    'conversation',
    'GET /v1/conversations/:id',
    'conversations.retrieve.same-object',
  );
  const changes = fieldDifferences(context.profile, comparableConversation(after), comparableConversation(before));
  expectThat(
    changes.length === 0,
    response,
    `the first user's group's conversation exactly as before ${cause} (${foreignRule})`,
    changes.join('; '),
  );
}

/**
 * The second user's create with the first user's group_id: refused (any error status, §7), or a
 * conversation of the second user's own, new, that carries nothing of the first user's but the
 * group_id sent. Never the first user's group's conversation, nor anything else of theirs.
 */
function expectNothingRevealed(
  context: CheckContext,
  response: ApiResponse,
  own: OwnResources,
  groupChat: Conversation,
  what: string,
): void {
  expectNoServerError(context.profile, response, what);
  if (!context.profile.isSuccess(response.status)) {
    // To the second user the group_id names no group of theirs: a server may answer as for another
    // user's id, an unknown id, or a bad parameter (§7 leaves each status open; the profile's entries).
    const { profile } = context;
    expectThat(
      profile.isForeignIdAnswer(response.status) ||
        profile.isUnknownIdAnswer(response.status) ||
        profile.isRefusal(response.status),
      response,
      `a refusal (foreign-id-status ${profile.describe('foreign-id-status')}, unknown-id-status ${profile.describe('unknown-id-status')} or refusal-status ${profile.describe('refusal-status')}) or a conversation of the second user's own for ${what} (${foreignRule})`,
      `status ${response.status}`,
    );
    expectNoOwnData(response, own, [own.group.id], what, foreignRule);
    return;
  }
  const made = expectBody(response, 'conversation', 'the created conversation');
  const firstUsers = [own.conversation.id, groupChat.id];
  expectThat(
    !firstUsers.includes(made.id),
    response,
    `no conversation of the first user's in the answer to ${what} (${foreignRule})`,
    `conversation ${made.id}, the first user's ${made.id === groupChat.id ? "group's conversation" : 'conversation'}`,
  );
  expectNoOwnData(response, own, [own.group.id], what, foreignRule);
}

async function createWithForeignGroupId(context: CheckContext): Promise<void> {
  const second = await secondUser(context);
  const own = await snapshotOwnResources(context, 'isolation-foreign-group');
  // The group's conversation as its owner retrieves it, to compare with afterwards.
  const groupChat = await groupConversation(context, own.group);
  const what = "the second user's POST /v1/conversations with group_id=<the first user's group>";
  await withSecondUserObjects(context, second, [own.conversation.id, own.group.id, groupChat.id], async (objects) => {
    const response = await second.createConversation({ group_id: own.group.id });
    objects.record('conversation', response);
    expectNothingRevealed(context, response, own, groupChat, what);
    // Nor changed: the group keeps its one conversation (§1), which stays as it was.
    await expectUnchanged(context, own, { conversation: what, group: what }, foreignRule);
    await expectGroupConversationUnchanged(context, groupChat, what);
  });
}

/** The fields of an update the isolation.update.other-user check does not send (it sends is_muted and name). */
function foreignUpdates(
  context: CheckContext,
  own: OwnResources,
): {
  conversation: Array<[string, ConversationUpdateParams]>;
  group: Array<[string, GroupUpdateParams]>;
} {
  return {
    conversation: [
      ['pinned_message_id', { pinned_message_id: context.names.contactId('isolation-foreign-pin') }],
      ['is_pinned=true', { is_pinned: true }],
      ['archived_at', { archived_at: own.conversation.created_at }],
    ],
    group: [
      ['a description', { description: context.names.groupName('isolation foreign description') }],
      [
        'an avatar_url',
        { avatar_url: `https://example.com/${context.names.contactId('isolation-foreign-avatar')}.png` },
      ],
      ['contacts', { contacts: [{ username: context.names.username('isolation-foreign-member') }] }],
      ['archived_at', { archived_at: own.group.created_at }],
    ],
  };
}

/** Each field in a request of its own: a server may guard one code path (archiving, members) and not another. */
async function updateEachField(context: CheckContext): Promise<void> {
  const second = await secondUser(context);
  const own = await snapshotOwnResources(context, 'isolation-foreign-fields');
  const updates = foreignUpdates(context, own);
  const tried = { conversation: [] as string[], group: [] as string[] };
  for (const [label, params] of updates.conversation) {
    const what = `the second user's PUT /v1/conversations/:id with ${label} on the first user's conversation`;
    tried.conversation.push(label);
    const sent = [
      own.conversation.id,
      ...Object.values(params).filter((value): value is string => typeof value === 'string'),
    ];
    expectRefused(context.profile, await second.updateConversation(own.conversation.id, params), own, sent, what);
  }
  for (const [label, params] of updates.group) {
    const what = `the second user's PUT /v1/groups/:id with ${label} on the first user's group`;
    tried.group.push(label);
    const sent = [own.group.id, ...Object.values(params).filter((value): value is string => typeof value === 'string')];
    expectRefused(context.profile, await second.updateGroup(own.group.id, params), own, sent, what);
  }
  await expectUnchanged(
    context,
    own,
    {
      conversation: `the second user's PUTs of the first user's conversation (${tried.conversation.join('; ')})`,
      group: `the second user's PUTs of the first user's group (${tried.group.join('; ')})`,
    },
    foreignRule,
  );
}

/**
 * §4.1, §4.2: PUT /v1/<resource>/:id updates the object of the path, and answers with it. An id
 * in the body (no parameter of the spec, so a server may ignore it or refuse it) never redirects
 * the update to another user's object.
 */
async function idInTheBody(context: CheckContext): Promise<void> {
  const second = await secondUser(context);
  const own = await snapshotOwnResources(context, 'isolation-body-id');
  await withSecondUserObjects(
    context,
    second,
    [own.conversation.id, own.group.id, own.group.conversation_id],
    async (objects) => {
      const conversation = await objects.conversation(context.names.contactId('isolation-body-id-second'));
      const group = await objects.group(context.names.groupName('isolation body id second'));
      const rename = context.names.groupName('isolation body id renamed');
      const attempts = [
        {
          what: "the second user's PUT /v1/conversations/<the second user's conversation> with id=<the first user's conversation> and is_muted=true",
          pathId: conversation.id,
          response: await second.call('updateConversation', {
            id: conversation.id,
            body: { id: own.conversation.id, is_muted: true },
          }),
        },
        {
          what: "the second user's PUT /v1/groups/<the second user's group> with id=<the first user's group> and a new name",
          pathId: group.id,
          response: await second.call('updateGroup', { id: group.id, body: { id: own.group.id, name: rename } }),
        },
      ];
      for (const { what, pathId, response } of attempts) {
        expectNoServerError(context.profile, response, what);
        if (context.profile.isSuccess(response.status)) {
          const answered = (response.body as { id?: unknown } | undefined)?.id;
          expectThat(
            answered === pathId,
            response,
            `the second user's own object ${pathId}, the one of the path, in the answer to ${what} (§4.1, §4.2: "Response: the updated ... object"; ${foreignRule})`,
            `id ${String(answered)}`,
          );
        }
        expectNoOwnData(response, own, [own.conversation.id, own.group.id, rename], what, foreignRule);
      }
      await expectUnchanged(context, own, { conversation: attempts[0]!.what, group: attempts[1]!.what }, foreignRule);
    },
  );
}

export const checks = [
  defineCheck(
    {
      id: 'isolation.foreign-ids.create-with-group-id',
      title:
        "a second user's POST /v1/conversations with the first user's group_id reveals nothing of the first user's and leaves the group and its conversation unchanged",
      level: 'security',
      assumes: [
        'contact-fields',
        'error-body',
        'foreign-id-status',
        'last-active-at',
        'last-opened-at',
        'success-status',
      ],
      tags: ['conversations', 'groups'],
    },
    createWithForeignGroupId,
  ),
  defineCheck(
    {
      id: 'isolation.foreign-ids.update-each-field',
      title:
        "a second user's PUT of the first user's conversation or group is refused whichever field it sets (pin, archive, description, avatar, contacts), and nothing changes",
      level: 'security',
      assumes: ['contact-fields', 'foreign-id-status', 'last-active-at', 'last-opened-at', 'success-status'],
      tags: ['conversations', 'groups'],
    },
    updateEachField,
  ),
  defineCheck(
    {
      id: 'isolation.foreign-ids.id-in-body',
      title:
        "a second user's PUT of their own object with the first user's id in the body changes only their own object, never the first user's",
      level: 'security',
      assumes: [
        'contact-fields',
        'error-body',
        'last-active-at',
        'last-opened-at',
        'success-status',
        'unknown-id-status',
      ],
      tags: ['conversations', 'groups'],
    },
    idInTheBody,
  ),
];

registerWhenRunByVitest(import.meta, checks);
