// The model-based check: fast-check draws sequences of commands over both resources, runs each
// against the target and the model, and shrinks a failing sequence to a short one.
import fc from 'fast-check';
import type { Exchange } from '../../../lib/core/client/exchange.ts';
import type { CheckContext } from '../../checks/check-context.ts';
import { CheckSkipped } from '../../checks/check-failure.ts';
import { CreatedResources } from '../../../lib/core/safety/created-resources.ts';
import { conversationUpdates, groupUpdates, withUnusualTimestamps } from '../arbitraries.ts';
import { checkProperty } from '../run-property.ts';
import { invalidParams, text, validParams } from '../schema-arbitraries.ts';
import { ArchiveThenList, DeleteThenUse, FlipAndBack, ReadEverywhere } from './steered-commands.ts';
import { InvalidUpdate, NearGroupIds, OddBodies, OddLimits } from './odd-requests.ts';
import { DeleteGone, RetrieveGone, UpdateGone } from './gone-commands.ts';
import {
  ConcurrentSection,
  sectionFields,
  sending,
  type SectionKind,
  type SectionRequest,
} from './concurrent-section.ts';
import { CreateGroupConversation } from './group-conversation-command.ts';
import { ListAndWalk, listShapes } from './list-command.ts';
import { emptyModel } from './model.ts';
import { Populate, populationSize, thoroughPopulationSize, UpdateMany } from './populate-command.ts';
import {
  CreateLackingRequired,
  OtherRequestOnObject,
  SecondUserLists,
  SecondUserOnObject,
  WithoutCredentials,
  type SecondUserAction,
} from './outside-commands.ts';
import {
  CreateConversation,
  CreateGroup,
  Delete,
  Retrieve,
  UpdateConversation,
  UpdateGroup,
  type ExtraField,
} from './object-commands.ts';

