// The generated inputs of the property and model-based checks: the schemas' parameters (see
// schema-arbitraries.ts), made recognisably the suite's own and given timestamps in the target's unit.
import fc from 'fast-check';
import type {
  ConversationCreateParams,
  ConversationUpdateParams,
  GroupCreateParams,
  GroupUpdateParams,
} from '../../lib/api/resources.ts';
import type { CheckContext } from '../checks/check-context.ts';
import { validParams } from './schema-arbitraries.ts';
import { timestampPartitions } from '../checks/timestamp-values.ts';

/** A group's create parameters; the name starts with the run's marker (the suite's own). */
export function groupCreateParams(context: CheckContext): fc.Arbitrary<GroupCreateParams> {
  return validParams('group-create.params').map(
    (params) =>
      ({
        ...params,
        name: `${context.names.groupName('pbt')} ${String(params.name)}`,
      }) as GroupCreateParams,
  );
}

/** A conversation's create parameters with a contact of the suite's own (group_id is the model's business). */
export function conversationCreateParams(context: CheckContext): fc.Arbitrary<ConversationCreateParams> {
  return validParams('conversation-create.params').map((params) => ({
    contact_id: `${context.names.contactId('pbt')}-${String(params.contact_id ?? '')}`,
  }));
}

/**
 * Update parameters as the schema describes them; archived_at becomes an offset from the object's
 * created_at when it is applied, so that it is a timestamp in the server's own unit.
 */
export type Updates<T> = Omit<T, 'archived_at'> & {
  archived_at_offset?: number;
  /** Instead of an offset: one of the values a realistic bug changes (0, or timestampPartitions of created_at). */
  archived_at_class?: number;
};

function withOffset<T extends Record<string, unknown>>(params: T): Updates<T> {
  const { archived_at: archivedAt, ...rest } = params;
  return archivedAt === undefined
    ? (rest as Updates<T>)
    : ({ ...rest, archived_at_offset: Number(archivedAt) % 1000 } as Updates<T>);
}

export const conversationUpdates = (): fc.Arbitrary<Updates<ConversationUpdateParams>> =>
  validParams('conversation-update.params').map((params) => withOffset(params) as Updates<ConversationUpdateParams>);

/** Without contacts when the target has not declared what PUT contacts does (§4.2 leaves it open). */
export const groupUpdates = (withContacts: boolean): fc.Arbitrary<Updates<GroupUpdateParams>> =>
  validParams('group-update.params').map((params) => {
    const { contacts, ...rest } = withOffset(params) as Updates<GroupUpdateParams>;
    return (withContacts && contacts !== undefined ? { ...rest, contacts } : rest) as Updates<GroupUpdateParams>;
  });

/** archived_at the way real clients and bugs meet it: 0, then the values of timestampPartitions. */
export const unusualTimestamps = (createdAt: number): number[] => [
  0,
  ...timestampPartitions(createdAt).map((partition) => partition.value),
];

/** archived_at as an update of an object created at createdAt sends it. */
export function applyOffset<T extends { archived_at_offset?: number; archived_at_class?: number }>(
  updates: T,
  createdAt: number,
): Omit<T, 'archived_at_offset' | 'archived_at_class'> & { archived_at?: number } {
  const { archived_at_offset: offset, archived_at_class: unusual, ...rest } = updates;
  if (unusual !== undefined) {
    const values = unusualTimestamps(createdAt);
    return { ...rest, archived_at: values[unusual % values.length]! };
  }
  return offset === undefined ? rest : { ...rest, archived_at: createdAt + offset };
}

/** Now and then, archived_at one of the unusual values instead of an offset. */
export const withUnusualTimestamps = <T extends { archived_at_offset?: number }>(
  updates: fc.Arbitrary<T>,
): fc.Arbitrary<T & { archived_at_class?: number }> =>
  fc.tuple(updates, fc.nat({ max: 7 })).map(([params, draw]) => {
    if (params.archived_at_offset === undefined || draw > 3) return params;
    const { archived_at_offset: _offset, ...rest } = params;
    return { ...rest, archived_at_class: draw } as T & { archived_at_class?: number };
  });
