// Commands on single objects: create, retrieve, update, archive and delete (on what is gone:
// gone-commands.ts; a create with a group's id: group-conversation-command.ts). Each runs against
// the target, compares the answer with the model, then updates the model.
import { newContactConversation, newGroup } from '../../../lib/api/new-objects.ts';
import type {
  Conversation,
  ConversationUpdateParams,
  Group,
  GroupCreateParams,
  GroupUpdateParams,
} from '../../../lib/api/resources.ts';
import { expectAnswer, expectBody, expectNoServerError, expectSuccess, expectThat } from '../../checks/expect.ts';
import { recordCreated } from '../../checks/fixtures.ts';
import { usernames } from '../../checks/members.ts';
import { applyOffset, type Updates } from '../arbitraries.ts';
import { comparableConversation, comparableGroup } from '../../checks/comparable.ts';
import { expectAgrees, pick, short, type Command, type Model, type Real } from './model.ts';
import {
  archivedAtAfter,
  expectIntegerArchivedAt,
  expectRefusalChangedNothing,
  refusalAllowedBecause,
} from './update-rules.ts';

export class CreateConversation implements Command {
  constructor(readonly contactSuffix: string) {}
  check = (model: Readonly<Model>) => model.conversations.length < 32;
  async run(model: Model, { context, log }: Real): Promise<void> {
    const contactId = `${context.names.contactId('model')}-${this.contactSuffix}`;
    const response = await log.step(this.toString(), () =>
      context.client.createConversation({ contact_id: contactId }),
    );
    recordCreated(context, 'conversation', response.body);
    expectNoServerError(context.profile, response, 'POST /v1/conversations with contact_id');
    // §2.2 leaves the limits of identifiers open (profile: input-rules): a refusal makes nothing.
    if (context.profile.isRefusal(response.status)) return;
    expectSuccess(context.profile, response, 'POST /v1/conversations with contact_id');
    const created = expectBody(response, 'conversation');
    // (profile: contact-conversation-create) A create may answer with the conversation the user
    // already has with that contact: then it is
    // that one, as the model has it, and not a new one.
    const existing = model.conversations.find((item) => item.id === created.id);
    const sameContact = model.conversations.some((item) => item.contact_id === contactId);
    const reading = existing ? 'existing' : sameContact ? 'new' : undefined;
    expectThat(
      reading === undefined || context.profile.allows('contact-conversation-create', reading),
      response,
      `the reading CONTACT_CONVERSATION_CREATE=${String(context.profile.declared['contact-conversation-create'])} declared for a second create with contact_id ${contactId} (§4.1)`,
      reading === 'existing'
        ? `the conversation ${created.id} the user already had with that contact`
        : `a new conversation ${created.id} beside the one the user already had`,
    );
    if (existing) {
      expectAgrees(
        context.profile,
        response,
        comparableConversation(created),
        comparableConversation(existing),
        'the conversation with that contact, which already existed',
      );
      return;
    }
    expectAgrees(
      context.profile,
      response,
      created as unknown as Record<string, unknown>,
      {
        contact_id: contactId,
        ...newContactConversation,
      },
      '§2.1: a new conversation',
    );
    model.conversations.push(created);
  }
  toString = () => `CreateConversation(${short(this.contactSuffix)})`;
}

export class CreateGroup implements Command {
  constructor(readonly params: Omit<GroupCreateParams, 'name'> & { name: string }) {}
  check = (model: Readonly<Model>) => model.groups.length < 18;
  async run(model: Model, { context, log }: Real): Promise<void> {
    const params = { ...this.params, name: `${context.names.groupName('model')} ${this.params.name}` };
    const response = await log.step(this.toString(), () => context.client.createGroup(params));
    recordCreated(context, 'group', response.body);
    expectNoServerError(context.profile, response, 'POST /v1/groups');
    // A refusal changes nothing: of a text (§2.2; profile: input-rules), a username given twice
    // (profile: unique-members), a form's empty list (profile: form-encoding).
    if (context.profile.isRefusal(response.status)) return;
    const group = expectBody(response, 'group');
    expectAgrees(
      context.profile,
      response,
      comparableGroup(group),
      {
        name: params.name,
        description: params.description ?? newGroup.description,
        avatar_url: params.avatar_url ?? newGroup.avatar_url,
        contacts: usernames(params.contacts ?? newGroup.contacts),
        archived_at: newGroup.archived_at,
      },
      '§2.2, §4.2: the created group',
    );
    model.groups.push(group);
    // Its conversation (§2.2 conversation_id) joins the model: deleting the group must take it along.
    const conversation = await log.step(`  GET its conversation ${group.conversation_id}`, () =>
      context.client.retrieveConversation(group.conversation_id),
    );
    expectSuccess(context.profile, conversation, "GET /v1/conversations/:id of the group's conversation");
    model.conversations.push(expectBody(conversation, 'conversation'));
  }
  toString = () => `CreateGroup(${short(this.params)})`;
}

