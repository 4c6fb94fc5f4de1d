// Requests from outside what the model's own user does through the API: the second user on the
// first user's objects, credentials that are no user's, and methods or paths the API does not have.
// Whatever they answer (each within what the spec and the profile allow), the model does not
// change: the first user then finds the object exactly as the model has it.
import type { Conversation, Group } from '../../../lib/api/resources.ts';
import type { ApiClient, ApiResponse, CallOptions } from '../../../lib/core/client/api-client.ts';
import { comparableConversation, comparableGroup } from '../../checks/comparable.ts';
import { expectAnswer, expectBody, expectNoServerError, expectStatusOf, expectThat } from '../../checks/expect.ts';
import { recordCreated } from '../../checks/fixtures.ts';
import { walkConversations, walkGroups, type Walk } from '../../checks/list-walk.ts';
import { otherRequests as allOtherRequests } from '../../behaviours/other-methods.ts';
import { refusedCredentials, schemeVariants } from '../../checks/wrong-credentials.ts';
import { expectAgrees, pick, type Command, type Model, type Real } from './model.ts';

type Kind = 'conversation' | 'group';

const isolationRule =
  '§5: a request acts for the user whose token its "Authorization: Bearer <ACCESS_TOKEN>" header carries, never for another';
const authRule =
  '§4: "All endpoints require authentication"; §5: "Every request carries the header Authorization with the value Bearer <ACCESS_TOKEN>"';

const itemsOf = (model: Readonly<Model>, kind: Kind): ReadonlyArray<Conversation | Group> =>
  kind === 'group' ? model.groups : model.conversations;

/** The first user retrieves the object: as the model has it, whatever the request before it did. */
async function expectAsModelHasIt(
  { context, log }: Real,
  kind: Kind,
  item: Conversation | Group,
  after: string,
): Promise<void> {
  const response = await log.step(`  GET the ${kind} as its owner → ${item.id}`, () =>
    kind === 'group' ? context.client.retrieveGroup(item.id) : context.client.retrieveConversation(item.id),
  );
  expectThat(
    context.profile.isSuccess(response.status),
    response,
    `the ${kind} ${item.id} still there after ${after} (§3: only DELETE removes an object)`,
    `status ${response.status}: the ${kind} is gone`,
  );
  const [actual, expected] =
    kind === 'group'
      ? [comparableGroup(expectBody(response, 'group')), comparableGroup(item as Group)]
      : [comparableConversation(expectBody(response, 'conversation')), comparableConversation(item as Conversation)];
  expectAgrees(context.profile, response, actual, expected, `the ${kind} unchanged by ${after}`);
}

/** An answer holds none of the model's ids but the one the request itself named. */
function expectNoneOf(
  model: Readonly<Model>,
  response: ApiResponse,
  named: string | undefined,
  what: string,
  rule: string,
): void {
  const shown = [...model.conversations, ...model.groups]
    .map((item) => item.id)
    .filter((id) => id !== named && response.text.includes(JSON.stringify(id)));
  expectThat(
    shown.length === 0,
    response,
    `nothing of the first user's in the answer to ${what} (§5; ${rule})`,
    `the answer names ${shown.join(', ')}`,
  );
}

export type SecondUserAction = 'retrieve' | 'update' | 'delete' | 'create-with-group-id' | 'id-in-body';

/** The second user (SECOND_ACCESS_TOKEN) retrieves, updates or deletes one of the first user's objects. */
export class SecondUserOnObject implements Command {
  constructor(
    readonly kind: Kind,
    readonly action: SecondUserAction,
    readonly index: number,
  ) {}
  check = (model: Readonly<Model>) =>
    itemsOf(
      model,
      this.action === 'create-with-group-id' ? 'group' : this.action === 'id-in-body' ? 'conversation' : this.kind,
    ).length > 0;