function commandArbitraries(context: CheckContext) {
  // Small indices: steps then meet the same objects again, which is where state goes wrong.
  const index = fc.nat({ max: 3 });
  const kind = fc.constantFrom<'conversation' | 'group'>('conversation', 'group');
  // PUT contacts only where the target declared what it does (§4.2 leaves replace or merge open).
  const withContacts = context.target.groupContacts !== undefined;
  // Small pages where a filter narrows the list; an unfiltered list holds everything the user has,
  // so its pages are larger (10, 25, and the default page size without limit, §8).
  const filteredLimit = fc.constantFrom<number | 'default'>(1, 2, 3, 5, 'default');
  // --depth thorough: each kind is more than 100 objects (Populate), walked at the largest limits too.
  const thorough = context.target.depth === 'thorough';
  const wholeLimit = thorough
    ? fc.constantFrom<number | 'default'>(25, 50, 100, 'default')
    : fc.constantFrom<number | 'default'>(10, 25, 'default');
  const listAndWalk = fc
    .tuple(fc.constantFrom(...listShapes), filteredLimit, wholeLimit, index)
    .map(
      ([shape, filtered, whole, at]) =>
        new ListAndWalk(shape.resource, shape.filters, shape.filters.length === 0 ? whole : filtered, at),
    );
  // The unfiltered lists on their own as well: they hold what Populate made, pages of it.
  const listWhole = fc
    .tuple(fc.constantFrom<'conversations' | 'groups'>('conversations', 'groups'), wholeLimit)
    .map(([resource, limit]) => new ListAndWalk(resource, [], limit, 0));
  // Now and then a field that is no update parameter rides along (object-commands.ts ExtraField).
  const extra = fc.option(fc.constantFrom<ExtraField>('id', 'created_at', 'link'), { freq: 4, nil: undefined });
  const updateConversation = fc
    .tuple(index, withUnusualTimestamps(conversationUpdates()), extra)
    .map(([at, updates, with_]) => new UpdateConversation(at, updates, with_));
  const updateGroup = fc
    .tuple(index, withUnusualTimestamps(groupUpdates(withContacts)), extra)
    .map(([at, updates, with_]) => new UpdateGroup(at, updates, with_));
  // Two PUTs, each changing one to three fields, then up to two more PUTs or GETs: sent at once,
  // writes of different fields and of the same one meet, and every change shows if it is lost.
  const section = (which: SectionKind) => {
    // Mostly one field a PUT: two PUTs then often change different fields, where a lost one shows.
    const fields = [...sectionFields[which]];
    const put: fc.Arbitrary<SectionRequest> = fc
      .oneof(
        { weight: 3, arbitrary: fc.constantFrom(...fields).map((field) => [field]) },
        { weight: 1, arbitrary: fc.subarray(fields, { minLength: 2 }) },
      )
      .map((change) => ({ change }));
    // Always sent at once; shrinking tries the requests one after another (concurrent-section.ts, sending).
    return fc
      .tuple(
        sending(),
        index,
        put,
        put,
        fc.array(fc.oneof(put, fc.constant<SectionRequest>({ get: true })), { maxLength: 2 }),
      )
      .map(([how, at, first, second, rest]) => new ConcurrentSection(which, at, [first, second, ...rest], how));
  };
  return [
    text(12).map((suffix) => new CreateConversation(suffix)),
    validParams('group-create.params').map(
      (params) => new CreateGroup(params as ConstructorParameters<typeof CreateGroup>[0]),
    ),
    fc.tuple(kind, index).map(([which, at]) => new Retrieve(which, at)),
    updateConversation,
    updateGroup,
    // Updates twice as often as the rest: most of the model's state comes from them.
    updateConversation,
    updateGroup,
    fc.tuple(kind, index).map(([which, at]) => new Delete(which, at)),
    // A create with a group's id: answered with its conversation, a new one, or refused (profile: group-conversation-create).
    index.map((at) => new CreateGroupConversation(at)),
    // What was deleted: retrieved, or updated or deleted again (these two share one command's turn).
    index.map((at) => new RetrieveGone(at)),
    fc.oneof(
      index.map((at) => new UpdateGone(at)),
      index.map((at) => new DeleteGone(at)),
    ),
    // Many at once, once a sequence for each kind (three times as likely as the rest early on): lists of several pages.
    kind.map((which) => new Populate(which, thorough ? thoroughPopulationSize : populationSize)),
    kind.map((which) => new Populate(which, thorough ? thoroughPopulationSize : populationSize)),
    kind.map((which) => new Populate(which, thorough ? thoroughPopulationSize : populationSize)),
    fc
      .tuple(fc.integer({ min: 3, max: 8 }), withUnusualTimestamps(conversationUpdates()))
      .map(([count, updates]) => new UpdateMany('conversation', count, updates)),
    fc
      .tuple(fc.integer({ min: 3, max: 8 }), withUnusualTimestamps(groupUpdates(withContacts)))
      .map(([count, updates]) => new UpdateMany('group', count, updates)),
    // Deletes and what follows them twice as often: state that ends is where servers slip.
    fc.tuple(kind, index).map(([which, at]) => new Delete(which, at)),
    fc.oneof(
      index.map((at) => new RetrieveGone(at)),
      index.map((at) => new UpdateGone(at)),
      index.map((at) => new DeleteGone(at)),
    ),
    // Lists twice as often as the rest: thirteen shapes to cover, and a walk is cheap (mostly one page).
    listAndWalk,
    listAndWalk,
    listWhole,
    listWhole,
    fc
      .tuple(fc.boolean(), filteredLimit)
      .map(([archived, limit]) => new ListAndWalk('groups', archived ? ['archived'] : [], limit, 0)),
    // From outside the user's own API calls (outside-commands.ts): nothing of the model may change.
    fc
      .tuple(
        kind,
        fc.constantFrom<SecondUserAction>('retrieve', 'update', 'delete', 'create-with-group-id', 'id-in-body'),
        index,
      )
      .map(([which, action, at]) => new SecondUserOnObject(which, action, at)),
    fc
      .tuple(
        fc.constantFrom<'conversations' | 'groups' | 'group-conversations'>(
          'conversations',
          'groups',
          'group-conversations',
        ),
        index,
      )
      .map(([resource, at]) => new SecondUserLists(resource, at)),
    fc.tuple(kind, index).map(([which, at]) => new WithoutCredentials(which, at)),
    fc.tuple(kind, index).map(([which, at]) => new OtherRequestOnObject(which, at)),
    kind.map((which) => new CreateLackingRequired(which)),
    // Requests of other shapes (odd-requests.ts).
    index.map((at) => new OddBodies(at)),
    fc.oneof(
      fc
        .tuple(index, invalidParams('conversation-update.params', context.target.bodyEncoding))
        .map(([at, invalid]) => new InvalidUpdate('conversation', at, invalid)),
      fc
        .tuple(index, invalidParams('group-update.params', context.target.bodyEncoding))
        .map(([at, invalid]) => new InvalidUpdate('group', at, invalid)),
    ),
    kind.map((which) => new OddLimits(which)),
    index.map((at) => new NearGroupIds(at)),
    // Requests to one object at the same time, judged field by field (concurrent-section.ts).
    // Twice each: concurrency is where servers slip that every sequential check passes.
    section('conversation'),
    section('conversation'),
    section('group'),
    section('group'),
    // Chains random order rarely gets (steered-commands.ts).
    fc.tuple(kind, index).map(([which, at]) => new DeleteThenUse(which, at)),
    index.map((at) => new FlipAndBack(at)),
    fc
      .tuple(fc.constantFrom<'conversations' | 'groups'>('conversations', 'groups'), index)
      .map(([resource, at]) => new ReadEverywhere(resource, at)),
    fc.tuple(kind, index, fc.nat({ max: 3 })).map(([which, at, unusual]) => new ArchiveThenList(which, at, unusual)),
  ];
}