export class Retrieve implements Command {
  constructor(
    readonly kind: 'conversation' | 'group',
    readonly index: number,
  ) {}
  check = (model: Readonly<Model>) => (this.kind === 'group' ? model.groups : model.conversations).length > 0;
  async run(model: Model, { context, log }: Real): Promise<void> {
    if (this.kind === 'group') {
      const group = pick(model.groups, this.index);
      const response = await log.step(`${this.toString()} → ${group.id}`, () => context.client.retrieveGroup(group.id));
      expectSuccess(context.profile, response, 'GET /v1/groups/:id');
      expectAgrees(
        context.profile,
        response,
        comparableGroup(expectBody(response, 'group')),
        comparableGroup(group),
        'the retrieved group',
      );
      return;
    }
    const conversation = pick(model.conversations, this.index);
    const response = await log.step(`${this.toString()} → ${conversation.id}`, () =>
      context.client.retrieveConversation(conversation.id),
    );
    expectSuccess(context.profile, response, 'GET /v1/conversations/:id');
    expectAgrees(
      context.profile,
      response,
      comparableConversation(expectBody(response, 'conversation')),
      comparableConversation(conversation),
      'the retrieved conversation',
    );
  }
  toString = () => `Retrieve(${this.kind} #${this.index})`;
}

/**
 * Fields that are no update parameter, now and then sent beside the update's own: a server may
 * refuse them or ignore them, never let them change what §2 gives a fixed meaning (id, the
 * "Unique identifier"; created_at, "When ... created"; the object's links).
 */
export type ExtraField = 'id' | 'created_at' | 'link';

function extraFields(
  context: Real['context'],
  kind: 'conversation' | 'group',
  extra: ExtraField | undefined,
): Record<string, unknown> {
  if (extra === 'id') return { id: context.names.unknownId(kind) };
  if (extra === 'created_at') return { created_at: 1 };
  if (extra === 'link')
    return kind === 'group'
      ? { conversation_id: context.names.unknownId('conversation') }
      : { group_id: context.names.unknownId('group') };
  return {};
}

export class UpdateConversation implements Command {
  constructor(
    readonly index: number,
    readonly updates: Updates<ConversationUpdateParams>,
    readonly extra?: ExtraField,
  ) {}
  check = (model: Readonly<Model>) => model.conversations.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const { context, log } = real;
    const current = pick(model.conversations, this.index);
    const params = applyOffset(this.updates, current.created_at);
    const extra = extraFields(context, 'conversation', this.extra);
    const response = await log.step(`${this.toString()} → ${current.id} ${short({ ...params, ...extra })}`, () =>
      context.client.updateConversation(current.id, { ...params, ...extra } as ConversationUpdateParams),
    );
    expectNoServerError(context.profile, response, 'PUT /v1/conversations/:id');
    // A refusal only for a reason refusalAllowedBecause names (profile: input-rules, archive-archived, refusal-status).
    if (context.profile.isRefusal(response.status)) {
      const because = refusalAllowedBecause(
        context.profile,
        params,
        current,
        this.updates.archived_at_class !== undefined,
        Object.keys(extra),
      );
      return expectRefusalChangedNothing(real, response, 'conversation', current, because);
    }
    expectSuccess(context.profile, response, 'PUT /v1/conversations/:id');
    const updated = expectBody(response, 'conversation');
    const archivedAt = archivedAtAfter(context.profile, params.archived_at, current, updated.archived_at);
    expectIntegerArchivedAt(response, archivedAt);
    // §4.1: the fields given take effect, "Fields not given are unchanged".
    expectAgrees(
      context.profile,
      response,
      comparableConversation(updated),
      comparableConversation({
        ...current,
        ...params,
        ...(archivedAt === undefined ? {} : { archived_at: archivedAt }),
      } as Conversation),
      'the updated conversation',
    );
    model.conversations[model.conversations.indexOf(current)] = updated;
  }
  toString = () =>
    `UpdateConversation(#${this.index}, ${short(this.updates)}${this.extra ? `, with ${this.extra}` : ''})`;
}