  async run(model: Model, real: Real): Promise<void> {
    const { context, log } = real;
    const second = context.second;
    if (second === undefined) return;
    if (this.action === 'create-with-group-id') return this.createWithGroupId(model, real, second);
    if (this.action === 'id-in-body') return this.idInBody(model, real, second);
    const item = pick(itemsOf(model, this.kind), this.index);
    const what = `the second user's ${this.action === 'retrieve' ? 'GET' : this.action === 'update' ? 'PUT' : 'DELETE'} of the first user's ${this.kind} ${item.id}`;
    if (this.action === 'update') return this.updateEach(model, real, second, item, what);
    const response = await log.step(`${this.toString()} → ${item.id}`, () => this.send(second, item));
    const { profile } = context;
    if (
      this.action === 'delete' &&
      profile.foreignIdsAnswerAsUnknown() &&
      profile.isDeleteSuccess(response.status) &&
      profile.allows('delete-of-nothing', 'success')
    ) {
      // An idempotent DELETE (profile: delete-of-nothing) may answer any id its user does not hold
      // as done; it reveals nothing only if an id nobody made gets the same answer.
      const unknown = await log.step("  the second user's DELETE of an id nobody holds", () =>
        this.kind === 'group'
          ? second.deleteGroup(context.names.unknownId('group'))
          : second.deleteConversation(context.names.unknownId('conversation')),
      );
      expectThat(
        profile.answersAlike(unknown.status, response.status),
        unknown,
        `the same answer to the second user's DELETE of a ${this.kind} id nobody made, since ${what} got ${response.status} (profile: delete-of-nothing; ${isolationRule})`,
        `status ${unknown.status}`,
      );
    } else {
      expectNoServerError(profile, response, what);
      expectThat(
        profile.isForeignIdAnswer(response.status),
        response,
        `a refusal (${profile.describe('foreign-id-status')}) for ${what} (${isolationRule})`,
        `status ${response.status}`,
      );
    }
    expectNoneOf(model, response, item.id, what, isolationRule);
    if (this.action !== 'retrieve') await expectAsModelHasIt(real, this.kind, item, what);
  }

  /**
   * The second user's create with the first user's group_id: refused, or a conversation of the
   * second user's own that is none of the first user's; the group keeps its one conversation (§1).
   */
  private async createWithGroupId(model: Model, real: Real, second: ApiClient): Promise<void> {
    const { context, log } = real;
    const group = pick(model.groups, this.index);
    const what = `the second user's POST /v1/conversations with group_id=<the first user's group ${group.id}>`;
    const response = await log.step(`${this.toString()} → group_id=${group.id}`, () =>
      second.createConversation({ group_id: group.id }),
    );
    const made = (response.body as { id?: unknown } | undefined)?.id;
    expectNoServerError(context.profile, response, what);
    const mine = new Set([...model.conversations, ...model.groups].map((item) => item.id));
    if (context.profile.isSuccess(response.status) && typeof made === 'string' && !mine.has(made)) {
      // The second user's own: deleted at once by its maker.
      await log.step(`  the second user deletes it → ${made}`, () => second.deleteConversation(made));
    }
    const { profile } = context;
    expectThat(
      profile.isSuccess(response.status) ||
        profile.isForeignIdAnswer(response.status) ||
        profile.isUnknownIdAnswer(response.status) ||
        profile.isRefusal(response.status),
      response,
      `a refusal or a conversation of the second user's own for ${what} (${isolationRule})`,
      `status ${response.status}`,
    );
    expectThat(
      typeof made !== 'string' || !mine.has(made),
      response,
      `no conversation of the first user's in the answer to ${what} (${isolationRule})`,
      `conversation ${String(made)}`,
    );
    expectNoneOf(model, response, group.id, what, isolationRule);
    await expectAsModelHasIt(real, 'group', group, what);
    const chat = model.conversations.find((item) => item.id === group.conversation_id);
    if (chat) await expectAsModelHasIt(real, 'conversation', chat, what);
  }

