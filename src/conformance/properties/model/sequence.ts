// The model-based check: fast-check draws sequences of commands over both resources, runs each
// against the target and the model, and shrinks a failing sequence to a short one.
import fc from 'fast-check';
import type { CheckContext } from '../../checks/check-context.ts';
import { CreatedResources } from '../../../core/safety/created-resources.ts';
import { conversationUpdates, groupUpdates } from '../arbitraries.ts';
import { checkProperty } from '../run-property.ts';
import { text, validParams } from '../schema-arbitraries.ts';
import { ListAndWalk } from './list-command.ts';
import { emptyModel } from './model.ts';
import { CreateConversation, CreateGroup, Delete, Retrieve, RetrieveGone, UpdateConversation, UpdateGroup } from './object-commands.ts';

function commandArbitraries(context: CheckContext) {
  // Small indices: steps then meet the same objects again, which is where state goes wrong.
  const index = fc.nat({ max: 3 });
  const kind = fc.constantFrom<'conversation' | 'group'>('conversation', 'group');
  // PUT contacts only where the target declared what it does (§4.2 leaves replace or merge open).
  const withContacts = context.target.groupContacts !== undefined;
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
    index.map((at) => new RetrieveGone(at)),
    fc.tuple(fc.constantFrom('muted', 'pinned', 'archived', 'group_id', 'archived-groups' as const), fc.integer({ min: 1, max: 5 }), index)
      .map(([filter, limit, at]) => new ListAndWalk(filter, limit, at)),
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
