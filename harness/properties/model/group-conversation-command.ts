// POST /v1/conversations with the id of a group, which has its conversation already (§1: "Each
// group has one conversation"). What a server does then is open (profile:
// group-conversation-create): it answers with the group's conversation (existing), makes a new one
// that becomes the group's one conversation (new), or refuses (refused); a declared
// GROUP_CONVERSATION_CREATE narrows it to one. The model follows whichever reading was taken.
import { newConversation } from '../../../lib/api/new-objects.ts';
import type { ApiResponse } from '../../../lib/core/client/api-client.ts';
import { comparableConversation } from '../../checks/comparable.ts';
import { expectBody, expectNoServerError, expectSuccess, expectThat } from '../../checks/expect.ts';
import { recordCreated } from '../../checks/fixtures.ts';
import { expectAgrees, goneIds, pick, type Command, type Model, type Real } from './model.ts';

type Reading = 'existing' | 'new' | 'refused';

function expectAllowed(context: Real['context'], response: ApiResponse, reading: Reading, received: string): void {
  expectThat(
    context.profile.allows('group-conversation-create', reading),
    response,
    `the reading GROUP_CONVERSATION_CREATE=${String(context.profile.declared['group-conversation-create'])} declared for a group that has its conversation (§1: "Each group has one conversation")`,
    received,
  );
}

export class CreateGroupConversation implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.groups.length > 0;

  async run(model: Model, { context, log }: Real): Promise<void> {
    const group = pick(model.groups, this.index);
    const response = await log.step(`${this.toString()} → group_id=${group.id}`, () =>
      context.client.createConversation({ group_id: group.id }),
    );
    recordCreated(context, 'conversation', response.body);
    const what = 'POST /v1/conversations with the group_id of a group that has its conversation';
    expectNoServerError(context.profile, response, what);
    // Refused: nothing changes, the group keeps its conversation (profile: group-conversation-create).
    if (context.profile.isRefusal(response.status)) {
      expectAllowed(context, response, 'refused', `a refusal (status ${response.status})`);
      return;
    }
    expectSuccess(context.profile, response, what);
    const answered = expectBody(response, 'conversation');
    if (answered.id === group.conversation_id) {
      expectAllowed(context, response, 'existing', `the group's conversation ${group.conversation_id}`);
      const current = model.conversations.find((item) => item.id === group.conversation_id);
      if (current)
        expectAgrees(
          context.profile,
          response,
          comparableConversation(answered),
          comparableConversation(current),
          "the group's conversation, which already existed",
        );
      return;
    }
    expectAllowed(
      context,
      response,
      'new',
      `a new conversation ${answered.id} beside the group's conversation ${group.conversation_id}`,
    );
    this.expectFresh(model, response, answered.id);
    // §4.1: created with this group_id; §2: only group_id was given, so contact_id has no value.
    expectAgrees(
      context.profile,
      response,
      answered as unknown as Record<string, unknown>,
      {
        group_id: group.id,
        contact_id: null,
        ...newConversation,
      },
      "§2.1, §4.1: a new conversation, the group's one conversation now",
    );
    await this.expectReleased(context, log, response, group.id, group.conversation_id);
    // The new one is the group's one conversation (§2.2 conversation_id); the old one no longer belongs to it.
    model.conversations = [...model.conversations.filter((item) => item.id !== group.conversation_id), answered];
    model.released.push(group.conversation_id);
    model.groups[model.groups.indexOf(group)] = { ...group, conversation_id: answered.id };
  }

  /**
   * The old conversation no longer belongs to the group (the reading new): gone, or kept with
   * another group_id. Still naming the group, it would be the group's second conversation (§1).
   */
  private async expectReleased(
    context: Real['context'],
    log: Real['log'],
    created: ApiResponse,
    groupId: string,
    oldId: string,
  ): Promise<void> {
    const response = await log.step(`  GET the group's old conversation → ${oldId}`, () =>
      context.client.retrieveConversation(oldId),
    );
    expectNoServerError(context.profile, response, "GET /v1/conversations/:id of the group's old conversation");
    // Gone: released (profile: group-conversation-create, reading new).
    if (context.profile.isUnknownIdAnswer(response.status)) return;
    expectSuccess(context.profile, response, "GET /v1/conversations/:id of the group's old conversation");
    const old = expectBody(response, 'conversation');
    expectThat(
      old.group_id !== groupId,
      response,
      `the group's old conversation ${oldId} gone, or no longer of group ${groupId}, once a create with the group's id made ${String((created.body as { id?: unknown }).id)} (§1: "Each group has one conversation"; profile: group-conversation-create, reading new)`,
      `${oldId} still retrievable with group_id ${groupId}: the group has two conversations`,
    );
  }

  /** §2.1: id is the "Unique identifier of the conversation": a new one names nothing the model knows. */
  private expectFresh(model: Readonly<Model>, response: ApiResponse, id: string): void {
    const known = [...model.conversations.map((item) => item.id), ...goneIds(model, 'conversation'), ...model.released];
    expectThat(
      !known.includes(id),
      response,
      "a new conversation with an id of its own, or the group's conversation (§2.1: id is the unique identifier of the conversation)",
      `${id}, the id of another conversation of the run`,
    );
  }

  toString = () => `CreateGroupConversation(group #${this.index})`;
}
