// Many creates at once: enough objects that a list at the default page size (§8: ten) and the
// small limits of the list commands runs to several pages, made concurrently, as many clients of
// a real server would. Each create is judged as CreateConversation and CreateGroup judge one, and
// concurrent creates must get ids of their own (§2.1, §2.2: id is the "Unique identifier").
import type { Conversation, Group } from '../../../lib/api/resources.ts';
import { newContactConversation, newGroup } from '../../../lib/api/new-objects.ts';
import type { ApiResponse } from '../../../lib/core/client/api-client.ts';
import { comparableGroup } from '../../checks/comparable.ts';
import { expectBody, expectNoServerError, expectSuccess, expectThat } from '../../checks/expect.ts';
import { recordCreated } from '../../checks/fixtures.ts';
import type { ConversationUpdateParams, GroupUpdateParams } from '../../../lib/api/resources.ts';
import type { Updates } from '../arbitraries.ts';
import { expectAgrees, goneIds, short, type Command, type Model, type Real } from './model.ts';
import { ListAndWalk } from './list-command.ts';
import { UpdateConversation, UpdateGroup } from './object-commands.ts';

/** More than the default page size of ten (§8), so that every list of them has a second page: sent at once. */
export const populationSize = 12;
/** --depth thorough: more than 100 of each kind (issue 23: lists of several pages at the largest limits), twelve at a time. */
export const thoroughPopulationSize = 110;

export class Populate implements Command {
  constructor(
    readonly kind: 'conversation' | 'group',
    readonly count: number = populationSize,
  ) {}
  /** Once a sequence for each kind: the model's lists then stay a few pages long. */
  check = (model: Readonly<Model>) => !model.populated.includes(this.kind);

  async run(model: Model, real: Real): Promise<void> {
    const { context, log } = real;
    model.populated.push(this.kind);
    // Names first: each call of names.* gives a new one.
    const sent = Array.from({ length: this.count }, () =>
      this.kind === 'group' ? context.names.groupName('model-many') : context.names.contactId('model-many'),
    );
    const responses: ApiResponse[] = [];
    for (let from = 0; from < sent.length; from += populationSize) {
      const batch = sent.slice(from, from + populationSize);
      responses.push(
        ...(await log.step(`${this.toString()} → ${batch.length} POSTs at once`, () =>
          Promise.all(
            batch.map((value) =>
              this.kind === 'group'
                ? context.client.createGroup({ name: value })
                : context.client.createConversation({ contact_id: value }),
            ),
          ),
        )),
      );
    }
    for (const response of responses) recordCreated(context, this.kind, response.body);
    const made: Array<Conversation | Group> = [];
    for (const [at, response] of responses.entries()) {
      const what = `POST /v1/${this.kind}s number ${(at % populationSize) + 1} of ${Math.min(populationSize, this.count)} sent at once`;
      expectNoServerError(context.profile, response, what);
      // §2.2 leaves the limits of names and identifiers open (profile: input-rules): a refusal makes nothing.
      if (context.profile.isRefusal(response.status)) continue;
      expectSuccess(context.profile, response, what);
      made.push(
        this.kind === 'group'
          ? this.judgeGroup(context, response, sent[at]!)
          : this.judgeConversation(context, response, sent[at]!),
      );
    }
    const known = new Set(
      [...model.conversations, ...model.groups]
        .map((item) => item.id)
        .concat(goneIds(model, 'conversation'), goneIds(model, 'group'), model.released),
    );
    const ids = made.map((item) => item.id);
    const shared = ids.filter((id, at) => ids.indexOf(id) !== at || known.has(id));
    expectThat(
      shared.length === 0,
      responses[0]!,
      `creates sent at once make ${this.kind}s each with an id of its own (§2.1, §2.2: id is the "Unique identifier")`,
      `ids given twice or already known to the run: ${[...new Set(shared)].join(', ')}`,
    );
    if (this.kind === 'conversation') {
      model.conversations.push(...(made as Conversation[]));
      return this.walkLarge(model, real);
    }
    model.groups.push(...(made as Group[]));
    // Their conversations join the model as CreateGroup's do: deleting a group takes its own along.
    for (const group of made as Group[]) {
      const response = await log.step(`  GET the conversation of ${group.id}`, () =>
        context.client.retrieveConversation(group.conversation_id),
      );
      expectSuccess(context.profile, response, "GET /v1/conversations/:id of the group's conversation");
      model.conversations.push(expectBody(response, 'conversation'));
    }
    await this.walkLarge(model, real);
  }

  /** --depth thorough: what it made is walked at once in pages of 100, the largest limit the model asks for. */
  private async walkLarge(model: Model, real: Real): Promise<void> {
    if (this.count > populationSize)
      await new ListAndWalk(this.kind === 'group' ? 'groups' : 'conversations', [], 100, 0).run(model, real);
  }

  private judgeConversation(context: Real['context'], response: ApiResponse, contactId: string): Conversation {
    const created = expectBody(response, 'conversation');
    expectAgrees(
      context.profile,
      response,
      created as unknown as Record<string, unknown>,
      {
        contact_id: contactId,
        ...newContactConversation,
      },
      '§2.1: a new conversation, created beside others at the same time',
    );
    return created;
  }

  private judgeGroup(context: Real['context'], response: ApiResponse, name: string): Group {
    const created = expectBody(response, 'group');
    expectAgrees(
      context.profile,
      response,
      comparableGroup(created),
      {
        name,
        description: newGroup.description,
        avatar_url: newGroup.avatar_url,
        contacts: [],
        archived_at: newGroup.archived_at,
      },
      '§2.2, §4.2: a group, created beside others at the same time',
    );
    return created;
  }

  toString = () =>
    this.count <= populationSize
      ? `Populate(${this.count} ${this.kind}s at once)`
      : `Populate(${this.count} ${this.kind}s, ${populationSize} at once)`;
}

/**
 * One update sent at once to several of the model's conversations (or groups): filtered lists then
 * hold many, over pages; each PUT is judged as UpdateConversation and UpdateGroup judge one.
 */
export class UpdateMany implements Command {
  constructor(
    readonly kind: 'conversation' | 'group',
    readonly count: number,
    readonly updates: Updates<ConversationUpdateParams> | Updates<GroupUpdateParams>,
  ) {}
  check = (model: Readonly<Model>) => (this.kind === 'group' ? model.groups : model.conversations).length > 1;

  async run(model: Model, real: Real): Promise<void> {
    const items = this.kind === 'group' ? model.groups : model.conversations;
    // Distinct objects: the first `count` the model holds, from the newest back.
    const indexes = Array.from({ length: Math.min(this.count, items.length) }, (_, at) => items.length - 1 - at);
    const commands = indexes.map((at) =>
      this.kind === 'group'
        ? new UpdateGroup(at, this.updates as Updates<GroupUpdateParams>)
        : new UpdateConversation(at, this.updates as Updates<ConversationUpdateParams>),
    );
    await Promise.all(commands.map((command) => command.run(model, real)));
  }

  toString = () => `UpdateMany(${this.count} ${this.kind}s at once, ${short(this.updates)})`;
}