  /**
   * The first user's PUT of the first user's conversation, with the id of the second user's in its
   * body: id is no update parameter, so the PUT is refused or acts on the conversation its path
   * names; the second user's stays exactly as it was (§5).
   */
  private async idInBody(model: Model, real: Real, second: ApiClient): Promise<void> {
    const { context, log } = real;
    const mine = pick(model.conversations, this.index);
    const made = await log.step(`${this.toString()} → the second user's own conversation`, () =>
      second.createConversation({ contact_id: context.names.contactId('model-second-user') }),
    );
    if (!context.profile.isSuccess(made.status)) return;
    const theirs = expectBody(made, 'conversation');
    try {
      const body = { is_muted: !mine.is_muted, id: theirs.id };
      const what = `the first user's PUT /v1/conversations/${mine.id} with id=${theirs.id} (the second user's) in its body`;
      const response = await log.step(`  ${what}`, () => context.client.updateConversation(mine.id, body as never));
      expectNoServerError(context.profile, response, what);
      const after = await log.step(`  the second user's GET of its own → ${theirs.id}`, () =>
        second.retrieveConversation(theirs.id),
      );
      expectThat(
        context.profile.isSuccess(after.status),
        after,
        `the second user's conversation still there after ${what} (${isolationRule})`,
        `status ${after.status}`,
      );
      expectAgrees(
        context.profile,
        after,
        comparableConversation(expectBody(after, 'conversation')),
        comparableConversation(theirs),
        `the second user's conversation unchanged by ${what} (${isolationRule})`,
      );
      if (context.profile.isSuccess(response.status)) {
        const updated = expectBody(response, 'conversation');
        expectAgrees(
          context.profile,
          response,
          comparableConversation(updated),
          comparableConversation({ ...mine, is_muted: body.is_muted }),
          `the conversation the path names, updated (§4.1: PUT /v1/conversations/:id)`,
        );
        model.conversations[model.conversations.indexOf(mine)] = updated;
      }
    } finally {
      await log.step(`  the second user deletes its own → ${theirs.id}`, () => second.deleteConversation(theirs.id));
    }
  }

  private send(second: ApiClient, item: Conversation | Group): Promise<ApiResponse> {
    if (this.action === 'retrieve')
      return this.kind === 'group' ? second.retrieveGroup(item.id) : second.retrieveConversation(item.id);
    return this.kind === 'group' ? second.deleteGroup(item.id) : second.deleteConversation(item.id);
  }

  /**
   * One PUT for each code path an update may guard on its own (a flag, archiving, a pinned message,
   * a name, members): each refused (profile: foreign-id-status), and the object as it was.
   */
  private async updateEach(
    model: Model,
    real: Real,
    second: ApiClient,
    item: Conversation | Group,
    what: string,
  ): Promise<void> {
    const { context, log } = real;
    const at = item.created_at;
    const bodies: Array<Record<string, unknown>> =
      this.kind === 'group'
        ? [
            { name: context.names.groupName('model-second-user') },
            { archived_at: at },
            { contacts: [{ username: context.names.username('model-second-user') }] },
            { description: context.names.groupName('model-second-user') },
          ]
        : [
            { is_muted: true, is_pinned: true },
            { archived_at: at },
            { pinned_message_id: context.names.contactId('model-second-user') },
          ];
    const answers = await log.step(`${this.toString()} → ${item.id}, ${bodies.length} PUTs at once`, () =>
      Promise.all(
        bodies.map((body) =>
          (this.kind === 'group' ? second.updateGroup(item.id, body) : second.updateConversation(item.id, body)).then(
            (response) => ({ body, response }),
          ),
        ),
      ),
    );
    for (const { body, response } of answers) {
      const sent = `${what} with ${Object.keys(body).join(', ')}`;
      expectNoServerError(context.profile, response, sent);
      expectThat(
        context.profile.isForeignIdAnswer(response.status),
        response,
        `a refusal (${context.profile.describe('foreign-id-status')}) for ${sent} (${isolationRule})`,
        `status ${response.status}`,
      );
      expectNoneOf(model, response, item.id, sent, isolationRule);
    }
    await expectAsModelHasIt(real, this.kind, item, what);
  }

  toString = () => `SecondUserOnObject(${this.action} ${this.kind} #${this.index})`;
}

/** The second user's lists, unfiltered or by one of the first user's groups: none of the first user's objects. */
export class SecondUserLists implements Command {
  constructor(
    readonly resource: 'conversations' | 'groups' | 'group-conversations',
    readonly index: number,
  ) {}
  check = (model: Readonly<Model>) =>
    this.resource === 'group-conversations'
      ? model.groups.length > 0
      : model.conversations.length + model.groups.length > 0;

