// The model of the model-based check: what the spec says the server holds of this run's own
// objects. Much simpler than a server: the last object each create or update returned, and what
// was deleted. Foreign objects on the target are outside the model and ignored.
import type { ServerProfile } from '../../../core/profile/server-profile.ts';
import type { Conversation, Group } from '../../../api/resources.ts';
import type { CheckContext } from '../../checks/check-context.ts';
import { expectThat, fieldDifferences } from '../../checks/expect.ts';
import type { ApiResponse } from '../../../core/client/api-client.ts';
import type { StepLog } from '../step-log.ts';

export interface Model {
  conversations: Conversation[];
  groups: Group[];
  /** Deleted objects: retrieving them must keep failing. */
  gone: Array<{ kind: 'conversation' | 'group'; id: string }>;
}

export interface Real {
  context: CheckContext;
  log: StepLog;
}

export const emptyModel = (): Model => ({ conversations: [], groups: [], gone: [] });

export function expectAgrees(profile: ServerProfile, response: ApiResponse, actual: Record<string, unknown>, model: Record<string, unknown>, what: string): void {
  const differences = fieldDifferences(profile, actual, model);
  expectThat(differences.length === 0, response, `${what}, as the model of the spec has it (§2: fields, §3: transitions, §4: endpoints)`, differences.join('; '));
}

/** An index drawn before the model existed, taken modulo what the model holds now. */
export const pick = <T>(items: readonly T[], index: number): T => items[index % items.length]!;