/**
 * Up to thirty strands of sequences at once, seeded SEED to SEED+29, together three times
 * PROPERTY_RUNS sequences: one a strand by default, and fewer strands when fewer sequences are
 * asked for (PROPERTY_RUNS=2 sends six, not thirty). A sequence waits on each answer before its
 * next command, so the longest strand is the run's critical path against a server far away (npm
 * run bench:distance: about 120 answers one after another with one sequence of up to 25 commands
 * a strand, 160 with fifteen strands of two, 230 with six). Each sequence has its own model and
 * objects and judges only those, so strands do not disturb each other's verdicts.
 */
const strandsAtMost = 30;

export async function checkSequencesAgreeWithModel(context: CheckContext): Promise<void> {
  // --replay: the one sequence a failure printed, so one strand, and fast-check told which of its commands ran.
  const replay = context.target.replay;
  const sequenceCount = context.target.propertyRuns * 3;
  const strands = Math.min(strandsAtMost, sequenceCount);
  const strand = async (offset: number): Promise<void> => {
    // One arbitrary per strand: fc.commands records which commands ran as it shrinks (the replay
    // path a failure prints), so strands sharing one would write each other's into it.
    const sequences = fc.commands(commandArbitraries(context), {
      maxCommands: context.target.depth === 'thorough' ? 60 : 25,
      size: 'large',
      ...(replay?.commands === undefined ? {} : { replayPath: replay.commands }),
    });
    // A journal of its own, so that a counterexample's steps show only its strand's requests; the
    // check's journal gets them all afterwards (request counts, response invariants, replay).
    const journal: Exchange[] = [];
    const strandContext: CheckContext = {
      ...context,
      client: context.client.withJournal(journal),
      second: context.second?.withJournal(journal),
      target: { ...context.target, seed: context.target.seed + offset },
    };
    try {
      await checkProperty(
        strandContext,
        sequences,
        async (commands, log) => {
          // Each sequence cleans up after itself, so that the lists of later sequences stay short: only
          // what it recorded, as other strands create at the same time (the check's own cleanup sweeps the rest).
          const created = new CreatedResources(context.ledger, { onlyAdded: true });
          const sequenceContext = { ...strandContext, created };
          try {
            await fc.asyncModelRun(() => ({ model: emptyModel(), real: { context: sequenceContext, log } }), commands);
          } finally {
            await created.deleteAll(strandContext.client);
          }
        },
        { numRuns: Math.ceil(sequenceCount / strands) },
      );
    } finally {
      context.client.journal.push(...journal);
    }
  };
  // Every strand ends (and cleans up) before the verdict: the first strand's failure, else the first skip.
  const started = replay === undefined ? strands : 1;
  const outcomes = await Promise.allSettled(Array.from({ length: started }, (_, offset) => strand(offset)));
  const failures = outcomes
    .filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
    .map((outcome) => outcome.reason as unknown);
  const judged =
    failures.find((reason) => !(reason instanceof CheckSkipped)) ??
    (failures.length === started ? failures[0] : undefined);
  if (judged !== undefined) throw judged;
}
