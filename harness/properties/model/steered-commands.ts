// Commands that chain the model's own commands where random order rarely gets: what follows a
// delete at once, a flag set to the value it has and then flipped and back, every read path at
// once, and archiving at an unusual timestamp. (Two updates of one object at once are the named
// *.concurrent.updates-kept checks': their outcome hangs on arrival order, which would make a
// seed's shrunk counterexample differ from run to run.) Coverage steered, not left to chance; the
// verdicts stay those of the commands they chain, and the model follows each.
import { newContactConversation } from '../../../lib/api/new-objects.ts';
import { expectBody, expectNoServerError, expectSuccess, expectThat } from '../../checks/expect.ts';
import { recordCreated } from '../../checks/fixtures.ts';
import { DeleteGone, RetrieveGone, UpdateGone } from './gone-commands.ts';
import { expectAgrees, pick, type Command, type Model, type Real } from './model.ts';
import { ListAndWalk, listShapes } from './list-command.ts';
import { Delete, UpdateConversation, UpdateGroup } from './object-commands.ts';

/** A delete, then at once a retrieve, an update and a second delete of what it deleted, and (for a conversation) a create with its contact. */
export class DeleteThenUse implements Command {
  constructor(
    readonly kind: 'conversation' | 'group',
    readonly index: number,
  ) {}
  check = (model: Readonly<Model>) => new Delete(this.kind, this.index).check(model);

  async run(model: Model, real: Real): Promise<void> {
    const { context, log } = real;
    // The one Delete picks: a one-to-one conversation by the same index (object-commands.ts).
    const target =
      this.kind === 'conversation'
        ? pick(
            model.conversations.filter((item) => item.group_id === null),
            this.index,
          )
        : undefined;
    await new Delete(this.kind, this.index).run(model, real);
    const deleted = target?.id;
    const contactId = target?.contact_id ?? undefined;
    const last = model.gone.length - 1;
    for (const command of [
      new RetrieveGone(last),
      new UpdateGone(last),
      new RetrieveGone(last),
      new DeleteGone(last),
    ]) {
      // The group's conversation went with it, after it in `gone`: the group is the one at `last` or before.
      await command.run(model, real);
    }
    if (contactId === undefined || deleted === undefined) return;
    // §3: "removed permanently": a create with its contact makes a new conversation, never the deleted one back.
    const response = await log.step(`  POST /v1/conversations with the deleted one's contact_id → ${contactId}`, () =>
      context.client.createConversation({ contact_id: contactId }),
    );
    recordCreated(context, 'conversation', response.body);
    expectNoServerError(
      context.profile,
      response,
      'POST /v1/conversations with the contact_id of a deleted conversation',
    );
    // §2.2 leaves the limits of identifiers open (profile: input-rules): a refusal makes nothing.
    if (context.profile.isRefusal(response.status)) return;
    expectSuccess(context.profile, response, 'POST /v1/conversations with the contact_id of a deleted conversation');
    const created = expectBody(response, 'conversation');
    expectAgrees(
      context.profile,
      response,
      created as unknown as Record<string, unknown>,
      { contact_id: contactId, ...newContactConversation },
      `§2.1: a new conversation with that contact (§3: the deleted ${deleted} was "removed permanently", and comes back neither with its id nor its state)`,
    );
    expectThat(
      created.id !== deleted,
      response,
      `a conversation with an id of its own, not the deleted ${deleted} (§3: "removed permanently")`,
      `the id ${created.id} again`,
    );
    model.conversations.push(created);
  }

  toString = () => `DeleteThenUse(${this.kind} #${this.index})`;
}

/** A conversation's flags set to the values they have, then each flipped, then back (§4.1: "Pins or unpins", "Mutes or unmutes"). */
export class FlipAndBack implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.conversations.length > 0;

  async run(model: Model, real: Real): Promise<void> {
    const at = model.conversations.indexOf(pick(model.conversations, this.index));
    const now = () => model.conversations[at]!;
    for (const flip of [false, true, true]) {
      const { is_muted: muted, is_pinned: pinned } = now();
      await new UpdateConversation(at, { is_muted: flip ? !muted : muted, is_pinned: flip ? !pinned : pinned }).run(
        model,
        real,
      );
    }
  }

  toString = () => `FlipAndBack(conversation #${this.index})`;
}

/**
 * Every read path at once: the list unfiltered and under each filter alone, walked at the default
 * page size, each judged as ListAndWalk judges it (who is listed, and as what). A write that came
 * back 2xx must show on every one of them, and nowhere it should not (§4.1, §4.2).
 */
export class ReadEverywhere implements Command {
  constructor(
    readonly resource: 'conversations' | 'groups',
    readonly index: number,
  ) {}
  check = (model: Readonly<Model>) => (this.resource === 'groups' ? model.groups : model.conversations).length > 0;

  async run(model: Model, real: Real): Promise<void> {
    const shapes = listShapes.filter((shape) => shape.resource === this.resource).map((shape) => shape.filters);
    // Walked at once: a list command only reads the model.
    const walks = shapes
      .map((filters) => new ListAndWalk(this.resource, filters, 'default', this.index))
      .filter((walk) => walk.check(model));
    await Promise.all(walks.map((walk) => walk.run(model, real)));
  }

  toString = () => `ReadEverywhere(${this.resource})`;
}

/**
 * An active object archived at one of the unusual timestamps (0, 1, past 2^31, the other unit's
 * size), then its list and the archived filter walked: §3 makes any timestamp given an archived
 * state, whatever its value, and the lists must say so.
 */
export class ArchiveThenList implements Command {
  constructor(
    readonly kind: 'conversation' | 'group',
    readonly index: number,
    readonly unusual: number,
  ) {}
  check = (model: Readonly<Model>) =>
    (this.kind === 'group' ? model.groups : model.conversations).some((item) => item.archived_at === null);

  async run(model: Model, real: Real): Promise<void> {
    const items: ReadonlyArray<{ archived_at: number | null }> =
      this.kind === 'group' ? model.groups : model.conversations;
    const active = items.flatMap((item, at) => (item.archived_at === null ? [at] : []));
    const at = pick(active, this.index);
    await (
      this.kind === 'group'
        ? new UpdateGroup(at, { archived_at_class: this.unusual })
        : new UpdateConversation(at, { archived_at_class: this.unusual })
    ).run(model, real);
    const resource = this.kind === 'group' ? 'groups' : 'conversations';
    await Promise.all(
      [new ListAndWalk(resource, ['archived'], 'default', 0), new ListAndWalk(resource, [], 'default', 0)].map((walk) =>
        walk.run(model, real),
      ),
    );
  }

  toString = () => `ArchiveThenList(${this.kind} #${this.index}, unusual archived_at #${this.unusual})`;
}
