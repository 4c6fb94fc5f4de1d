// The model-based check: fast-check draws sequences of commands over both resources, runs each
// against the target and the model, and shrinks a failing sequence to a short one.
import fc from 'fast-check';
import type { CheckContext } from '../../checks/check-context.ts';
import { CreatedResources } from '../../../lib/core/safety/created-resources.ts';
import { conversationUpdates, groupUpdates } from '../arbitraries.ts';
import { checkProperty } from '../run-property.ts';
import { text, validParams } from '../schema-arbitraries.ts';
import { DeleteGone, RetrieveGone, UpdateGone } from './gone-commands.ts';
import { CreateGroupConversation } from './group-conversation-command.ts';
import { ListAndWalk, listShapes } from './list-command.ts';
import { emptyModel } from './model.ts';
import { CreateConversation, CreateGroup, Delete, Retrieve, UpdateConversation, UpdateGroup } from './object-commands.ts';

function commandArbitraries(context: CheckContext) {
  // Small indices: steps then meet the same objects again, which is where state goes wrong.
  const index = fc.nat({ max: 3 });
  const kind = fc.constantFrom<'conversation' | 'group'>('conversation', 'group');
  // PUT contacts only where the target declared what it does (§4.2 leaves replace or merge open).
  const withContacts = context.target.groupContacts !== undefined;
  // Small pages where a filter narrows the list; an unfiltered list holds everything the user has,
  // so its pages are larger (5 to 25, the default ten among them).
  const listAndWalk = fc.tuple(fc.constantFrom(...listShapes), fc.integer({ min: 1, max: 5 }), index)
    .map(([shape, limit, at]) => new ListAndWalk(shape.resource, shape.filters, shape.filters.length === 0 ? limit * 5 : limit, at));
  return [
    text(12).map((suffix) => new CreateConversation(suffix)),
    validParams('group-create.params').map((params) => new CreateGroup(params as ConstructorParameters<typeof CreateGroup>[0])),
    fc.tuple(kind, index).map(([which, at]) => new Retrieve(which, at)),
    fc.tuple(index, conversationUpdates()).map(([at, updates]) => new UpdateConversation(at, updates)),
    fc.tuple(index, groupUpdates(withContacts)).map(([at, updates]) => new UpdateGroup(at, updates)),
    // Updates twice as often as the rest: most of the model's state comes from them.
    fc.tuple(index, conversationUpdates()).map(([at, updates]) => new UpdateConversation(at, updates)),
    fc.tuple(index, groupUpdates(withContacts)).map(([at, updates]) => new UpdateGroup(at, updates)),
    fc.tuple(kind, index).map(([which, at]) => new Delete(which, at)),
    // A create with a group's id: answered with its conversation, a new one, or refused (profile: group-conversation-create).
    index.map((at) => new CreateGroupConversation(at)),
    // What was deleted: retrieved, or updated or deleted again (these two share one command's turn).
    index.map((at) => new RetrieveGone(at)),
    fc.oneof(index.map((at) => new UpdateGone(at)), index.map((at) => new DeleteGone(at))),
    // Lists twice as often as the rest: thirteen shapes to cover, and a walk is cheap (mostly one page).
    listAndWalk,
    listAndWalk,
  ];
}

export async function checkSequencesAgreeWithModel(context: CheckContext): Promise<void> {
  const sequences = fc.commands(commandArbitraries(context), { maxCommands: 20, size: 'large' });
  // A sequence explores more than one generated input: three times the property runs.
  await checkProperty(context, sequences, async (commands, log) => {
    // Each sequence cleans up after itself, so that the lists of later sequences stay short.
    const created = new CreatedResources(context.ledger);
    const sequenceContext = { ...context, created };
    try {
      await fc.asyncModelRun(() => ({ model: emptyModel(), real: { context: sequenceContext, log } }), commands);
    } finally {
      await created.deleteAll(context.client);
    }
  }, { numRuns: context.target.propertyRuns * 3 });
}
