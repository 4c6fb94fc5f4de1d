// The model of the model-based check: what the spec says the server holds of this run's own
// objects. Much simpler than a server: the last object each create or update returned, and what
// was deleted. Foreign objects on the target are outside the model and ignored.
import type { AsyncCommand } from 'fast-check';
import type { ServerProfile } from '../../../lib/core/profile/server-profile.ts';
import type { Conversation, Group } from '../../../lib/api/resources.ts';
import type { CheckContext } from '../../checks/check-context.ts';
import { expectThat, fieldDifferences } from '../../checks/expect.ts';
import type { ApiResponse } from '../../../lib/core/client/api-client.ts';
import type { StepLog } from '../step-log.ts';

export interface Model {
  conversations: Conversation[];
  groups: Group[];
  /** Deleted objects: retrieving, updating or deleting them must keep failing. */
  gone: Array<{ kind: 'conversation' | 'group'; id: string }>;
  /**
   * Conversations that no longer belong to their group because a create with the group's id made
   * a new one (profile: group-conversation-create, reading new). Whether they still exist is not
   * shown; only that none is listed under its group's id (§1: "Each group has one conversation").
   */
  released: string[];
  /**
   * Conversations a group's delete left in place (profile: group-delete-conversation, reading
   * kept): outside the model from then on, never judged in a list; the check's cleanup deletes them.
   */
  kept: string[];
  /** The kinds a Populate command has filled (once a sequence each). */
  populated: Array<'conversation' | 'group'>;
}

export interface Real {
  context: CheckContext;
  log: StepLog;
}

export const emptyModel = (): Model => ({
  conversations: [],
  groups: [],
  gone: [],
  released: [],
  kept: [],
  populated: [],
});

/** The ids of the deleted objects of one kind. */
export const goneIds = (model: Readonly<Model>, kind: 'conversation' | 'group'): string[] =>
  model.gone.filter((item) => item.kind === kind).map((item) => item.id);

export function expectAgrees(
  profile: ServerProfile,
  response: ApiResponse,
  actual: Record<string, unknown>,
  model: Record<string, unknown>,
  what: string,
): void {
  const differences = fieldDifferences(profile, actual, model);
  expectThat(
    differences.length === 0,
    response,
    `${what}, as the model of the spec has it (§2: fields, §3: transitions, §4: endpoints)`,
    differences.join('; '),
  );
}

/** An index drawn before the model existed, taken modulo what the model holds now. */
export const pick = <T>(items: readonly T[], index: number): T => items[index % items.length]!;

/** One step of a sequence: may it run now, run it against the target and the model, and its script line. */
export type Command = AsyncCommand<Model, Real, false>;

/** A value as a script line shows it, cut short. */
export const short = (value: unknown) => JSON.stringify(value).slice(0, 120);
