// What an update may be answered with besides the object it asks for, and what a refusal must
// leave. The spec gives booleans no limits: a PUT of only is_muted and is_pinned is a request every
// server takes (§4.1: "Pins or unpins", "Mutes or unmutes"). A server may refuse a text it finds too
// long or odd (§2.2: "The format, length and character limits ... not shown"; profile: input-rules),
// a timestamp outside what it keeps (§2.2: "the unit of the timestamps: not shown"), a second
// archiving (§3 shows only the transition from active; profile: archive-archived), and fields
// that are no update parameters (profile: refusal-status). A refused PUT changes nothing.
import type { Conversation, Group } from '../../../lib/api/resources.ts';
import type { ApiResponse } from '../../../lib/core/client/api-client.ts';
import type { ServerProfile } from '../../../lib/core/profile/server-profile.ts';
import { comparableConversation, comparableGroup } from '../../checks/comparable.ts';
import { expectBody, expectSuccess, expectThat } from '../../checks/expect.ts';
import { archivedAtLiteral } from '../../checks/timestamp-values.ts';
import { expectAgrees, type Real } from './model.ts';

const textFields = ['pinned_message_id', 'name', 'description', 'avatar_url', 'contacts'];

/**
 * Why a server may refuse this PUT, or undefined when the spec leaves it no reason to: only a PUT
 * of the flags (is_muted, is_pinned) of an active object is one every server takes.
 */
export function refusalAllowedBecause(
  profile: ServerProfile,
  params: Record<string, unknown>,
  current: Conversation | Group,
  unusualTimestamp: boolean,
  extra: readonly string[],
): string | undefined {
  const texts = Object.keys(params).filter((field) => textFields.includes(field));
  if (texts.length > 0)
    return `it gives ${texts.join(', ')}, text whose limits a server sets (§2.2; profile: input-rules)`;
  if (extra.length > 0) return `it carries ${extra.join(', ')}, which is no update parameter (profile: refusal-status)`;
  if (Object.keys(params).length === 0) return 'it gives no parameter at all (§4: all of them optional, none required)';
  // Archiving what is archived already may be refused, unless ARCHIVE_ARCHIVED declares it is not.
  const rearchives = typeof params.archived_at === 'number';
  if (current.archived_at !== null && (!rearchives || profile.allows('archive-archived', 'refused'))) {
    return 'the object is archived, and §3 shows no transition from there ("all other transitions: not shown"; profile: archive-archived)';
  }
  if (params.archived_at !== undefined && unusualTimestamp)
    return `archived_at=${String(params.archived_at)} may lie outside what a server keeps (§2.2: the unit of the timestamps not shown)`;
  // Before created_at, in the future, or of a group's conversation: what a server takes is not shown.
  if (params.archived_at !== undefined)
    return "it archives, and which timestamps a server takes (before created_at, in the future) and whether a group's conversation is archived on its own are not shown (§2.2, §3)";
  return undefined;
}

/**
 * The archived_at a successful PUT must answer: the one sent, or on an object that was archived
 * already, the one it had (§3 shows only the transition from active: a second archiving may be
 * taken as a new timestamp or leave the first; profile: archive-archived, as ARCHIVE_ARCHIVED
 * declares it).
 */
export function archivedAtAfter(
  profile: ServerProfile,
  sent: number | undefined,
  current: Conversation | Group,
  answered: unknown,
): number | null | undefined {
  if (sent === undefined) return undefined;
  if (current.archived_at === null || sent === current.archived_at) return sent;
  return answered === current.archived_at && profile.allows('archive-archived', 'kept') ? current.archived_at : sent;
}

/** A refused PUT: allowed for a reason, and the object as it was (retrieved again). */
export async function expectRefusalChangedNothing(
  { context, log }: Real,
  response: ApiResponse,
  kind: 'conversation' | 'group',
  current: Conversation | Group,
  because: string | undefined,
): Promise<void> {
  expectThat(
    because !== undefined,
    response,
    `a success: the PUT gives only is_muted and is_pinned to an active ${kind}, which the spec lets no server refuse (§4.1: "Pins or unpins", "Mutes or unmutes")`,
    `refused with status ${response.status}`,
  );
  const after = await log.step(`  GET the ${kind} after the refused PUT → ${current.id}`, () =>
    kind === 'group' ? context.client.retrieveGroup(current.id) : context.client.retrieveConversation(current.id),
  );
  expectSuccess(context.profile, after, `GET of the ${kind} after a refused PUT`);
  const [actual, expected] =
    kind === 'group'
      ? [comparableGroup(expectBody(after, 'group')), comparableGroup(current as Group)]
      : [comparableConversation(expectBody(after, 'conversation')), comparableConversation(current as Conversation)];
  expectAgrees(context.profile, after, actual, expected, `the ${kind} unchanged by the refused PUT (${because})`);
}

/** §2: "Timestamps are returned as integers": the archived_at sent, written as that integer (1.7E12 and 1.7e12.0 parse the same, and are not). */
export function expectIntegerArchivedAt(response: ApiResponse, sent: unknown): void {
  if (typeof sent !== 'number') return;
  const literal = archivedAtLiteral(response.text);
  if (literal === undefined) return;
  expectThat(
    literal === String(sent),
    response,
    `archived_at written as the integer ${sent} (§3: "archived_at holds the timestamp" given; §2: "Timestamps are returned as integers")`,
    `archived_at written as ${literal}`,
  );
}