  async run(model: Model, { context, log }: Real): Promise<void> {
    const second = context.second;
    if (second === undefined) return;
    const mine = new Set([...model.conversations, ...model.groups].map((item) => item.id));
    if (this.resource === 'group-conversations') {
      const group = pick(model.groups, this.index);
      const what = `the second user's GET /v1/conversations?group_id=<the first user's group ${group.id}>`;
      const first = await log.step(`${this.toString()} → group_id=${group.id}`, () =>
        second.listConversations({ group_id: group.id }),
      );
      expectNoServerError(context.profile, first, what);
      // To the second user the group names nothing: a refusal, or a list without the first user's.
      if (!context.profile.isSuccess(first.status)) return;
      expectNoneOf(model, first, group.id, what, isolationRule);
      return;
    }
    const walk = await log.step(`${this.toString()}`, async (): Promise<Walk<{ id: string }>> =>
      this.resource === 'groups'
        ? walkGroups(context, {}, { client: second, limit: 100, maxPages: 5 })
        : walkConversations(context, {}, { client: second, limit: 100, maxPages: 5 }),
    );
    const shown = walk.items.filter((item) => mine.has(item.id)).map((item) => item.id);
    expectThat(
      shown.length === 0,
      walk.pages.at(-1)!,
      `none of the first user's ${this.resource} in the second user's GET /v1/${this.resource} (${isolationRule})`,
      `listed: ${shown.join(', ')}`,
    );
  }

  toString = () =>
    `SecondUserLists(${this.resource}${this.resource === 'group-conversations' ? ` #${this.index}` : ''})`;
}

/**
 * Each credential that is no user's (wrong-credentials.ts), on the operations in turn: refused
 * (profile: auth-refusal-status), nothing of the user's shown, and nothing changed.
 */
export class WithoutCredentials implements Command {
  constructor(
    readonly kind: Kind,
    readonly index: number,
  ) {}
  check = (model: Readonly<Model>) => itemsOf(model, this.kind).length > 0;

  async run(model: Model, real: Real): Promise<void> {
    const { context, log } = real;
    const item = pick(itemsOf(model, this.kind), this.index);
    const actions = ['retrieve', 'list', 'update', 'delete'] as const;
    // All at once: each is judged on its own, and a server 30 ms away answers them in one round trip.
    const variants = refusedCredentials(context.target.accessToken, context.target.runId);
    const answers = await log.step(
      `${this.toString()} → ${variants.length} requests with credentials that are no user's, at once`,
      () =>
        Promise.all(
          variants.map((wrong, at) => {
            const action = actions[(at + this.index) % actions.length]!;
            const client = context.client.as(wrong.credentials);
            const what = `${action} of /v1/${this.kind}s${action === 'list' ? '' : `/${item.id}`} sent with ${wrong.label}`;
            const sent = (): Promise<ApiResponse> => {
              if (action === 'list')
                return this.kind === 'group' ? client.listGroups({}) : client.listConversations({});
              if (action === 'retrieve')
                return this.kind === 'group' ? client.retrieveGroup(item.id) : client.retrieveConversation(item.id);
              if (action === 'delete')
                return this.kind === 'group' ? client.deleteGroup(item.id) : client.deleteConversation(item.id);
              return this.kind === 'group'
                ? client.updateGroup(item.id, { name: context.names.groupName('model-no-credentials') })
                : client.updateConversation(item.id, { is_muted: !(item as Conversation).is_muted });
            };
            return sent().then((response) => ({ what, response }));
          }),
        ),
    );
    for (const { what, response } of answers) {
      expectStatusOf(context.profile, 'auth-refusal-status', response, `${what} (${authRule})`);
      expectNoneOf(model, response, item.id, what, authRule);
    }
    // The valid token with the scheme in other letter case or after two spaces: RFC 7235 lets a
    // server take it as the user's or refuse it (profile: auth-scheme-spelling); a success shows
    // the owner's object, never a 5xx.
    for (const { label, credentials } of schemeVariants(
      context.target.accessToken,
      `msgapi-${context.target.runId}-unknown-token`,
    )) {
      const client = context.client.as(credentials);
      const what = `GET /v1/${this.kind}s/${item.id} sent with ${label}`;
      const response = await log.step(`${this.toString()} → ${what}`, () =>
        this.kind === 'group' ? client.retrieveGroup(item.id) : client.retrieveConversation(item.id),
      );
      expectNoServerError(
        context.profile,
        response,
        `${what} (RFC 7235 section 2.1: the scheme is case-insensitive; a server serves the token's user or refuses)`,
      );
      if (context.profile.isSuccess(response.status)) {
        const answered = (response.body as { id?: unknown } | undefined)?.id;
        expectThat(
          answered === item.id,
          response,
          `the owner's ${this.kind} ${item.id} in a success for ${what} (§5: a request acts for its token's user)`,
          `${this.kind} ${String(answered)}`,
        );
      }
    }
    await expectAsModelHasIt(real, this.kind, item, "requests sent with credentials that are no user's");
  }

