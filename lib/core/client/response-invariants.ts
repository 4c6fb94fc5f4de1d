// What every answer must be, whatever was asked and whichever check asked it. The client judges
// each response here as it arrives and marks the exchange, so every check, property and model step
// gets these for free (Schemathesis runs its not-a-server-error and content-type checks after every
// call the same way); register-checks.ts turns a marked exchange into the check's failure.
import { everyReading, type Answer } from '../profile/server-profile.ts';
import { asksToSlowDown } from './retry-after.ts';

/**
 * Why this answer is wrong whatever the request was, or undefined. `method` is the request's; a
 * method the API does not have there may get a 501 (profile: other-methods).
 */
export function responseViolation(answer: Answer, method = 'GET'): string | undefined {
  // No reading of any entry answers with a 5xx: a success is a 2xx (success-status, delete-answer)
  // and a refusal a 4xx (refusal-status, unknown-id-status, auth-refusal-status, ...), but for a
  // 501 to a method the API has on no path (RFC 9110 §15.6.2).
  if (
    everyReading.isServerError(answer.status) &&
    !everyReading.isOtherMethodAnswer(answer.status, method) &&
    // A 503 with a Retry-After is throttling, waited out and sent again (retry-after.ts), as a 429 is.
    !asksToSlowDown(answer.status, answer.headers)
  )
    return `a ${answer.status} answer: no request the suite sends may get a server error (a success is a 2xx, a refusal a 4xx)`;
  if (everyReading.isSuccess(answer.status)) return everyReading.successBodyLabelProblem(answer);
  // A refusal's body is free (error-body), but one that says it is JSON must be JSON.
  if (everyReading.isRefusal(answer.status)) return everyReading.errorBodyProblem(answer);
  return undefined;
}

/** The list filters whose meaning the spec fixes when true (§4.1, §4.2 parameter tables), per field of an item. */
const trueFilters: Readonly<Record<string, { field: string; holds: (value: unknown) => boolean; sentence: string }>> = {
  archived: {
    field: 'archived_at',
    holds: (value) => value !== null,
    sentence: 'When true, only archived … are returned',
  },
  muted: {
    field: 'is_muted',
    holds: (value) => value !== false,
    sentence: 'When true, only muted conversations are returned',
  },
  pinned: {
    field: 'is_pinned',
    holds: (value) => value !== false,
    sentence: 'When true, only pinned conversations are returned',
  },
};

/**
 * Why a list's answer holds an item its query rules out, or undefined: whichever check asked, an
 * item of a page asked with archived, muted or pinned set to true must have that state, and one
 * asked with group_id must be of that group (§4.1, §4.2). A false filter is left alone (its
 * meaning is open: profile entry filter-false), and so is a field missing or of the wrong type,
 * which the schema checks judge. Archived means "archived_at holds a timestamp" (§3): any, 0 too.
 */
export function listFilterViolation(
  query: Readonly<Record<string, unknown>> | undefined,
  body: unknown,
): string | undefined {
  if (query === undefined || body === null || typeof body !== 'object') return undefined;
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) return undefined;
  const isTrue = (value: unknown) => value === true || value === 'true';
  for (const item of data) {
    if (item === null || typeof item !== 'object') continue;
    const fields = item as Record<string, unknown>;
    for (const [parameter, rule] of Object.entries(trueFilters)) {
      if (isTrue(query[parameter]) && rule.field in fields && !rule.holds(fields[rule.field])) {
        return `the page asked with ${parameter}=true holds ${JSON.stringify(fields.id)} with ${rule.field} ${JSON.stringify(fields[rule.field])} (§4: "${rule.sentence}")`;
      }
    }
    const groupId = query.group_id;
    if (typeof groupId === 'string' && 'group_id' in fields && fields.group_id !== groupId) {
      return `the page asked with group_id=${JSON.stringify(groupId)} holds ${JSON.stringify(fields.id)} of group_id ${JSON.stringify(fields.group_id)} (§4.1: "Only conversations of the given group are returned")`;
    }
  }
  return undefined;
}
