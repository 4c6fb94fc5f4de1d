// Commands on what the sequence deleted, itself or through its group (§3: "removed permanently"):
// a retrieve and an update each get the answer to an id that names nothing (profile:
// unknown-id-status, whose ids include deleted ones), a second delete that answer or a successful
// DELETE's (profile: delete-of-nothing), and nothing comes back to life.
import type { ApiClient, ApiResponse } from '../../../lib/core/client/api-client.ts';
import { expectDeleteOfNothing, expectNoServerError, expectStatusOf } from '../../checks/expect.ts';
import { pick, type Command, type Model, type Real } from './model.ts';

type Gone = Model['gone'][number];

/** How a deleted object came to be gone, for messages: a group's conversation went with its group. */
const removed = (gone: Gone) => `the deleted ${gone.kind} ${gone.id} (§3: removed permanently)`;

const retrieve = (client: ApiClient, gone: Gone) =>
  gone.kind === 'group' ? client.retrieveGroup(gone.id) : client.retrieveConversation(gone.id);

function expectUnknown(context: Real['context'], response: ApiResponse, what: string): void {
  expectNoServerError(context.profile, response, what);
  expectStatusOf(context.profile, 'unknown-id-status', response, what);
}

export class RetrieveGone implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.gone.length > 0;
  async run(model: Model, { context, log }: Real): Promise<void> {
    const gone = pick(model.gone, this.index);
    const response = await log.step(`${this.toString()} → ${gone.kind} ${gone.id}`, () =>
      retrieve(context.client, gone),
    );
    expectStatusOf(context.profile, 'unknown-id-status', response, `GET of ${removed(gone)}`);
  }
  toString = () => `RetrieveGone(#${this.index})`;
}

/**
 * PUT of a deleted object: the answer to an id that names nothing, and a retrieve afterwards still
 * finds nothing (an update must not make what was deleted again).
 */
export class UpdateGone implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.gone.length > 0;
  async run(model: Model, { context, log }: Real): Promise<void> {
    const gone = pick(model.gone, this.index);
    // is_muted and name are parameters of each resource's update (§4.1, §4.2) that need no unit.
    const response = await log.step(`${this.toString()} → ${gone.kind} ${gone.id}`, () =>
      gone.kind === 'group'
        ? context.client.updateGroup(gone.id, { name: context.names.groupName('model-gone') })
        : context.client.updateConversation(gone.id, { is_muted: true }),
    );
    expectUnknown(context, response, `PUT of ${removed(gone)}`);
    const after = await log.step(`  GET it again → ${gone.kind} ${gone.id}`, () => retrieve(context.client, gone));
    expectStatusOf(context.profile, 'unknown-id-status', after, `GET of ${removed(gone)}, after a PUT of it`);
  }
  toString = () => `UpdateGone(#${this.index})`;
}

/** DELETE of a deleted object: the answer to an id that names nothing, or a successful DELETE's (profile: delete-of-nothing). */
export class DeleteGone implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.gone.length > 0;
  async run(model: Model, { context, log }: Real): Promise<void> {
    const gone = pick(model.gone, this.index);
    const response = await log.step(`${this.toString()} → ${gone.kind} ${gone.id}`, () =>
      gone.kind === 'group' ? context.client.deleteGroup(gone.id) : context.client.deleteConversation(gone.id),
    );
    const what = `DELETE of ${removed(gone)}, a second time`;
    expectDeleteOfNothing(context.profile, response, what);
  }
  toString = () => `DeleteGone(#${this.index})`;
}