export class UpdateGroup implements Command {
  constructor(
    readonly index: number,
    readonly updates: Updates<GroupUpdateParams>,
    readonly extra?: ExtraField,
  ) {}
  check = (model: Readonly<Model>) => model.groups.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const { context, log } = real;
    const current = pick(model.groups, this.index);
    const params = applyOffset(this.updates, current.created_at);
    const extra = extraFields(context, 'group', this.extra);
    const response = await log.step(`${this.toString()} → ${current.id} ${short({ ...params, ...extra })}`, () =>
      context.client.updateGroup(current.id, { ...params, ...extra } as GroupUpdateParams),
    );
    expectNoServerError(context.profile, response, 'PUT /v1/groups/:id');
    // A refusal only for a reason refusalAllowedBecause names (profile: input-rules, archive-archived, refusal-status).
    if (context.profile.isRefusal(response.status)) {
      const because = refusalAllowedBecause(
        context.profile,
        params,
        current,
        this.updates.archived_at_class !== undefined,
        Object.keys(extra),
      );
      return expectRefusalChangedNothing(real, response, 'group', current, because);
    }
    expectSuccess(context.profile, response, 'PUT /v1/groups/:id');
    const updated = expectBody(response, 'group');
    const archivedAt = archivedAtAfter(context.profile, params.archived_at, current, updated.archived_at);
    expectIntegerArchivedAt(response, archivedAt);
    const given =
      params.contacts === undefined
        ? { ...params }
        : {
            ...params,
            // §4.2 leaves replace or merge open; the update commands send contacts only when it is declared.
            contacts:
              context.target.groupContacts === 'merge' ? [...current.contacts, ...params.contacts] : params.contacts,
          };
    expectAgrees(
      context.profile,
      response,
      comparableGroup(updated),
      comparableGroup({
        ...current,
        ...given,
        ...(archivedAt === undefined ? {} : { archived_at: archivedAt }),
      } as Group),
      'the updated group',
    );
    model.groups[model.groups.indexOf(current)] = updated;
  }
  toString = () => `UpdateGroup(#${this.index}, ${short(this.updates)}${this.extra ? `, with ${this.extra}` : ''})`;
}

/**
 * A group's conversation is deleted with its group, never on its own: whether a server lets a group
 * lose its one conversation (§1) is not shown (profile: group-conversation-delete), and the model
 * writes to it only through its group.
 */
const oneToOne = (model: Readonly<Model>) => model.conversations.filter((item) => item.group_id === null);

export class Delete implements Command {
  constructor(
    readonly kind: 'conversation' | 'group',
    readonly index: number,
  ) {}
  check = (model: Readonly<Model>) => (this.kind === 'group' ? model.groups : oneToOne(model)).length > 0;
  async run(model: Model, { context, log }: Real): Promise<void> {
    const target = this.kind === 'group' ? pick(model.groups, this.index) : pick(oneToOne(model), this.index);
    const response = await log.step(`${this.toString()} → ${target.id}`, () =>
      this.kind === 'group' ? context.client.deleteGroup(target.id) : context.client.deleteConversation(target.id),
    );
    expectAnswer(
      response,
      context.profile.isDeleteSuccess,
      `${context.profile.describe('delete-answer')}, with any body or none (§4.3)`,
      `DELETE of the ${this.kind}`,
    );
    // Deleted by the sequence itself: the cleanup need not delete it again (the gone commands prove it gone).
    context.created.forget(this.kind, target.id);
    if (this.kind === 'group') {
      const group = target as Group;
      model.groups = model.groups.filter((item) => item.id !== group.id);
      model.gone.push({ kind: 'group', id: group.id });
      if (model.conversations.some((item) => item.id === group.conversation_id)) {
        model.conversations = model.conversations.filter((item) => item.id !== group.conversation_id);
        await this.conversationAfter(model, { context, log }, group);
      }
      return;
    }
    model.conversations = model.conversations.filter((item) => item.id !== target.id);
    model.gone.push({ kind: 'conversation', id: target.id });
  }
  /**
   * §3 removes "the group, including its messages"; its conversation goes with it (removed) or
   * stays (kept), as the server reads it (profile: group-delete-conversation). Kept, it leaves
   * the model, and the check's cleanup deletes it (its retrieve at the group's create verified it).
   */
  private async conversationAfter(model: Model, { context, log }: Real, group: Group): Promise<void> {
    const id = group.conversation_id;
    const response = await log.step(`  GET the deleted group's conversation → ${id}`, () =>
      context.client.retrieveConversation(id),
    );
    expectNoServerError(context.profile, response, "GET /v1/conversations/:id of a deleted group's conversation");
    const reading = context.profile.isUnknownIdAnswer(response.status)
      ? 'removed'
      : context.profile.isSuccess(response.status)
        ? 'kept'
        : undefined;
    expectThat(
      reading !== undefined && context.profile.allows('group-delete-conversation', reading),
      response,
      `the deleted group's conversation ${id} gone with it or kept (§3: "the group, including its messages, is removed permanently"; profile: group-delete-conversation, ${context.profile.declared['group-delete-conversation'] === undefined ? 'either reading' : `GROUP_DELETE_CONVERSATION=${context.profile.declared['group-delete-conversation']}`})`,
      `status ${response.status}`,
    );
    if (reading === 'removed') {
      model.gone.push({ kind: 'conversation', id });
      return;
    }
    model.kept.push(id);
    context.created.add('conversation', id);
  }

  toString = () => `Delete(${this.kind} #${this.index})`;
}