  toString = () => `WithoutCredentials(${this.kind} #${this.index})`;
}

/** The requests the behaviours send to an object's path (other-methods.ts), the collection's left out. */
const otherRequests = allOtherRequests.filter((request) => request.on === 'item');

/**
 * A method or path the API does not have, on one of the model's objects: any answer but a 5xx
 * (profile: other-methods; the client's invariants fail a 5xx or a dropped request), and the
 * object as it was: §3 names PUT and DELETE as the only triggers, and HEAD, OPTIONS and GET are
 * safe (RFC 9110, section 9.2.1).
 */
export class OtherRequestOnObject implements Command {
  constructor(
    readonly kind: Kind,
    readonly index: number,
  ) {}
  check = (model: Readonly<Model>) => itemsOf(model, this.kind).length > 0;

  async run(model: Model, real: Real): Promise<void> {
    const { context, log } = real;
    const item = pick(itemsOf(model, this.kind), this.index);
    // All at once, then one retrieve: the failure names them all, and each answer's status.
    const answers = await log.step(
      `${this.toString()} → ${otherRequests.length} requests the API does not have, at once`,
      () =>
        Promise.all(
          otherRequests.map((request) => {
            const options: CallOptions = {
              id: item.id,
              ...(request.method === 'GET' ? {} : { method: request.method }),
              ...(request.offPath ? { offPath: request.offPath } : {}),
            };
            // Any status; the client's invariants fail a 5xx or a dropped request (a HEAD's answer has no body to judge).
            return context.client
              .call(this.kind === 'group' ? 'retrieveGroup' : 'retrieveConversation', options)
              .then((response) => ({
                response,
                method: request.method,
                what: `${request.method} /v1/${this.kind}s/:id${request.offPath ?? ''} (answered ${response.status})`,
              }));
          }),
        ),
    );
    for (const { response, method, what } of answers) {
      expectAnswer(
        response,
        (status) => context.profile.isOtherMethodAnswer(status, method),
        'a 2xx, 3xx or 4xx, or a 501 to a method the API has on no path (profile: other-methods)',
        `${what}, which is not an operation of the API`,
      );
    }
    await expectAsModelHasIt(
      real,
      this.kind,
      item,
      `${answers.map(({ what }) => what).join(', ')}, none of them an operation of the API (§3 names PUT and DELETE as the only triggers, and HEAD, OPTIONS and GET are safe, RFC 9110 section 9.2.1)`,
    );
  }

  toString = () => `OtherRequestOnObject(${this.kind} #${this.index})`;
}

/** Creates that lack what the spec requires: refused, and nothing made. */
export class CreateLackingRequired implements Command {
  constructor(readonly kind: Kind) {}
  check = () => true;

  async run(model: Model, { context, log }: Real): Promise<void> {
    const [what, rule] =
      this.kind === 'group'
        ? ['POST /v1/groups without a name', '§4.2: name "Required: yes"']
        : [
            'POST /v1/conversations with neither contact_id nor group_id',
            '§4.1: contact_id and group_id, "At least one of them must be given"',
          ];
    const description = context.names.groupName('model-lacking');
    const response = await log.step(this.toString(), () =>
      this.kind === 'group'
        ? context.client.createGroup({ description } as never)
        : context.client.createConversation({}),
    );
    recordCreated(context, this.kind, response.body);
    expectNoServerError(context.profile, response, what);
    expectThat(
      context.profile.isRefusal(response.status) || context.profile.isBodyRefusal(response.status),
      response,
      `a refusal (${context.profile.describe('refusal-status')}) for ${what} (${rule})`,
      `status ${response.status}`,
    );
  }

  toString = () => `CreateLackingRequired(${this.kind})`;
}
